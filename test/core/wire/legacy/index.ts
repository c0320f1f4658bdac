// Test-only oracle: `adaptFrames` as it was before the signal table (one `Signal[]` per frame, each adapter's state
// reset at every turn boundary; a step that throws gives one ignored 'invalid-json:<message>').
import { frameFields } from '../../../../src/core/sse/frame-table';
import type { FrameTable, Signal, WireId } from '../../../../src/core/types';
import type { AdaptOptions, WireAdapter } from './adapter';
import { anthropicMessages } from './anthropic-messages';
import { gemini } from './gemini';
import { openaiChat } from './openai-chat';
import { openaiResponses } from './openai-responses';

const ADAPTERS: { readonly [W in WireId]: WireAdapter<unknown> } = {
  'anthropic-messages': anthropicMessages as WireAdapter<unknown>,
  'openai-chat': openaiChat as WireAdapter<unknown>,
  'openai-responses': openaiResponses as WireAdapter<unknown>,
  gemini: gemini as WireAdapter<unknown>,
};

export function legacyAdaptFrames(wire: WireId, frames: FrameTable, options: AdaptOptions = {}): Signal[][] {
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
      out[i] = [{ kind: 'ignored', why: `invalid-json:${e instanceof Error ? e.message : String(e)}` }];
    }
  }
  return out;
}

/** Whether these signals make the frame its wire's terminal event, as the old adapters said. */
export function legacyIsTerminal(wire: WireId, signals: readonly Signal[]): boolean {
  return ADAPTERS[wire].isTerminal(signals);
}
