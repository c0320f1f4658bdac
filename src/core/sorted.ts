/**
 * Binary search over sorted numbers, shared by core's lookups (frame ids, chunks, the session's logs).
 *
 * Contract: `lastAtOrBefore(sorted, value, from?, to?)` is the index of the last element <= value in an ascending
 * array (or in its ascending rows from .. to - 1: a run's rows of one buffer), or from - 1 when there is none.
 * O(log n); pure.
 */
export function lastAtOrBefore(sorted: ArrayLike<number>, value: number, from = 0, to = sorted.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
