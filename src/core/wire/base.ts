/**
 * Wire adapters: frames -> normalized signals (src/core/README.md).
 *
 * Contract: `adaptFrames(wire, frames)` returns a `SignalTable` (signal-table.ts) with a non-empty list of signals
 * per frame (frame i <-> frames[i]; `signalsAt(table, i)` builds them as objects), written by the adapters into a
 * `SignalBuilder` (no list or object per frame on the hot paths); each adapter's state resets whenever `frame.turn`
 * changes; each frame's data is `JSON.parse`d once, or, when it repeats the envelope of an earlier frame of the
 * turn, only its changing part is (envelope.ts: the same signals, checked by a property test against
 * `{ envelopes: false }`; the last run's templates are kept per wire for V8's sake only, see `kept`, never read);
 * nothing throws: data that is not JSON yields ignored 'invalid-json', an unknown event ignored
 * 'unknown-event:<type>', a required field missing or mistyped ignored 'malformed:<where>'. The per-wire rules are in each adapter's file and
 * in README.md beside this file. `isTerminal` / `isTerminalAt` / `isTerminalSignals` say whether a frame is its wire's
 * end-of-response event (Anthropic message_stop, Chat [DONE], Responses response.completed / incomplete / failed,
 * Gemini a chunk with finishReason).
 * A wire's adapter must be installed first (`installAdapter`): ./index.ts installs all four, a page installs the one
 * it needs when it needs it (core/wires); using a wire with none throws, naming the wire.
 */
import { frameData, frameEvent, frameTurn } from '../sse/frame-table';
import { frameIndex, turnIndex, type Frame, type FrameFields, type FrameKind, type FrameTable, type Mutable, type Signal, type WireId } from '../types';
import { SignalBuilder, signalTableOf } from './signal-builder';
import { frameKindCodes, type SignalTable } from './signal-table';
import type { AdaptOptions, WireAdapter } from './adapter';

export type { AdaptOptions } from './adapter';
export { detectWire, frameEvidence } from './detect';
export { INVALID_JSON, MALFORMED, UNKNOWN_EVENT } from './read';
export { SignalBuilder, signalTableOf, type SignalOut } from './signal-builder';
export * from './signal-table';

const ADAPTERS: { [W in WireId]?: WireAdapter<unknown> } = {};

/** Makes `adapter` the reader of `wire`'s frames. */
export function installAdapter<S>(wire: WireId, adapter: WireAdapter<S>): void {
  ADAPTERS[wire] = adapter as WireAdapter<unknown>;
}

export function hasAdapter(wire: WireId): boolean {
  return ADAPTERS[wire] !== undefined;
}

function adapterOf(wire: WireId): WireAdapter<unknown> {
  const adapter = ADAPTERS[wire];
  if (adapter === undefined) throw new Error(`the ${wire} wire adapter is not loaded`);
  return adapter;
}

/**
 * Per wire, objects of the shapes a run makes, kept until that wire's next run: V8 holds the shape (map) of an
 * object that grew members after it was made (the builder, templates, blocks...) only while such an object lives,
 * and when a full GC finds none it drops the map and the optimized code that saw it, so the next run would start
 * in the interpreter again (src/core/strategies/ground-truth/keep.ts). A fresh builder, and a fresh state holding
 * the run's templates (a few short slices of its text), nothing else of the recording.
 */
const kept: { [W in WireId]?: unknown } = {};

export function adaptFrames(wire: WireId, frames: FrameTable, options: AdaptOptions = {}): SignalTable {
  const adapter = adapterOf(wire);
  const out = new SignalBuilder(frames.count);
  let turn = Number.NaN;
  let state: unknown = null;
  // One object for every frame: adapters read a frame during its step only (adapter.ts), so none is made per frame.
  const frame: Mutable<FrameFields> = { index: frameIndex(0), turn: turnIndex(0), event: '', data: '' };
  for (let i = 0; i < frames.count; i++) {
    frame.turn = frameTurn(frames, i);
    if (frame.turn !== turn) {
      turn = frame.turn;
      state = adapter.init(options, state ?? undefined);
    }
    const mark = out.count;
    try {
      if (!adapter.stepIn?.(state, frames, i, out)) {
        frame.index = frameIndex(i);
        frame.event = frameEvent(frames, i);
        frame.data = frameData(frames, i);
        adapter.step(state, frame, out);
      }
    } catch (e) {
      // e.g. data nested so deep that re-serializing it overflows the stack: this frame is reported, the rest is read
      out.rollback(mark);
      out.push({ kind: 'ignored', why: `invalid-json:${e instanceof Error ? e.message : String(e)}` });
    }
    out.endFrame();
  }
  kept[wire] = [new SignalBuilder(0), adapter.init(options, state ?? undefined)];
  return out.finish();
}

/** Whether frame f of a table (from `adaptFrames`) is its wire's terminal event, read from its signals in place. */
export function isTerminalAt(wire: WireId, table: SignalTable, f: number): boolean {
  return adapterOf(wire).isTerminal(table, f);
}

/** Whether these signals (one frame's) make the frame its wire's terminal event. Builds a table: prefer `isTerminalAt` in bulk. */
export function isTerminalSignals(wire: WireId, signals: readonly Signal[]): boolean {
  return adapterOf(wire).isTerminal(signalTableOf([signals]), 0);
}

/** Whether a frame is its wire's end-of-response event. Parses the frame; prefer `isTerminalAt` in bulk. */
export function isTerminal(wire: WireId, frame: Frame): boolean {
  const adapter = adapterOf(wire);
  const out = new SignalBuilder(1);
  adapter.step(adapter.init(), frame, out);
  out.endFrame();
  return adapter.isTerminal(out.finish(), 0);
}

/** A frame's class on the timeline: tool-call signals win over text, text over reasoning. */
export function frameKind(signals: readonly Signal[]): FrameKind {
  let text = false;
  let reasoning = false;
  for (let i = 0; i < signals.length; i++) {
    const kind = (signals[i] as Signal).kind;
    if (kind === 'args' || kind === 'call-start' || kind === 'call-complete') return 'args';
    if (kind === 'text') text = true;
    else if (kind === 'reasoning') reasoning = true;
  }
  return text ? 'text' : reasoning ? 'reasoning' : 'other';
}

/** Frame kind codes (signal-table.ts FRAME_KINDS) for a whole recording's signals: the Session's `kinds`. */
export function frameKinds(signals: SignalTable): Uint8Array {
  return frameKindCodes(signals);
}
