/**
 * `responses-docs`: an OpenAI Responses stream built from the function-calling guide, with two parallel calls.
 *
 * Contract: one turn; response.created / in_progress; per call output_item.added -> argument deltas (none
 * parses alone) -> function_call_arguments.done -> output_item.done; response.completed with usage. Increasing
 * sequence_number. Timings are illustrative.
 */
import { RecordingWriter } from '../lib/recording';
import { seeded } from '../lib/rng';
import { spread } from '../lib/timing';
import { ResponsesEvents } from '../lib/wire';
import { SYSTEM_PROMPT, USER_PROMPT, responsesTools } from '../lib/task';
import type { Built } from '../lib/built';

export const RESPONSES_MODEL = 'gpt-4.1';

export function buildResponsesDocs(): Built {
  const rng = seeded(3003);
  const title = { zh: 'OpenAI Responses · 按文档构造', en: 'OpenAI Responses · built from the documentation' };
  const summary = {
    zh: '按 OpenAI function-calling 指南构造的 Responses 流:两个并行的 read_file,参数分段到达,.done 与 output_item.done 给出完整值。「只收完整的输出项」(Codex 的做法)在这里适用。',
    en: 'A Responses stream built from OpenAI’s function-calling guide: two parallel read_file calls whose arguments arrive in pieces; .done and output_item.done carry the whole value. Completed-item (what Codex does) applies here.',
  };
  const w = new RecordingWriter({
    title,
    description: summary,
    wire: 'openai-responses',
    provenance: {
      kind: 'docs',
      source: 'OpenAI function-calling guide, "Streaming" section (output_item.added, function_call_arguments.delta/.done, output_item.done, response.completed)',
      url: 'https://platform.openai.com/docs/guides/function-calling#streaming',
      notes: 'Event shapes and order follow the guide; the tools, paths, ids, token counts and all timings are illustrative.',
    },
    server: 'OpenAI Responses API (as documented)',
    model: RESPONSES_MODEL,
    expect: {
      'parse-each-fragment': 'fail',
      'shared-buffer': 'fail',
      'per-call-buffer': 'ok',
      'completed-item': 'ok',
      'partial-json-preview': 'ok',
      'next-index-closes': 'n/a',
    },
  });
  const r = new ResponsesEvents();
  const respId = `resp_${rng.alnum(24)}`;
  const base = { id: respId, object: 'response', created_at: 1758867400, model: RESPONSES_MODEL, tools: responsesTools(['read_file']) };
  w.req(0, 0, {
    model: RESPONSES_MODEL,
    instructions: SYSTEM_PROMPT,
    input: [{ role: 'user', content: `${USER_PROMPT} Start by reading the implementation and its test, in parallel.` }],
    tools: responsesTools(['read_file']),
    parallel_tool_calls: true,
    stream: true,
  });
  const calls = [
    { parts: ['{"path":"src/', 'parseDate', '.js"}'] },
    { parts: ['{"path":"test/', 'parseDate.test', '.js"}'] },
  ].map((c) => ({ ...c, id: `fc_${rng.alnum(24)}`, callId: `call_${rng.alnum(24)}`, args: c.parts.join('') }));
  const item = (c: (typeof calls)[0], done: boolean) => ({
    type: 'function_call',
    id: c.id,
    call_id: c.callId,
    name: 'read_file',
    arguments: done ? c.args : '',
    status: done ? 'completed' : 'in_progress',
  });
  const events: string[] = [
    r.event('response.created', { response: { ...base, status: 'in_progress', output: [] } }),
    r.event('response.in_progress', { response: { ...base, status: 'in_progress', output: [] } }),
  ];
  calls.forEach((c, i) => {
    events.push(r.event('response.output_item.added', { output_index: i, item: item(c, false) }));
    for (const d of c.parts) events.push(r.event('response.function_call_arguments.delta', { item_id: c.id, output_index: i, delta: d }));
    events.push(r.event('response.function_call_arguments.done', { item_id: c.id, output_index: i, arguments: c.args }));
    events.push(r.event('response.output_item.done', { output_index: i, item: item(c, true) }));
  });
  events.push(
    r.event('response.completed', {
      response: {
        ...base,
        status: 'completed',
        output: calls.map((c) => item(c, true)),
        usage: { input_tokens: 402, output_tokens: 44, total_tokens: 446 },
      },
    }),
  );
  const times = spread(rng, 481.7, 1390.2, events.length, 0.6);
  events.forEach((ev, i) => w.chunk(times[i] ?? 0, ev));
  w.end(1390.8, 'complete');
  return { id: 'responses-docs', group: 'lesson', title, summary, jsonl: w.toJsonl() };
}
