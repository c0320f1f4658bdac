/**
 * The shape of one wire's ground-truth reader (anthropic.ts, chat.ts, responses.ts, gemini.ts), as `read.ts` drives
 * it over a recording's frames.
 *
 * Contract: `turn(last, learn)` gives a turn's fresh state (given the last turn's, so what was learned about the
 * stream's shapes carries over, never its calls; with `learn` false no shape is ever built); `inPlace`, when the wire has it, reads frame f in place in its decoded
 * text (no copy, no object) and says whether it did; otherwise `read` reads the frame's fields (`fitted`: `inPlace`
 * was tried and the frame did not fit); `endTurn` closes a turn (Gemini's calls end with the turn). `emptyArgsValid`:
 * an empty argument buffer is a valid call (Anthropic: a tool with no arguments keeps the block's `{}` input).
 */
import type { FrameFields, FrameIndex } from '../../types';
import type { Tracer } from './tracer';

export interface TruthReader<S> {
  turn(last: S | undefined, learn: boolean): S;
  inPlace?(t: Tracer, f: FrameIndex, event: string, state: S, text: string, from: number, to: number, piece: number): boolean;
  read(t: Tracer, frame: FrameFields, state: S, fitted: boolean): void;
  endTurn?(t: Tracer, state: S): void;
  emptyArgsValid?: boolean;
}
