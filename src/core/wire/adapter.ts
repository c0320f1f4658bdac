/**
 * The shape every wire adapter has.
 *
 * Contract: an adapter is a fold over one turn's frames. `init()` makes a fresh state at each turn boundary;
 * `step` turns one frame into its signals (at least one; a frame that carries nothing useful yields an `ignored`
 * signal saying why), parses the frame's data at most once, and never throws. `isTerminal` tells, from a frame's
 * signals alone, whether that frame is the wire's end-of-response event.
 */
import type { FrameFields, Signal, WireId } from '../types';

export interface AdaptOptions {
  /** Parse only the changing part of frames that share an envelope (envelope.ts). Default true. */
  envelopes?: boolean;
}

export interface WireAdapter<S> {
  wire: WireId;
  init(options?: AdaptOptions): S;
  step(state: S, frame: FrameFields): Signal[];
  isTerminal(signals: readonly Signal[]): boolean;
}
