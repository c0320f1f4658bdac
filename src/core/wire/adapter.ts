/**
 * The shape every wire adapter has.
 *
 * Contract: an adapter is a fold over one turn's frames. `init(options, previous)` makes a fresh state at each turn
 * boundary; from the previous turn's state it may carry only caches that never change a result (the envelope
 * templates: any template that fits gives what a whole parse gives), so a recording of many short turns does not
 * learn its envelopes again in every turn;
 * `step` writes one frame's signals to `out` (signal-builder.ts; at least one: a frame that carries nothing useful
 * yields an `ignored` signal saying why), parses the frame's data at most once, and never throws; it reads `frame` during
 * the call only (adaptFrames passes one object for every frame, its fields replaced). `isTerminal`
 * tells, from frame f's signals in a table alone, whether that frame is the wire's end-of-response event.
 */
import type { FrameFields, FrameTable, WireId } from '../types';
import type { SignalOut } from './signal-builder';
import type { SignalTable } from './signal-table';

export interface AdaptOptions {
  /** Parse only the changing part of frames that share an envelope (envelope.ts). Default true. */
  envelopes?: boolean;
}

export interface WireAdapter<S> {
  wire: WireId;
  init(options?: AdaptOptions, previous?: S): S;
  step(state: S, frame: FrameFields, out: SignalOut): void;
  /**
   * Optional, installed by a large-input path (template-match.ts): frame i of `frames` read in place in the decoded
   * text, without its data being sliced out; true when it wrote the signals `step` would write for it, false (nothing
   * written) to have `step` read it.
   */
  stepIn?(state: S, frames: FrameTable, i: number, out: SignalOut): boolean;
  isTerminal(table: SignalTable, f: number): boolean;
}
