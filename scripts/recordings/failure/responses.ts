/**
 * Failure mode on OpenAI Responses: a stream that ends without `.done`, `output_item.done` or `response.completed`.
 *
 * Contract: one synthetic recording; the first call completes normally, the second is cut mid-arguments and the
 * body ends, so no strategy can produce the second call (completed-item gets the first one only).
 */
import { seeded } from '../lib/rng';
import { ResponsesEvents } from '../lib/wire';
import { failureWriter, layOut } from '../lib/failure-kit';
import { responsesTools } from '../lib/task';
import { RESPONSES_MODEL } from '../lesson/responses-docs';
import type { Built } from '../lib/built';

export function buildResponsesNoDone(): Built {
  const rng = seeded(9101);
  const title = { zh: 'Responses 流没有 .done 也没有 response.completed 就结束了', en: 'A Responses stream that ends without .done or response.completed' };
  const summary = {
    zh: '两个并行的 read_file:第一个走完 .done 与 output_item.done;第二个参数写到一半,连接就结束了——没有 .done、没有 output_item.done、没有 response.completed。所有策略都拿不到第二个调用,都失败;「只收完整的输出项」至少不会执行半截参数,而且像 Codex 那样把「没有 response.completed 的 EOF」当错误处理。',
    en: 'Two parallel read_file calls: the first goes through .done and output_item.done; the second is halfway through its arguments when the body ends, with no .done, no output_item.done and no response.completed. No strategy can produce the second call, so all fail; completed-item at least never runs half arguments, and, like Codex, treats EOF without response.completed as an error.',
  };
  const w = failureWriter({
    title,
    summary,
    wire: 'openai-responses',
    issues: 'earendil-works/pi#9897 (a Responses stream with no .done)',
    notes: 'Synthetic, in the documented Responses event shapes. Timings illustrative.',
    server: 'OpenAI Responses style (synthetic)',
    model: RESPONSES_MODEL,
    expect: {
      'parse-each-fragment': 'fail',
      'shared-buffer': 'fail',
      'per-call-buffer': 'fail',
      'completed-item': 'fail',
      'partial-json-preview': 'fail',
      'next-index-closes': 'n/a',
    },
  });
  const r = new ResponsesEvents();
  const base = { id: `resp_${rng.alnum(24)}`, object: 'response', created_at: 1758869601, model: RESPONSES_MODEL, status: 'in_progress', output: [] };
  w.req(0, 0, {
    model: RESPONSES_MODEL,
    input: [{ role: 'user', content: 'Read src/parseDate.js and its test, in parallel.' }],
    tools: responsesTools(['read_file']),
    stream: true,
  });
  const one = { id: `fc_${rng.alnum(24)}`, call_id: `call_${rng.alnum(24)}`, args: '{"path":"src/parseDate.js"}' };
  const two = { id: `fc_${rng.alnum(24)}`, call_id: `call_${rng.alnum(24)}` };
  const item = (x: { id: string; call_id: string }, args: string, status: string) => ({ type: 'function_call', id: x.id, call_id: x.call_id, name: 'read_file', arguments: args, status });
  const events = [
    r.event('response.created', { response: base }),
    r.event('response.in_progress', { response: base }),
    r.event('response.output_item.added', { output_index: 0, item: item(one, '', 'in_progress') }),
    r.event('response.function_call_arguments.delta', { item_id: one.id, output_index: 0, delta: '{"path":"src/' }),
    r.event('response.function_call_arguments.delta', { item_id: one.id, output_index: 0, delta: 'parseDate.js"}' }),
    r.event('response.function_call_arguments.done', { item_id: one.id, output_index: 0, arguments: one.args }),
    r.event('response.output_item.done', { output_index: 0, item: item(one, one.args, 'completed') }),
    r.event('response.output_item.added', { output_index: 1, item: item(two, '', 'in_progress') }),
    r.event('response.function_call_arguments.delta', { item_id: two.id, output_index: 1, delta: '{"path":"test/' }),
    r.event('response.function_call_arguments.delta', { item_id: two.id, output_index: 1, delta: 'parseDate' }),
  ];
  layOut(w, rng, events, 455.0, 1188.3);
  w.end(1188.9, 'complete', 'the server closed the body mid-arguments, without response.completed');
  return { id: 'responses-no-done', group: 'failure', title, summary, jsonl: w.toJsonl() };
}
