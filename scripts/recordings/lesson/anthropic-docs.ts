/**
 * `anthropic-docs`: an Anthropic Messages stream built from the streaming documentation's tool-use example.
 *
 * Contract: one turn; a text block, then two tool_use blocks (read_file), each opening with an empty
 * `partial_json` fragment and then pieces of its JSON, none of which parses alone; content_block_stop closes each;
 * message_delta (stop_reason tool_use) and message_stop end it. Timings are illustrative.
 */
import { RecordingWriter } from '../lib/recording';
import { seeded } from '../lib/rng';
import { spread } from '../lib/timing';
import { AnthropicEvents } from '../lib/wire';
import { SYSTEM_PROMPT, USER_PROMPT, anthropicTools } from '../lib/task';
import type { Built } from '../lib/built';

export const ANTHROPIC_MODEL = 'claude-sonnet-4-5';

export function buildAnthropicDocs(): Built {
  const rng = seeded(2002);
  const title = { zh: 'Anthropic · 按文档构造', en: 'Anthropic · built from the documentation' };
  const summary = {
    zh: '按 Anthropic 流式文档构造的事件流:一段文字,再两个 tool_use 块,参数以空串 partial_json 开头、分几段到达。「每来一段就 parse」从第一段空串起就失败;「共用一个缓冲」拼出 {…}{…}。',
    en: 'An event stream built from Anthropic’s streaming documentation: a text block, then two tool_use blocks whose arguments open with an empty partial_json and arrive in pieces. Parse-each-fragment fails from the first, empty fragment; one shared buffer ends as {…}{…}.',
  };
  const w = new RecordingWriter({
    title,
    description: summary,
    wire: 'anthropic-messages',
    provenance: {
      kind: 'docs',
      source: 'Anthropic streaming documentation, "Streaming request with tool use" example (event order, empty first input_json_delta, pieces of the JSON text)',
      url: 'https://platform.claude.com/docs/en/build-with-claude/streaming',
      notes:
        'Event shapes and order follow the documentation; the tools, paths, ids, token counts and all timings are illustrative (the documentation has no timing).',
    },
    server: 'Anthropic Messages API (as documented)',
    model: ANTHROPIC_MODEL,
    expect: {
      'parse-each-fragment': 'fail',
      'shared-buffer': 'fail',
      'per-call-buffer': 'ok',
      'completed-item': 'n/a',
      'partial-json-preview': 'ok',
      'next-index-closes': 'n/a',
    },
  });
  const e = new AnthropicEvents(`msg_01${rng.alnum(22)}`, ANTHROPIC_MODEL);
  w.req(0, 0, {
    model: ANTHROPIC_MODEL,
    max_tokens: 1024,
    system: SYSTEM_PROMPT,
    messages: [{ role: 'user', content: `${USER_PROMPT} Start by reading the implementation and its test, in parallel.` }],
    tools: anthropicTools(['read_file']),
    stream: true,
  });
  const text = ['I’ll read', ' the implementation and', ' its test first.'];
  const fragments = [
    ['', '{"path": "src/', 'parseDate.js"}'],
    ['', '{"path": "test/', 'parseDate.test.js"}'],
  ];
  const events: string[] = [e.messageStart(512), e.textStart(0), e.ping()];
  for (const t of text) events.push(e.textDelta(0, t));
  events.push(e.blockStop(0));
  fragments.forEach((parts, i) => {
    events.push(e.toolStart(i + 1, `toolu_01${rng.alnum(22)}`, 'read_file'));
    for (const p of parts) events.push(e.jsonDelta(i + 1, p));
    events.push(e.blockStop(i + 1));
  });
  events.push(e.messageDelta('tool_use', 96), e.messageStop());
  const times = spread(rng, 612.4, 2048.9, events.length, 0.7);
  events.forEach((ev, i) => w.chunk(times[i] ?? 0, ev));
  w.end(2049.6, 'complete');
  return { id: 'anthropic-docs', group: 'lesson', title, summary, jsonl: w.toJsonl() };
}
