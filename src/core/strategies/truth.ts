/**
 * Ground truth: the tool calls a stream carried, per turn, independent of any assembly strategy.
 *
 * Contract: `traceCalls(wire, frames)` / `carriedCalls(wire, frames)` never throw and return calls sorted by
 * (turn, startFrame). They read every frame's own fields with the plain per-wire readers of `ground-truth/`,
 * never the wire adapters' signals the strategies fold over, so a strategy and its judge cannot share a blind
 * spot. The rules (ground-truth/tracer.ts and each reader): a reused index (another non-empty id on an open key)
 * is two calls, reported in `reused`; args = the joined fragments, or the whole args of an end / item event when
 * no fragment came; endFrame = the call's end event, or on Chat and Gemini the finish (Chat [DONE] too) for calls
 * that have none; undefined when the stream was cut first; valid = the args parse as JSON.
 */
import type { CarriedCall, FrameTable, WireId } from '../types';
import { readCarried, type CallTrace, type ReadOptions } from './ground-truth/read';

export type { CallTrace, ReusedKey } from './ground-truth/read';

/**
 * A recording of fewer than PLAIN_READ_FRAMES frames is read plainly (`readsPlainly`): no ground-truth shapes
 * (ground-truth/read.ts) and no envelope templates in the adapters (wire/envelope.ts). Both pay for themselves over
 * thousands of similar events; on a lesson's few dozen they are mostly the cost of learning them (on a phone, 4x
 * slower, about half the analysis of a six-frame recording). Either way the results are the same. A few frames of
 * many megabytes cost the same read either way (one 50 MB event: 205 MB of peak RSS in `inspect --json` both ways,
 * /usr/bin/time, two runs each).
 */
export const PLAIN_READ_FRAMES = 256;

export const readsPlainly = (frames: FrameTable): boolean => frames.count < PLAIN_READ_FRAMES;

/** The ground truth's options for a recording of these frames. */
export const traceOptions = (frames: FrameTable): ReadOptions => ({ shapes: !readsPlainly(frames) });

/** `opts.shapes` false: every event read whole (ground-truth/read.ts), for a small recording. */
export function traceCalls(wire: WireId, frames: FrameTable, opts?: ReadOptions): CallTrace {
  return readCarried(wire, frames, opts);
}

export function carriedCalls(wire: WireId, frames: FrameTable): CarriedCall[] {
  return readCarried(wire, frames).carried;
}
