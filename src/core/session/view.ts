/**
 * Per-frame views of an immutable Session.
 *
 * Contract: every accessor is O(log n) in the number of frames / fragments / attempts / calls (binary search over
 * logs sorted by frame), allocates nothing proportional to buffer sizes, and never copies a buffer's text except
 * when a caller asks for the text itself (`bufferTextAt`, `attemptInput`). A buffer at frame f is a prefix of its
 * final text; attempts and calls "so far" at frame f are prefixes of their logs (attempts: the first
 * `attemptCountUpTo(run, f)` rows of the run's table, read one by one with `attemptAt`). `attemptError` is a failed
 * attempt's JSON.parse message: the stored one, or derived from its input (one parse) for an attempt the run
 * rejected without parsing.
 */
import { lastAtOrBefore } from '../sorted';
import { attemptAt, countAtOrBefore } from '../strategies/attempts';
import { bufferRows, bufferText } from '../strategies/buffers';
import { fragmentCount, fragmentEnd, fragmentFrame, fragmentsUpTo } from '../strategies/fragments';
import { parseError } from '../strategies/json';
import type { BufferLog, FrameIndex, ParseAttempt, ReadyCall, StrategyRun } from '../types';

/** What the buffer readers need of a run: its fragment table. */
export type RunFragments = Pick<StrategyRun, 'fragments'>;

/** Number of items whose frame (via `frameOf`) is <= f, for an array sorted by frame. */
export function countUpTo<T>(items: readonly T[], f: number, frameOf: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (frameOf(items[mid] as T) <= f) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the last element with key <= value in a sorted numeric array, or -1 (core/sorted.ts). */
export { lastAtOrBefore };

/** How many fragments of the run's buffer have arrived by frame f. */
export function fragmentsAt(run: RunFragments, buffer: BufferLog, f: FrameIndex): number {
  return fragmentsUpTo(run.fragments, buffer.id, f);
}

/** Length of the run's buffer's text at frame f (a prefix of its final text). */
export function bufferLengthAt(run: RunFragments, buffer: BufferLog, f: FrameIndex): number {
  const n = fragmentsAt(run, buffer, f);
  return n === 0 ? 0 : fragmentEnd(run.fragments, buffer.id, n - 1);
}

export function bufferTextAt(run: RunFragments, buffer: BufferLog, f: FrameIndex): string {
  return buffer.text.slice(0, bufferLengthAt(run, buffer, f));
}

/** Buffers that exist at frame f (opened at or before f, or their first fragment arrived by then). */
export function buffersAt(run: StrategyRun, f: FrameIndex): BufferLog[] {
  const t = run.fragments;
  return bufferRows(run.buffers).filter((b) => (b.openedAt ?? (fragmentCount(t, b.id) > 0 ? fragmentFrame(t, b.id, 0) : Infinity)) <= f);
}

/** How many parse attempts the run made by frame f (rows 0 .. n-1 of its table: `attemptAt`). */
export function attemptCountUpTo(run: StrategyRun, f: FrameIndex): number {
  return countAtOrBefore(run.attempts, f);
}

export { attemptAt };

export function callsUpTo(run: StrategyRun, f: FrameIndex): readonly ReadyCall[] {
  return run.calls.slice(0, countUpTo(run.calls, f, (c) => c.readyFrame));
}

/** The text a parse attempt saw. */
export function attemptInput(run: StrategyRun, attempt: ParseAttempt): string {
  return bufferText(run.buffers, attempt.bufferId).slice(attempt.start, attempt.end);
}

/** JSON.parse's own message for a failed attempt (stored, or derived from its input); undefined for a success. */
export function attemptError(run: StrategyRun, attempt: ParseAttempt): string | undefined {
  if (attempt.ok) return undefined;
  return attempt.error ?? parseError(attemptInput(run, attempt));
}
