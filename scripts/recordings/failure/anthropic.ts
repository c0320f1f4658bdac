/**
 * Failure modes on Anthropic Messages: a stream cut mid-arguments, fine-grained streaming ending in invalid JSON,
 * a mid-stream overloaded_error.
 *
 * Contract: each builder returns one synthetic recording whose `expect` follows src/core/README.md, "Strategies": a call cut before
 * its content_block_stop, or closed with invalid JSON, can be produced by no strategy, so every applicable one fails.
 */
import { seeded } from '../lib/rng';
import { AnthropicEvents } from '../lib/wire';
import { ALL_FAIL_ANTHROPIC, failureWriter, layOut } from '../lib/failure-kit';
import { anthropicTools } from '../lib/task';
import { ANTHROPIC_MODEL } from '../lesson/anthropic-docs';
import type { Built } from '../lib/built';

const SERVER = 'Anthropic Messages (synthetic)';
const reqBody = (extra: Record<string, unknown> = {}) => ({
  model: ANTHROPIC_MODEL,
  max_tokens: 160,
  messages: [{ role: 'user', content: 'Rewrite src/parseDate.js so that it rejects impossible dates.' }],
  tools: anthropicTools(['read_file', 'write_file']),
  stream: true,
  ...extra,
});

/** The write_file arguments the model was producing, as JSON text, and where it gets cut. */
const WRITE_ARGS =
  '{"path": "src/parseDate.js", "content": "export function parseDate(text) {\\n  const m = /^(\\\\d{4})-(\\\\d{2})-(\\\\d{2})$/.exec(text);\\n  if (!m) return null;\\n  const [, y, mo, d] = m.map(Number);\\n  const date = new Date(Date.UTC(y, mo - 1, d));\\n  return date.getUTCDate() === d ? date : null;\\n}\\n"}';

export function buildCutMidArguments(): Built {
  const rng = seeded(7001);
  const title = { zh: '参数写到一半流断了(max_tokens,没有 content_block_stop)', en: 'Stream cut mid-arguments (max_tokens, no content_block_stop)' };
  const summary = {
    zh: 'write_file 的参数写到一半撞上 max_tokens:message_delta 报 stop_reason: max_tokens,但这个 tool_use 块从未收到 content_block_stop。没有哪种策略能得到合法参数——正确的做法是认出「调用没结束」,不执行它;实时预览(partial-json)显示的半截对象尤其不能执行。',
    en: 'The write_file arguments hit max_tokens halfway: message_delta says stop_reason: max_tokens, but the tool_use block never gets its content_block_stop. No strategy can produce valid arguments; the right move is to see that the call never ended and not run it. The partial-json preview’s half object above all must never be executed.',
  };
  const w = failureWriter({
    title,
    summary,
    wire: 'anthropic-messages',
    issues: 'NousResearch/hermes-agent#6847 (stream cut mid-arguments)',
    notes: 'Synthetic: a translating proxy that maps a length stop to max_tokens and forgets to close the open block. Timings illustrative.',
    server: SERVER,
    model: ANTHROPIC_MODEL,
    expect: ALL_FAIL_ANTHROPIC,
  });
  const e = new AnthropicEvents(`msg_01${rng.alnum(22)}`, ANTHROPIC_MODEL);
  w.req(0, 0, reqBody());
  const cut = WRITE_ARGS.indexOf('const date');
  const frags = ['', WRITE_ARGS.slice(0, 28), WRITE_ARGS.slice(28, 120), WRITE_ARGS.slice(120, cut)];
  const events = [e.messageStart(388), e.textStart(0), e.textDelta(0, 'I’ll rewrite the function.'), e.blockStop(0), e.toolStart(1, `toolu_01${rng.alnum(22)}`, 'write_file')];
  for (const f of frags) events.push(e.jsonDelta(1, f));
  events.push(e.messageDelta('max_tokens', 160), e.messageStop());
  layOut(w, rng, events, 702.5, 3120.8);
  w.end(3121.3, 'complete', 'the body ended after message_stop; block 1 was never closed');
  return { id: 'cut-mid-arguments', group: 'failure', title, summary, jsonl: w.toJsonl() };
}

export function buildFineGrainedInvalidJson(): Built {
  const rng = seeded(7002);
  const title = { zh: '细粒度工具流式:参数以非法 JSON 结束', en: 'Fine-grained tool streaming ends in invalid JSON' };
  const summary = {
    zh: '开了 eager_input_streaming 的工具:参数不缓冲、不校验,一长段一长段地到;max_tokens 停在一个字符串中间,content_block_stop 照常到来,缓冲里却是非法 JSON。每种策略都失败;文档建议把它包成 {"INVALID_JSON": "..."} 还给模型。',
    en: 'A tool with eager_input_streaming: arguments stream unbuffered and unvalidated, in long chunks; max_tokens stops mid-string, content_block_stop still arrives, and the buffer holds invalid JSON. Every strategy fails; the documentation suggests sending it back to the model wrapped as {"INVALID_JSON": "..."}.',
  };
  const w = failureWriter({
    title,
    summary,
    wire: 'anthropic-messages',
    issues: 'anthropic-sdk-python#1265, anthropic/claude-code#19143 (invalid JSON from fine-grained streaming)',
    notes: 'Synthetic, following the fine-grained tool streaming documentation’s warning that a max_tokens stop can leave invalid JSON. Timings illustrative.',
    server: SERVER,
    model: ANTHROPIC_MODEL,
    expect: ALL_FAIL_ANTHROPIC,
  });
  const e = new AnthropicEvents(`msg_01${rng.alnum(22)}`, ANTHROPIC_MODEL);
  const tools = anthropicTools(['read_file', 'write_file']).map((t) => ({ ...t, eager_input_streaming: true }));
  w.req(0, 0, reqBody({ tools }));
  const cut = WRITE_ARGS.indexOf('return date');
  const frags = [WRITE_ARGS.slice(0, 96), WRITE_ARGS.slice(96, 190), WRITE_ARGS.slice(190, cut)];
  const events = [e.messageStart(402), e.toolStart(0, `toolu_01${rng.alnum(22)}`, 'write_file')];
  for (const f of frags) events.push(e.jsonDelta(0, f));
  events.push(e.blockStop(0), e.messageDelta('max_tokens', 160), e.messageStop());
  layOut(w, rng, events, 655.1, 1907.4);
  w.end(1908.0, 'complete');
  return { id: 'fine-grained-invalid-json', group: 'failure', title, summary, jsonl: w.toJsonl() };
}

export function buildOverloadedMidStream(): Built {
  const rng = seeded(7003);
  const title = { zh: '流到一半 overloaded_error', en: 'overloaded_error mid-stream' };
  const summary = {
    zh: '第一个 read_file 已完整收到(content_block_stop),第二个写到一半,来了 event: error(overloaded_error),流结束。第二个调用没有结束信号,所有策略都失败;按调用累积的策略已拿到第一个调用——若已提前执行,重试时要记得它跑过了。',
    en: 'The first read_file arrived whole (content_block_stop); the second is halfway when event: error (overloaded_error) arrives and the stream ends. The second call has no end signal, so every strategy fails; per-call buffers already hold the first call, and if it was run early, a retry must remember that it ran.',
  };
  const w = failureWriter({
    title,
    summary,
    wire: 'anthropic-messages',
    kind: 'docs',
    issues: 'the mid-stream error event of the Anthropic streaming documentation ("Error events": overloaded_error)',
    notes: 'The error event is the documentation’s; where it falls (inside the second tool_use block) and the timings are chosen for the lesson.',
    server: SERVER,
    model: ANTHROPIC_MODEL,
    expect: ALL_FAIL_ANTHROPIC,
  });
  const e = new AnthropicEvents(`msg_01${rng.alnum(22)}`, ANTHROPIC_MODEL);
  w.req(0, 0, reqBody());
  const events = [
    e.messageStart(371),
    e.toolStart(0, `toolu_01${rng.alnum(22)}`, 'read_file'),
    e.jsonDelta(0, ''),
    e.jsonDelta(0, '{"path": "src/'),
    e.jsonDelta(0, 'parseDate.js"}'),
    e.blockStop(0),
    e.toolStart(1, `toolu_01${rng.alnum(22)}`, 'read_file'),
    e.jsonDelta(1, ''),
    e.jsonDelta(1, '{"path": "test/'),
    e.ping(),
    e.error('overloaded_error', 'Overloaded'),
  ];
  layOut(w, rng, events, 590.3, 2411.9);
  w.end(2412.6, 'complete', 'the server closed the body after the error event');
  return { id: 'overloaded-mid-stream', group: 'failure', title, summary, jsonl: w.toJsonl() };
}
