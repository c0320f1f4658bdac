/**
 * Encoders for the two wires whose events are named (Anthropic Messages, OpenAI Responses); see encode.ts for the
 * contract they share.
 */
import type { EncodedEvent, TurnSpec } from './encode';

const j = (v: unknown): string => JSON.stringify(v);

export function encodeAnthropic(spec: TurnSpec): EncodedEvent[] {
  const out: EncodedEvent[] = [];
  const ev = (type: string, body: object): void => {
    out.push({ event: type, data: j({ type, ...body }) });
  };
  const message: Record<string, unknown> = {
    id: 'msg_streamscope',
    type: 'message',
    role: 'assistant',
    model: 'synthetic',
    content: [],
    stop_reason: null,
    stop_sequence: null,
  };
  if (spec.usage !== undefined) message.usage = { input_tokens: spec.usage.inputTokens, output_tokens: 1 };
  ev('message_start', { message });
  ev('ping', {});
  let index = 0;
  if (spec.reasoning !== undefined && spec.reasoning.length > 0) {
    ev('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } });
    for (const r of spec.reasoning) ev('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: r } });
    ev('content_block_delta', { index, delta: { type: 'signature_delta', signature: 'c3ludGhldGlj' } });
    ev('content_block_stop', { index });
    index++;
  }
  if (spec.text !== undefined && spec.text.length > 0) {
    ev('content_block_start', { index, content_block: { type: 'text', text: '' } });
    for (const t of spec.text) ev('content_block_delta', { index, delta: { type: 'text_delta', text: t } });
    ev('content_block_stop', { index });
    index++;
  }
  for (const c of spec.calls) {
    ev('content_block_start', { index, content_block: { type: 'tool_use', id: c.id, name: c.name, input: {} } });
    for (const f of c.fragments) ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: f } });
    ev('content_block_stop', { index });
    index++;
  }
  const delta = { stop_reason: spec.finish ?? (spec.calls.length > 0 ? 'tool_use' : 'end_turn'), stop_sequence: null };
  ev('message_delta', spec.usage === undefined ? { delta } : { delta, usage: { output_tokens: spec.usage.outputTokens } });
  ev('message_stop', {});
  return out;
}

export function encodeResponses(spec: TurnSpec): EncodedEvent[] {
  const out: EncodedEvent[] = [];
  let seq = 0;
  const ev = (type: string, body: object): void => {
    out.push({ event: type, data: j({ type, sequence_number: seq++, ...body }) });
  };
  const response = (status: string, output: object[]): Record<string, unknown> => ({
    id: 'resp_streamscope',
    object: 'response',
    created_at: 0,
    status,
    model: 'synthetic',
    output,
  });
  const items: object[] = [];
  ev('response.created', { response: response('in_progress', []) });
  ev('response.in_progress', { response: response('in_progress', []) });
  let output_index = 0;
  if (spec.reasoning !== undefined && spec.reasoning.length > 0) {
    const item_id = 'rs_0';
    const text = spec.reasoning.join('');
    ev('response.output_item.added', { output_index, item: { id: item_id, type: 'reasoning', summary: [] } });
    const at = { item_id, output_index, summary_index: 0 };
    ev('response.reasoning_summary_part.added', { ...at, part: { type: 'summary_text', text: '' } });
    for (const delta of spec.reasoning) ev('response.reasoning_summary_text.delta', { ...at, delta });
    ev('response.reasoning_summary_text.done', { ...at, text });
    ev('response.reasoning_summary_part.done', { ...at, part: { type: 'summary_text', text } });
    const item = { id: item_id, type: 'reasoning', summary: [{ type: 'summary_text', text }] };
    ev('response.output_item.done', { output_index, item });
    items.push(item);
    output_index++;
  }
  if (spec.text !== undefined && spec.text.length > 0) {
    const item_id = 'msg_0';
    const text = spec.text.join('');
    const base = { id: item_id, type: 'message', role: 'assistant' };
    ev('response.output_item.added', { output_index, item: { ...base, status: 'in_progress', content: [] } });
    const at = { item_id, output_index, content_index: 0 };
    ev('response.content_part.added', { ...at, part: { type: 'output_text', text: '', annotations: [] } });
    for (const delta of spec.text) ev('response.output_text.delta', { ...at, delta });
    ev('response.output_text.done', { ...at, text });
    const part = { type: 'output_text', text, annotations: [] };
    ev('response.content_part.done', { ...at, part });
    const item = { ...base, status: 'completed', content: [part] };
    ev('response.output_item.done', { output_index, item });
    items.push(item);
    output_index++;
  }
  for (const c of spec.calls) {
    const item_id = `fc_${output_index}`;
    const base = { id: item_id, type: 'function_call', call_id: c.id, name: c.name };
    ev('response.output_item.added', { output_index, item: { ...base, status: 'in_progress', arguments: '' } });
    for (const delta of c.fragments) ev('response.function_call_arguments.delta', { item_id, output_index, delta });
    const args = c.fragments.join('');
    ev('response.function_call_arguments.done', { item_id, output_index, arguments: args });
    const item = { ...base, status: 'completed', arguments: args };
    ev('response.output_item.done', { output_index, item });
    items.push(item);
    output_index++;
  }
  const usage =
    spec.usage === undefined
      ? undefined
      : {
          input_tokens: spec.usage.inputTokens,
          output_tokens: spec.usage.outputTokens,
          total_tokens: spec.usage.inputTokens + spec.usage.outputTokens,
        };
  const finish = spec.finish ?? 'completed';
  if (finish.startsWith('incomplete')) {
    const reason = finish.startsWith('incomplete:') ? finish.slice(11) : 'max_output_tokens';
    ev('response.incomplete', { response: { ...response('incomplete', items), incomplete_details: { reason }, usage } });
  } else if (finish === 'failed') {
    const error = { code: 'server_error', message: 'The model failed to finish this response.' };
    ev('response.failed', { response: { ...response('failed', items), error, usage } });
  } else {
    ev('response.completed', { response: { ...response('completed', items), usage } });
  }
  return out;
}
