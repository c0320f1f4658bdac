/**
 * Binary search over sorted numbers, shared by core's lookups (frame ids, chunks, the session's logs).
 *
 * Contract: `lastAtOrBefore(sorted, value)` is the index of the last element <= value in an ascending array, or -1
 * when there is none. O(log n); pure.
 */
export function lastAtOrBefore(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
