/**
 * Encoder: a turn described as data -> the SSE body that wire's server would send, for property tests, benchmarks
 * and generated recordings.
 *
 * Contract: pure and total. `encodeTurnEvents` returns the events in order; `encodeTurn` frames them as SSE text
 * (LF line ends, one `data:` line per event since JSON.stringify never emits a raw newline, a blank line after
 * each). Anthropic and Responses events carry `event:` lines; Responses data carry an increasing `sequence_number`
 * from 0; Chat ends with `data: [DONE]`; Gemini has neither event names nor an end marker.
 * Blocks / items come in the order reasoning, text, calls. Round-tripping through `adaptFrames` gives back, per
 * call, its id, name and the concatenation of its fragments — except on Gemini, whose calls arrive whole as JSON
 * objects: there the arguments are `JSON.stringify(JSON.parse(fragments.join('')))`, and joined fragments that are
 * not a JSON object are sent wrapped as `{"INVALID_JSON": "<text>"}` (the wrapping Anthropic's docs suggest).
 * `interleave` (Chat only) round-robins the calls' chunks (each call's first chunk, with its id and name, opens it).
 * Default finish reasons: Anthropic 'tool_use' / 'end_turn', Chat 'tool_calls' / 'stop', Gemini 'STOP',
 * Responses 'completed'; a Responses finish 'incomplete:<reason>' or 'failed' ends with that event instead.
 */
import type { WireId } from '../types';
import { encodeAnthropic, encodeResponses } from './encode-evented';

export interface CallSpec {
  id: string;
  name: string;
  /** The arguments' text, in the pieces the server sends. */
  fragments: string[];
}

export interface TurnSpec {
  text?: string[];
  reasoning?: string[];
  calls: CallSpec[];
  /** Chat only: round-robin the calls' fragments. */
  interleave?: boolean;
  finish?: string;
  usage?: { inputTokens: number; outputTokens: number };
}

/** One SSE event: its `event:` name (none for Chat and Gemini) and its data. */
export interface EncodedEvent {
  event?: string;
  data: string;
}

const j = (v: unknown): string => JSON.stringify(v);

function encodeChat(spec: TurnSpec): EncodedEvent[] {
  const chunk = (delta: object, finish: string | null = null): EncodedEvent => ({
    data: j({
      id: 'chatcmpl-streamscope',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'synthetic',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    }),
  });
  const out: EncodedEvent[] = [chunk({ role: 'assistant', content: null })];
  for (const r of spec.reasoning ?? []) out.push(chunk({ reasoning_content: r }));
  for (const t of spec.text ?? []) out.push(chunk({ content: t }));
  const queues = spec.calls.map((c, index) => [
    chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] }),
    ...c.fragments.map((f) => chunk({ tool_calls: [{ index, function: { arguments: f } }] })),
  ]);
  if (spec.interleave === true) {
    const longest = queues.reduce((m, q) => Math.max(m, q.length), 0);
    for (let r = 0; r < longest; r++) for (const q of queues) if (r < q.length) out.push(q[r] as EncodedEvent);
  } else {
    for (const q of queues) out.push(...q);
  }
  out.push(chunk({}, spec.finish ?? (spec.calls.length > 0 ? 'tool_calls' : 'stop')));
  if (spec.usage !== undefined) {
    const { inputTokens, outputTokens } = spec.usage;
    out.push({
      data: j({
        id: 'chatcmpl-streamscope',
        object: 'chat.completion.chunk',
        created: 0,
        model: 'synthetic',
        choices: [],
        usage: { prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens },
      }),
    });
  }
  out.push({ data: '[DONE]' });
  return out;
}

/** Gemini sends a call's arguments as an object: parse the joined fragments, or wrap them when they are not one. */
export function geminiArgs(fragments: readonly string[]): Record<string, unknown> {
  const text = fragments.join('');
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // not JSON: wrapped below
  }
  return { INVALID_JSON: text };
}

function encodeGemini(spec: TurnSpec): EncodedEvent[] {
  const parts: object[][] = [];
  for (const r of spec.reasoning ?? []) parts.push([{ text: r, thought: true }]);
  for (const t of spec.text ?? []) parts.push([{ text: t }]);
  for (const c of spec.calls) {
    const functionCall = c.id === '' ? { name: c.name, args: geminiArgs(c.fragments) } : { id: c.id, name: c.name, args: geminiArgs(c.fragments) };
    parts.push([{ functionCall }]);
  }
  if (parts.length === 0) parts.push([]);
  return parts.map((p, i) => {
    const last = i === parts.length - 1;
    const candidate: Record<string, unknown> = { content: { role: 'model', parts: p }, index: 0 };
    const body: Record<string, unknown> = { candidates: [candidate], modelVersion: 'synthetic' };
    if (last) {
      candidate.finishReason = spec.finish ?? 'STOP';
      if (spec.usage !== undefined) {
        const { inputTokens, outputTokens } = spec.usage;
        body.usageMetadata = {
          promptTokenCount: inputTokens,
          candidatesTokenCount: outputTokens,
          totalTokenCount: inputTokens + outputTokens,
        };
      }
    }
    return { data: j(body) };
  });
}

export function encodeTurnEvents(wire: WireId, spec: TurnSpec): EncodedEvent[] {
  switch (wire) {
    case 'anthropic-messages':
      return encodeAnthropic(spec);
    case 'openai-chat':
      return encodeChat(spec);
    case 'openai-responses':
      return encodeResponses(spec);
    case 'gemini':
      return encodeGemini(spec);
  }
}

/** The events as SSE text. */
export function frameSse(events: readonly EncodedEvent[]): string {
  let s = '';
  for (const e of events) s += (e.event === undefined ? '' : `event: ${e.event}\n`) + `data: ${e.data}\n\n`;
  return s;
}

export function encodeTurn(wire: WireId, spec: TurnSpec): string {
  return frameSse(encodeTurnEvents(wire, spec));
}
