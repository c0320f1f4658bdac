// The SDK oracles, shared by the oracle tests: each SDK fed the same bytes through a custom fetch, and the calls
// it assembles; our per-call-buffer calls and ground-truth calls in the same shape.
import Anthropic from '@anthropic-ai/sdk';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import OpenAI from 'openai';
import type { Session, WireId } from '../../../src/core/types';
import { inWireOrder } from '../../../src/core/strategies/call-order';

export interface Call {
  id: string;
  name: string;
  args: unknown;
}

export const sseFetch = (body: Uint8Array | string) => async () =>
  new Response(typeof body === 'string' ? body : new Uint8Array(body), { status: 200, headers: { 'content-type': 'text/event-stream' } });

/** Gemini through the AI SDK's google provider: its tool-call events (it makes up ids when the stream has none). */
export async function geminiCalls(body: Uint8Array | string): Promise<Call[]> {
  const google = createGoogleGenerativeAI({ apiKey: 'test', fetch: sseFetch(body) });
  const result = await google('gemini-3-flash-preview').doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] });
  const out: Call[] = [];
  const reader = result.stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.type === 'tool-call') out.push({ id: '', name: value.toolName, args: JSON.parse(value.input) as unknown });
  }
  return out;
}

export async function sdkCalls(wire: WireId, body: Uint8Array | string): Promise<Call[]> {
  if (wire === 'gemini') return geminiCalls(body);
  if (wire === 'anthropic-messages') {
    const client = new Anthropic({ apiKey: 'test', maxRetries: 0, fetch: sseFetch(body) });
    const msg = await client.messages.stream({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }).finalMessage();
    return msg.content.flatMap((b) => (b.type === 'tool_use' ? [{ id: b.id, name: b.name, args: b.input }] : []));
  }
  const client = new OpenAI({ apiKey: 'test', maxRetries: 0, fetch: sseFetch(body) });
  if (wire === 'openai-chat') {
    const done = await client.chat.completions.stream({ model: 'm', messages: [{ role: 'user', content: 'x' }] }).finalChatCompletion();
    return (done.choices[0]?.message.tool_calls ?? []).flatMap((c) =>
      c.type === 'function' ? [{ id: c.id, name: c.function.name, args: JSON.parse(c.function.arguments) as unknown }] : [],
    );
  }
  const res = await client.responses.stream({ model: 'm', input: 'x' }).finalResponse();
  return res.output.flatMap((o) => (o.type === 'function_call' ? [{ id: o.call_id, name: o.name, args: JSON.parse(o.arguments) as unknown }] : []));
}

/** per-call-buffer's calls of a turn, in the order they began on the wire (as the SDKs list them). */
export const ours = (s: Session, turn: number): Call[] =>
  inWireOrder(s.strategies['per-call-buffer'].calls.filter((c) => c.turn === turn), s.carried).map((c) => ({ id: c.id, name: c.name, args: c.args }));

/** The ground truth's calls of a turn (argsText parsed; '' is {} on Anthropic, as the SDK keeps the `{}` input). */
export const truth = (s: Session, turn: number): Call[] =>
  s.carried.filter((c) => c.turn === turn).map((c) => ({ id: c.id, name: c.name, args: c.argsText === '' ? {} : (JSON.parse(c.argsText) as unknown) }));

/** Gemini ids: the AI SDK makes up its own when the stream has none, so only names and arguments compare. */
export const noIds = (calls: Call[]): Call[] => calls.map((c) => ({ ...c, id: '' }));
