/**
 * Wire adapters: frames -> normalized signals (src/core/README.md).
 *
 * Contract: `adaptFrames(wire, frames)` returns one non-empty `Signal[]` per frame (index i <-> frames[i]); each
 * adapter's state resets whenever `frame.turn` changes; each frame's data is `JSON.parse`d once, or, when it repeats
 * the envelope of an earlier frame of the turn, only its changing part is (envelope.ts: the same signals, checked by
 * a property test against `{ envelopes: false }`); nothing
 * throws: data that is not JSON yields ignored 'invalid-json', an unknown event ignored 'unknown-event:<type>', a
 * required field missing or mistyped ignored 'malformed:<where>'. The per-wire rules are in each adapter's file and
 * in README.md beside this file. `isTerminal` / `isTerminalSignals` say whether a frame is its wire's
 * end-of-response event (Anthropic message_stop, Chat [DONE], Responses response.completed / incomplete / failed,
 * Gemini a chunk with finishReason).
 */
import { frameFields } from '../sse/frame-table';
import type { Frame, FrameKind, FrameTable, Signal, WireId } from '../types';
import type { AdaptOptions, WireAdapter } from './adapter';
import { anthropicMessages } from './anthropic-messages';
import { gemini } from './gemini';
import { openaiChat } from './openai-chat';
import { openaiResponses } from './openai-responses';

export type { AdaptOptions } from './adapter';
export { detectWire, frameEvidence } from './detect';
export { encodeTurn, encodeTurnEvents, type TurnSpec, type CallSpec, type EncodedEvent } from './encode';
export { INVALID_JSON, MALFORMED, UNKNOWN_EVENT } from './read';

const ADAPTERS: { readonly [W in WireId]: WireAdapter<unknown> } = {
  'anthropic-messages': anthropicMessages as WireAdapter<unknown>,
  'openai-chat': openaiChat as WireAdapter<unknown>,
  'openai-responses': openaiResponses as WireAdapter<unknown>,
  gemini: gemini as WireAdapter<unknown>,
};

export function adaptFrames(wire: WireId, frames: FrameTable, options: AdaptOptions = {}): Signal[][] {
  const adapter = ADAPTERS[wire];
  const out: Signal[][] = new Array<Signal[]>(frames.count);
  let turn = Number.NaN;
  let state: unknown = null;
  for (let i = 0; i < frames.count; i++) {
    const frame = frameFields(frames, i);
    if (frame.turn !== turn) {
      turn = frame.turn;
      state = adapter.init(options);
    }
    try {
      out[i] = adapter.step(state, frame);
    } catch (e) {
      // e.g. data nested so deep that re-serializing it overflows the stack: this frame is reported, the rest is read
      out[i] = [{ kind: 'ignored', why: `invalid-json:${e instanceof Error ? e.message : String(e)}` }];
    }
  }
  return out;
}

/** Whether these signals (one frame's, from `adaptFrames`) make the frame its wire's terminal event. */
export function isTerminalSignals(wire: WireId, signals: readonly Signal[]): boolean {
  return ADAPTERS[wire].isTerminal(signals);
}

/** Whether a frame is its wire's end-of-response event. Parses the frame; prefer `isTerminalSignals` in bulk. */
export function isTerminal(wire: WireId, frame: Frame): boolean {
  const adapter = ADAPTERS[wire];
  return adapter.isTerminal(adapter.step(adapter.init(), frame));
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

/** Frame kinds for a whole recording's signals. */
export function frameKinds(signals: readonly (readonly Signal[])[]): FrameKind[] {
  const out = new Array<FrameKind>(signals.length);
  for (let i = 0; i < signals.length; i++) out[i] = frameKind(signals[i] as readonly Signal[]);
  return out;
}
