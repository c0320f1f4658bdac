/**
 * `ptc-message-start`: a 15-turn programmatic-tool-calling run on Anthropic Messages, where the calls arrive whole
 * inside `message_start`.
 *
 * Contract: synthetic, in the shape the programmatic tool calling documentation and langchain-ai/langchain#34406
 * describe: while the code execution container runs Claude's script, each tool call the script makes comes back
 * as a response whose `message_start.message` already holds the whole tool_use block (with its `caller`) and
 * `stop_reason: "tool_use"`, followed only by `message_stop`. Turn 1 also carries the text and the server tool's
 * code block there; turns 5 and 10 carry two calls (the script runs them in parallel); turn 15 streams the answer
 * as ordinary text blocks. Each turn has the `final` message the SDK's finalMessage() assembles, so the
 * self-check can compare. Every strategy that applies gets every call, ready at its message_start frame.
 */
import { RecordingWriter } from '../lib/recording';
import { seeded, type Rng } from '../lib/rng';
import { AnthropicEvents, namedEvent } from '../lib/wire';
import { ANTHROPIC_MODEL } from '../lesson/anthropic-docs';
import { layOut } from '../lib/failure-kit';
import type { Built } from '../lib/built';

const MODEL = ANTHROPIC_MODEL;
const TURNS = 15;
const REGIONS = ['north', 'south', 'east', 'west', 'central', 'coast', 'hills', 'delta', 'plains', 'lakes', 'forest', 'desert', 'islands', 'valley', 'harbor', 'uplands'];

interface Call {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

function callsOf(turn: number, rng: Rng): Call[] {
  const one = (region: string): Call => ({
    id: `toolu_01${rng.alnum(22)}`,
    name: 'get_sales',
    input: { region, quarter: 'Q3' },
  });
  const region = REGIONS[turn] as string;
  const calls = [one(region)];
  if (turn === 4 || turn === 9) calls.push(one(REGIONS[15 - turn] as string));
  return calls;
}

export function buildPtcMessageStart(): Built {
  const rng = seeded(12012);
  const title = {
    zh: '程序化工具调用:调用整段放在 message_start 里(15 轮)',
    en: 'Programmatic tool calling: calls whole inside message_start (15 turns)',
  };
  const summary = {
    zh: '代码执行容器跑 Claude 写的脚本,脚本每调一次工具,回复就只有 message_start 和 message_stop:完整的 tool_use 块(带 caller)和 stop_reason: tool_use 都在 message_start.message 里。15 轮里 14 轮是这样,第 5、10 轮一次两个调用,最后一轮用普通文字块给出答案。只看 content_block_* 事件的读法会一个调用也看不到;官方 SDK 的 finalMessage() 里有这些调用,每种适用的策略都应在 message_start 那一帧拿到它们。按文档描述的形状合成,不是真实录制。',
    en: 'The code execution container runs Claude’s script; each time the script calls a tool, the response is only message_start and message_stop: the whole tool_use block (with its caller) and stop_reason: tool_use sit inside message_start.message. 14 of the 15 turns look like that, turns 5 and 10 with two calls, and the last turn answers in ordinary text blocks. A reader that only watches content_block_* events sees no call at all; the official SDK’s finalMessage() has them, and every strategy that applies should have each call at its message_start frame. Synthetic, in the shape the documentation describes; not a capture.',
  };
  const w = new RecordingWriter({
    title,
    description: summary,
    wire: 'anthropic-messages',
    provenance: {
      kind: 'synthetic',
      source:
        'reproduces langchain-ai/langchain#34406 (pre-completed tool_use blocks in message_start with programmatic tool calling) and the Anthropic programmatic tool calling documentation',
      notes:
        'Synthetic: the event shapes follow the documentation and the issue (whole tool_use blocks with a caller inside message_start, stop_reason there, then only message_stop); the task, ids, inputs, token counts and all timings are made up.',
    },
    server: 'Anthropic Messages, programmatic tool calling (synthetic)',
    model: MODEL,
    expect: {
      'parse-each-fragment': 'ok',
      'shared-buffer': 'fail',
      'per-call-buffer': 'ok',
      'completed-item': 'n/a',
      'partial-json-preview': 'ok',
      'next-index-closes': 'n/a',
    },
  });
  const toolId = `srvtoolu_01${rng.alnum(22)}`;
  const caller = { type: 'code_execution_20250825', tool_id: toolId };
  const code = 'totals = {}\nfor r in REGIONS:\n    totals[r] = get_sales(region=r, quarter="Q3")["total"]\nprint(max(totals, key=totals.get))';
  let t = 0;
  for (let turn = 0; turn < TURNS; turn++) {
    const id = `msg_01${rng.alnum(22)}`;
    w.req(t, turn, {
      model: MODEL,
      max_tokens: 4096,
      messages: [{ role: 'user', content: 'Which region sold the most in Q3? Use the sales tool for every region.' }],
      tools: [{ type: 'code_execution_20250825', name: 'code_execution' }, { name: 'get_sales', description: 'Q3 sales of one region', input_schema: { type: 'object', properties: { region: { type: 'string' }, quarter: { type: 'string' } }, required: ['region'] }, allowed_callers: ['code_execution_20250825'] }],
      stream: true,
    });
    const from = t + 380 + Math.round(rng.between(0, 200));
    if (turn === TURNS - 1) {
      const e = new AnthropicEvents(id, MODEL);
      const answer = 'The coast region sold the most in Q3.';
      const events = [e.messageStart(2310), e.textStart(0), e.textDelta(0, 'The coast region '), e.textDelta(0, 'sold the most in Q3.'), e.blockStop(0), e.messageDelta('end_turn', 14), e.messageStop()];
      const times = layOut(w, rng, events, from, from + 160);
      const last = times[times.length - 1] ?? from;
      w.end(last + 0.4, 'complete');
      w.final(last + 0.6, turn, { id, type: 'message', role: 'assistant', model: MODEL, content: [{ type: 'text', text: answer, citations: null }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 2310, output_tokens: 14 } });
      break;
    }
    const calls = callsOf(turn, rng);
    const content: Record<string, unknown>[] = [];
    if (turn === 0) {
      content.push({ type: 'text', text: 'I’ll total the sales per region with a script.' });
      content.push({ type: 'server_tool_use', id: toolId, name: 'code_execution', input: { code } });
    }
    for (const c of calls) content.push({ type: 'tool_use', id: c.id, name: c.name, input: c.input, caller });
    const message = { id, type: 'message', role: 'assistant', model: MODEL, content, stop_reason: 'tool_use', stop_sequence: null, usage: { input_tokens: 1200 + 80 * turn, output_tokens: turn === 0 ? 96 : 31 } };
    const events = [namedEvent('message_start', { message }), namedEvent('message_stop', {})];
    const times = layOut(w, rng, events, from, from + 2.5);
    const last = times[times.length - 1] ?? from;
    w.end(last + 0.3, 'complete');
    w.final(last + 0.5, turn, message);
    for (const c of calls) w.tool(last + 1, turn, c.id, c.name, 35 + rng.between(0, 40));
    t = last + 90;
  }
  return { id: 'ptc-message-start', group: 'failure', title, summary, jsonl: w.toJsonl() };
}
