/**
 * Ground truth: the tool calls a stream carried, read from every event's own fields, per wire.
 *
 * Contract: `readCarried(wire, frames)` never throws and returns the calls in the order they started, with the
 * reused keys and the argument pieces per call (tracer.ts). It shares no code path with the wire adapters or the
 * strategies it is used to judge: each wire has its own plain reader here (anthropic.ts, chat.ts, responses.ts,
 * gemini.ts) that parses a frame's data itself. valid = the args parse as JSON (JSON.parse; on Anthropic an empty
 * buffer is a tool with no arguments, as the SDK keeps the block's `{}` input). The official SDKs are the reference
 * in test/core/oracle: on valid streams they produce these calls.
 */
import { frameFields, SIDE } from '../../sse/frame-table';
import { frameIndex, type FrameTable, type TurnIndex, type WireId } from '../../types';
import { anthropicTurn, readAnthropic, readAnthropicFitted, type AnthropicTurn } from './anthropic';
import { chatTurn, readChat, readChatFitted, skippableIn, type ChatTurn } from './chat';
import { endGeminiTurn, geminiTurn, readGemini, type GeminiTurn } from './gemini';
import { readResponses, responsesTurn, type ResponsesTurn } from './responses';
import { Tracer, type CallTrace } from './tracer';

export type { CallTrace, ReusedKey } from './tracer';

function validArgs(wire: WireId): (args: string) => boolean {
  return (args) => {
    if (wire === 'anthropic-messages' && args === '') return true;
    try {
      JSON.parse(args);
      return true;
    } catch {
      return false;
    }
  };
}

export function readCarried(wire: WireId, frames: FrameTable): CallTrace {
  const t = new Tracer(frames.count);
  let turn = Number.NaN as TurnIndex;
  let anthropic: AnthropicTurn = anthropicTurn();
  let responses: ResponsesTurn = responsesTurn();
  let gemini: GeminiTurn = geminiTurn();
  let chat: ChatTurn = chatTurn();
  const kind = wire === 'anthropic-messages' ? 0 : wire === 'openai-chat' ? 1 : wire === 'openai-responses' ? 2 : 3;
  const { pieces, side, piece, dataStart, dataEnd, events, event } = frames;
  for (let i = 0; i < frames.count; i++) {
    const frameTurn = frames.turn[i] as TurnIndex;
    if (frameTurn !== turn) {
      endGeminiTurn(t, gemini);
      turn = frameTurn;
      t.at(turn);
      // a turn starts with none of the last one's calls, blocks or sinks, but with the shapes it learned: a shape
      // reads what a whole parse reads, so only the cost changes (a recording of many short turns would otherwise
      // learn its shapes again in every turn)
      anthropic = anthropicTurn(anthropic);
      responses = responsesTurn();
      gemini = geminiTurn();
      chat = chatTurn(chat);
    }
    try {
      // Chat and Anthropic: an event that fits a shape is read in place in the decoded text (no copy, no object)
      let fitted = false;
      if (kind <= 1) {
        const p = piece[i] as number;
        const text = p >= SIDE ? side : (pieces[p] as string);
        const from = dataStart[i] as number;
        const to = dataEnd[i] as number;
        const f = frameIndex(i);
        const name = events[event[i] as number] as string;
        if (kind === 0 ? readAnthropicFitted(t, f, name, anthropic, text, from, to) : readChatFitted(t, f, name, chat, text, from, to)) continue;
        // a Chat chunk (not [DONE]: it starts with '{') that holds nothing for calls, found in place (as readChat would)
        if (kind === 1 && text.charCodeAt(from) === 123 && skippableIn(chat, p, text, from, to)) continue;
        fitted = true;
      }
      const frame = frameFields(frames, i);
      if (kind === 0) readAnthropic(t, frame, anthropic, fitted);
      else if (kind === 1) readChat(t, frame, chat, fitted);
      else if (kind === 2) readResponses(t, frame, responses);
      else readGemini(t, frame, gemini);
    } catch {
      // a value too deep to write back as JSON: this frame adds nothing, the rest is read
    }
  }
  endGeminiTurn(t, gemini);
  return t.finish(validArgs(wire));
}
