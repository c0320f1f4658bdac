// Three real shapes (issue 34): Anthropic server-side tool blocks that stream input (mcp_tool_use and types not yet
// invented) are not client calls; `data: [DONE]` ends a stream on every wire without an anomaly; calls are listed
// in the order they began on the wire. Each is checked against the ground truth and, where an SDK reads the
// stream, against the SDK.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/session/analyze';
import { inWireOrder } from '../../../src/core/strategies/call-order';
import { STRATEGY_IDS, type Session } from '../../../src/core/types';
import { inspectJson } from '../../../src/cli/inspect-json';
import { geminiCalls, noIds, ours, sdkCalls } from '../oracle/sdk';

function session(text: string, name: string): Session {
  const r = analyzeText(text, name);
  if (!r.ok) throw new Error(r.error.message);
  return r.session;
}
const shipped = (id: string) => readFileSync(`public/recordings/${id}.jsonl`, 'utf8');
const anomalies = (s: Session) => s.timings.flatMap((t) => t.anomalies.map((a) => a.code));
const sse = (events: [string | null, unknown][]) => events.map(([e, d]) => `${e ? `event: ${e}\n` : ''}data: ${typeof d === 'string' ? d : JSON.stringify(d)}\n\n`).join('');

/** An Anthropic turn whose block 0 is of `type` and streams input with input_json_delta; then text; end_turn. */
function serverBlockStream(type: string): string {
  return sse([
    ['message_start', { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 1 } } }],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type, id: 'srv_1', name: 'echo', input: {} } }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"text": ' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '"hi"}' } }],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    ['content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Done.' } }],
    ['content_block_stop', { type: 'content_block_stop', index: 1 }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } }],
    ['message_stop', { type: 'message_stop' }],
  ]);
}

describe('a content block is a client call only when its type is tool_use', () => {
  it.each(['mcp_tool_use', 'server_tool_use', 'future_tool_use', 'widget'])('%s streaming input: no call, no failure, no anomaly', async (type) => {
    const text = serverBlockStream(type);
    const s = session(text, `${type}.sse`);
    expect(s.carried).toEqual([]);
    expect(anomalies(s)).toEqual([]);
    for (const id of STRATEGY_IDS) {
      const run = s.strategies[id];
      if (!run.applicable) continue;
      expect([id, run.verdict, run.calls.length]).toEqual([id, 'ok', 0]);
    }
    // the SDK reads the same bytes and keeps no client call either
    expect(await sdkCalls('anthropic-messages', text)).toEqual([]);
  });

  it('the shipped mcp-tool-block recording: every applicable strategy ok with no call, labelled synthetic', () => {
    const text = shipped('mcp-tool-block');
    const s = session(text, 'mcp-tool-block.jsonl');
    expect(s.recording.header.provenance?.kind).toBe('synthetic');
    expect(anomalies(s)).toEqual([]);
    for (const id of STRATEGY_IDS) if (s.strategies[id].applicable) expect([id, s.strategies[id].verdict]).toEqual([id, 'ok']);
  });
});

/** The recording with `data: [DONE]` sent right before each turn's end (as some gateways do). */
function withDone(jsonl: string): string {
  const lines = jsonl.trimEnd().split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const ev = JSON.parse(line) as unknown;
    if (Array.isArray(ev) && ev[1] === 'end') out.push(JSON.stringify([ev[0], 'chunk', 'data: [DONE]\n\n']));
    out.push(line);
  }
  return `${out.join('\n')}\n`;
}

describe('data: [DONE] on every wire', () => {
  it.each(['responses-docs', 'anthropic-docs', 'gemini-streamed-args', 'parallel-probe'])('%s with [DONE] before the end: the same calls and verdicts, no invalid-json', (id) => {
    const plain = session(shipped(id), `${id}.jsonl`);
    const done = session(withDone(shipped(id)), `${id}.jsonl`);
    expect(done.frames.count).toBe(plain.frames.count + plain.timings.length);
    expect(anomalies(done)).toEqual(anomalies(plain));
    expect(anomalies(done)).not.toContain('invalid-json');
    for (const s of STRATEGY_IDS) {
      expect(done.strategies[s].verdict).toBe(plain.strategies[s].verdict);
      expect(done.strategies[s].calls.map((c) => [c.key, c.name, c.argsText])).toEqual(plain.strategies[s].calls.map((c) => [c.key, c.name, c.argsText]));
    }
  });

  it('a Responses stream ending with [DONE] after response.completed reads as the SDK reads it', async () => {
    const text = withDone(shipped('responses-docs'));
    const s = session(text, 'responses-docs.jsonl');
    // the turn's bytes as the server sent them (the recording's chunk events)
    const body = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown)
      .flatMap((ev) => (Array.isArray(ev) && ev[1] === 'chunk' ? [ev[2] as string] : []))
      .join('');
    expect(body).toContain('data: [DONE]');
    expect(ours(s, 0)).toEqual(await sdkCalls('openai-responses', body));
  });
});

describe('calls in the order they began', () => {
  // a whole functionCall part (no arguments) first, then three streamed calls
  const chunk = (parts: unknown[], extra: Record<string, unknown> = {}) => ['', { candidates: [{ content: { role: 'model', parts }, ...extra }], modelVersion: 'gemini-3' }] as [string, unknown];
  const events: [string, unknown][] = [chunk([{ functionCall: { name: 'run_tests' } }])];
  for (const [name, path] of [['read_file', 'a.txt'], ['read_file', 'b.txt'], ['write_file', 'c.txt']] as const) {
    events.push(chunk([{ functionCall: { name, willContinue: true } }]));
    events.push(chunk([{ functionCall: { partialArgs: [{ jsonPath: '$.path', stringValue: path }], willContinue: true } }]));
    events.push(chunk([{ functionCall: {} }]));
  }
  events.push(chunk([{ text: '' }], { finishReason: 'STOP' }));
  const text = sse(events.map(([, d]) => [null, d]));

  it('listed, exported and compared in wire order, as the AI SDK lists them', async () => {
    const s = session(text, 'gemini-order.sse');
    const names = ['run_tests', 'read_file', 'read_file', 'write_file'];
    expect(s.carried.map((c) => c.name)).toEqual(names);
    expect(noIds(ours(s, 0)).map((c) => c.name)).toEqual(names);
    expect((await geminiCalls(text)).map((c) => c.name)).toEqual(names);
    const json = inspectJson(s);
    for (const id of ['per-call-buffer', 'partial-json-preview']) expect(json.strategies.find((x) => x.id === id)?.calls.map((c) => c.name)).toEqual(names);
    // the run itself stays sorted by readiness (the view's searches rely on it)
    const run = s.strategies['per-call-buffer'].calls;
    expect(run.map((c) => c.readyFrame)).toEqual([...run.map((c) => c.readyFrame)].sort((a, b) => a - b));
    expect(inWireOrder(run, s.carried).map((c) => c.key)).toEqual(['0', '1', '2', '3']);
  });
});
