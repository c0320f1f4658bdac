/**
 * Ground truth: the tool calls a stream carried, read from every event's own fields, per wire.
 *
 * Contract: `readCarried(wire, frames)` never throws and returns the calls in the order they started, with the
 * reused keys and the argument pieces per call (tracer.ts). It shares no code path with the wire adapters or the
 * strategies it is used to judge: each wire has its own plain reader (anthropic.ts, chat.ts, responses.ts,
 * gemini.ts, each a `TruthReader`: reader.ts) that parses a frame's data itself. valid = the args parse as JSON
 * (JSON.parse; on Anthropic an empty buffer is a tool with no arguments, as the SDK keeps the block's `{}` input).
 * The official SDKs are the reference in test/core/oracle: on valid streams they produce these calls.
 * `opts.shapes` false: no shape is built or tried, every event is read whole (the same calls; for a small
 * recording, where proving shapes costs more than they save). A wire's reader must be installed first (`installTruth`): ./index.ts installs all four, a page installs the one it
 * needs when it needs it (core/wires); `readCarried` for a wire with none throws, naming the wire.
 */
import { frameFields, SIDE } from '../../sse/frame-table';
import { frameIndex, type FrameTable, type TurnIndex, type WireId } from '../../types';
import type { TruthReader } from './reader';
import { Tracer, type CallTrace } from './tracer';

export type { CallTrace, ReusedKey } from './tracer';
export type { TruthReader } from './reader';

const READERS: { [W in WireId]?: TruthReader<unknown> } = {};

/** Makes `reader` the ground truth of `wire`. */
export function installTruth<S>(wire: WireId, reader: TruthReader<S>): void {
  READERS[wire] = reader as TruthReader<unknown>;
}

export function hasTruth(wire: WireId): boolean {
  return READERS[wire] !== undefined;
}

function validArgs(emptyValid: boolean): (args: string) => boolean {
  return (args) => {
    if (emptyValid && args === '') return true;
    try {
      JSON.parse(args);
      return true;
    } catch {
      return false;
    }
  };
}

export interface ReadOptions {
  /** Build and try shapes (default true). */
  shapes?: boolean;
}

export function readCarried(wire: WireId, frames: FrameTable, opts: ReadOptions = {}): CallTrace {
  const reader = READERS[wire];
  if (reader === undefined) throw new Error(`the ${wire} ground truth is not loaded`);
  const learn = opts.shapes !== false;
  const inPlace = learn ? reader.inPlace : undefined;
  const t = new Tracer(frames.count);
  let turn = Number.NaN as TurnIndex;
  let state: unknown = undefined;
  let started = false;
  const { pieces, side, piece, dataStart, dataEnd, events, event } = frames;
  for (let i = 0; i < frames.count; i++) {
    const frameTurn = frames.turn[i] as TurnIndex;
    if (frameTurn !== turn) {
      if (started) reader.endTurn?.(t, state);
      turn = frameTurn;
      t.at(turn);
      // a turn starts with none of the last one's calls, blocks or sinks, but with the shapes it learned: a shape
      // reads what a whole parse reads, so only the cost changes (a recording of many short turns would otherwise
      // learn its shapes again in every turn)
      state = reader.turn(started ? state : undefined, learn);
      started = true;
    }
    try {
      // Chat and Anthropic: an event that fits a shape is read in place in the decoded text (no copy, no object)
      let fitted = false;
      if (inPlace !== undefined) {
        const p = piece[i] as number;
        const text = p >= SIDE ? side : (pieces[p] as string);
        const name = events[event[i] as number] as string;
        if (inPlace(t, frameIndex(i), name, state, text, dataStart[i] as number, dataEnd[i] as number, p)) continue;
        fitted = true;
      }
      reader.read(t, frameFields(frames, i), state, fitted);
    } catch {
      // a value too deep to write back as JSON: this frame adds nothing, the rest is read
    }
  }
  if (started) reader.endTurn?.(t, state);
  return t.finish(validArgs(reader.emptyArgsValid === true));
}
