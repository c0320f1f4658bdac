// Hand-built signals written back as the wire events that carry them, so the ground truth (which reads the
// frames' own data, not the signals) sees the same stream. One frame = one event (Anthropic, Responses) or one
// chunk (Chat, Gemini); signals with no event of their own (usage, ignored) write a neutral event.
import type { Signal, WireId } from '../../../src/core/types';

export function wireData(wire: WireId, signals: readonly Signal[]): { event: string; data: string } {
  const msg = (data: unknown) => ({ event: 'message', data: JSON.stringify(data) });
  if (wire === 'anthropic-messages') {
    for (const s of signals) {
      const index = 'key' in s ? Number(s.key) : 0;
      if (s.kind === 'call-start') return msg({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: s.id ?? '', name: s.name ?? '', input: {} } });
      if (s.kind === 'args') return msg({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: s.text } });
      if (s.kind === 'call-end') return msg({ type: 'content_block_stop', index });
      if (s.kind === 'ignored' && s.why === 'message-stop') return msg({ type: 'message_stop' });
    }
    return msg({ type: 'ping' });
  }
  if (wire === 'openai-chat') {
    const calls = new Map<string, { index: number; id?: string; function: { name?: string; arguments?: string } }>();
    let finish: string | null = null;
    for (const s of signals) {
      if (s.kind === 'ignored' && s.why === 'done') return { event: 'message', data: '[DONE]' };
      if (s.kind === 'finish') finish = s.reason;
      if (s.kind !== 'call-start' && s.kind !== 'args') continue;
      const entry = calls.get(s.key) ?? { index: Number(s.key), function: {} };
      calls.set(s.key, entry);
      if (s.kind === 'call-start') {
        if (s.id !== undefined) entry.id = s.id;
        if (s.name !== undefined) entry.function.name = s.name;
      } else entry.function.arguments = (entry.function.arguments ?? '') + s.text;
    }
    const delta = calls.size > 0 ? { tool_calls: [...calls.values()] } : {};
    return msg({ choices: [{ index: 0, delta, finish_reason: finish }] });
  }
  if (wire === 'openai-responses') {
    for (const s of signals) {
      const output_index = 'key' in s ? Number(s.key) : 0;
      if (s.kind === 'call-start')
        return msg({ type: 'response.output_item.added', output_index, item: { type: 'function_call', id: `fc_${s.key}`, call_id: s.id ?? '', name: s.name ?? '', arguments: '' } });
      if (s.kind === 'args') return msg({ type: 'response.function_call_arguments.delta', output_index, delta: s.text });
      if (s.kind === 'call-end') return msg({ type: 'response.function_call_arguments.done', output_index, ...(s.args !== undefined && { arguments: s.args }) });
      if (s.kind === 'call-complete')
        return msg({ type: 'response.output_item.done', output_index, item: { type: 'function_call', call_id: s.id, name: s.name, arguments: s.args } });
      if (s.kind === 'finish') return msg({ type: 'response.completed', response: {} });
    }
    return msg({ type: 'response.in_progress' });
  }
  const parts: unknown[] = [];
  let finishReason: string | undefined;
  for (const s of signals) {
    if (s.kind === 'text') parts.push({ text: s.text });
    if (s.kind === 'finish') finishReason = s.reason;
    if (s.kind === 'call-complete') {
      let args: unknown;
      try {
        args = JSON.parse(s.args);
      } catch {
        args = { INVALID_JSON: s.args };
      }
      parts.push({ functionCall: { ...(!s.id.startsWith('gemini-call-') && { id: s.id }), name: s.name, args } });
    }
  }
  return msg({ candidates: [{ index: 0, ...(parts.length > 0 && { content: { role: 'model', parts } }), ...(finishReason !== undefined && { finishReason }) }] });
}
