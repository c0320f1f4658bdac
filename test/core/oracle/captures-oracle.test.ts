// Shapes seen on real captures, written by us from the vendors' documentation and SDK behaviour (not copied files),
// checked against the SDKs: whole tool_use blocks inside Anthropic message_start (programmatic tool calling),
// Gemini 3 streamed function-call arguments (partialArgs / willContinue), and the cases the self-check must name
// instead of saying ok (a call with no name, a call cut mid-arguments).
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/session/analyze';
import { carriedCalls } from '../../../src/core/strategies/truth';
import { signalsAt, signalTableOf } from '../../../src/core/wire';
import type { Session } from '../../../src/core/types';
import { noIds, ours, sdkCalls, truth } from './sdk';
import { fragmentList } from '../../../src/core/strategies/fragments';
import { bufferRows } from '../../../src/core/strategies/buffers';

const ev = (type: string, body: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...body })}\n\n`;
const message = (content: unknown[], stop: string | null) => ({
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  content,
  stop_reason: stop,
  stop_sequence: null,
  usage: { input_tokens: 900, output_tokens: 40 },
});
const caller = { type: 'code_execution_20250825', tool_id: 'srvtoolu_01' };
const toolUse = (id: string, name: string, input?: unknown) => ({ type: 'tool_use', id, name, ...(input !== undefined && { input }), caller });

function session(body: string): Session {
  const r = analyzeText(body, 'shape.sse');
  if (!r.ok) throw new Error(r.error.message);
  return r.session;
}

describe('anthropic: whole tool_use blocks inside message_start, then only message_stop', () => {
  const one = ev('message_start', { message: message([toolUse('toolu_a', 'get_sales', { region: 'north' })], 'tool_use') }) + ev('message_stop', {});

  it('the SDK, per-call-buffer and the ground truth see the call; finish reason and first-tool-call time come from message_start', async () => {
    const s = session(one);
    const sdk = await sdkCalls('anthropic-messages', one);
    expect(sdk).toEqual([{ id: 'toolu_a', name: 'get_sales', args: { region: 'north' } }]);
    expect(ours(s, 0)).toEqual(sdk);
    expect(truth(s, 0)).toEqual(sdk);
    expect(s.timings[0]?.finishReason).toBe('tool_use');
    expect(s.timings[0]?.firstToolCallMs).toBe(s.timings[0]?.firstFrameMs);
    expect(s.anomalies).toEqual([]);
  });

  it('every strategy that applies has the call ready at the message_start frame', () => {
    const s = session(one);
    for (const id of ['parse-each-fragment', 'per-call-buffer', 'partial-json-preview'] as const) {
      expect(s.strategies[id].verdict, id).toBe('ok');
      expect(s.strategies[id].calls.map((c) => c.readyFrame), id).toEqual([0]);
    }
    // the shared buffer parses once, at the stream end, by design
    expect(s.strategies['shared-buffer'].verdict).toBe('ok');
    expect(s.strategies['shared-buffer'].calls.map((c) => c.readyFrame)).toEqual([1]);
  });

  it('text and a server tool before it, a call with empty input, then a block streamed after message_start: keys are block positions', async () => {
    const body =
      ev('message_start', {
        message: message(
          [
            { type: 'text', text: 'Running the script.' },
            { type: 'server_tool_use', id: 'srvtoolu_01', name: 'code_execution', input: { code: 'print(1)' } },
            toolUse('toolu_b', 'list_regions', {}),
          ],
          null,
        ),
      }) +
      ev('content_block_start', { index: 3, content_block: { type: 'tool_use', id: 'toolu_c', name: 'get_sales', input: {} } }) +
      ev('content_block_delta', { index: 3, delta: { type: 'input_json_delta', partial_json: '{"region":' } }) +
      ev('content_block_delta', { index: 3, delta: { type: 'input_json_delta', partial_json: ' "south"}' } }) +
      ev('content_block_stop', { index: 3 }) +
      ev('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 60 } }) +
      ev('message_stop', {});
    const s = session(body);
    const sdk = await sdkCalls('anthropic-messages', body);
    expect(sdk).toEqual([
      { id: 'toolu_b', name: 'list_regions', args: {} },
      { id: 'toolu_c', name: 'get_sales', args: { region: 'south' } },
    ]);
    expect(ours(s, 0)).toEqual(sdk);
    expect(truth(s, 0)).toEqual(sdk);
    expect(s.carried.map((c) => c.key)).toEqual(['2', '3']);
    expect(signalsAt(s.signals, 0)).toContainEqual({ kind: 'text', text: 'Running the script.' });
  });

  it('a 15-turn programmatic-tool-calling run: every turn agrees with finalMessage()', async () => {
    for (let turn = 0; turn < 15; turn++) {
      const calls = turn % 5 === 4 ? [toolUse(`toolu_${turn}a`, 'get_sales', { region: `r${turn}` }), toolUse(`toolu_${turn}b`, 'get_sales', { region: `s${turn}` })] : [toolUse(`toolu_${turn}`, 'get_sales', { region: `r${turn}`, quarter: 'Q3' })];
      const body = turn === 14 ? ev('message_start', { message: message([{ type: 'text', text: 'Done.' }], 'end_turn') }) + ev('message_stop', {}) : ev('message_start', { message: message(calls, 'tool_use') }) + ev('message_stop', {});
      const s = session(body);
      const sdk = await sdkCalls('anthropic-messages', body);
      expect(sdk.length, `turn ${turn}`).toBe(turn === 14 ? 0 : calls.length);
      expect(ours(s, 0), `turn ${turn}`).toEqual(sdk);
      expect(truth(s, 0), `turn ${turn}`).toEqual(sdk);
      expect(s.timings[0]?.finishReason).toBe(turn === 14 ? 'end_turn' : 'tool_use');
    }
  });
});

const part = (parts: unknown[], extra: Record<string, unknown> = {}) => `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts }, ...extra }] })}\n\n`;
const fc = (functionCall: Record<string, unknown>) => ({ functionCall });
const stop = (reason = 'STOP') => part([{ text: '' }], { finishReason: reason });

describe('gemini: whole functionCall parts (older streams) and Gemini 3 streamed arguments', () => {
  it('older streams: each part is a whole call', async () => {
    const body = part([{ text: 'Reading.' }]) + part([fc({ name: 'read_file', args: { path: 'a.md' } }), fc({ name: 'read_file', args: { path: 'b.md' } })]) + stop();
    const s = session(body);
    const sdk = await sdkCalls('gemini', body);
    expect(sdk).toEqual([
      { id: '', name: 'read_file', args: { path: 'a.md' } },
      { id: '', name: 'read_file', args: { path: 'b.md' } },
    ]);
    expect(noIds(ours(s, 0))).toEqual(sdk);
    expect(noIds(truth(s, 0))).toEqual(sdk);
  });

  it('streamed: strings in pieces, a number, a boolean, a null, nested paths; closed by an empty functionCall; then a call with no arguments', async () => {
    const p = (entries: unknown[], more = true) => part([fc({ partialArgs: entries, ...(more && { willContinue: true }) })]);
    const body =
      part([fc({ name: 'configure', willContinue: true })]) +
      p([{ jsonPath: '$.target.host', stringValue: 'exa', willContinue: true }]) +
      p([{ jsonPath: '$.target.host', stringValue: 'mple.org', willContinue: true }]) +
      p([{ jsonPath: '$.target.host', stringValue: '' }]) +
      p([{ jsonPath: '$.target.port', numberValue: 8443 }]) +
      part([fc({ willContinue: true })]) +
      p([{ jsonPath: '$.retries[0].after', numberValue: 0.5 }, { jsonPath: '$.retries[1].after', numberValue: 2 }]) +
      p([{ jsonPath: '$.verbose', boolValue: true }, { jsonPath: '$.proxy', nullValue: 'NULL_VALUE' }]) +
      part([fc({})]) +
      part([fc({ name: 'restart' })]) +
      stop();
    const s = session(body);
    const sdk = await sdkCalls('gemini', body);
    expect(sdk).toEqual([
      { id: '', name: 'configure', args: { target: { host: 'example.org', port: 8443 }, retries: [{ after: 0.5 }, { after: 2 }], verbose: true, proxy: null } },
      { id: '', name: 'restart', args: {} },
    ]);
    expect(noIds(ours(s, 0))).toEqual(sdk);
    expect(noIds(truth(s, 0))).toEqual(sdk);
    // the fragments are shown in the buffers panel like any other wire: one per partialArgs part, plus the closing
    const pcb = s.strategies['per-call-buffer'];
    const buffer = bufferRows(pcb.buffers).find((b) => b.name === 'configure');
    expect(buffer && fragmentList(pcb.fragments, buffer.id).filter((f) => f.end > f.start).length).toBe(7);
    expect(s.strategies['per-call-buffer'].calls.map((c) => c.readyFrame)).toEqual([8, 10]);
    expect(s.anomalies).toEqual([]);
  });

  it('streamed: the last partialArgs part closes the call when neither it nor its entries continue', async () => {
    const body =
      part([fc({ name: 'write_items', willContinue: true })]) +
      part([fc({ partialArgs: [{ jsonPath: '$.items[0].id', stringValue: 'apple', willContinue: true }], willContinue: true })]) +
      part([fc({ partialArgs: [{ jsonPath: '$.items[0].id', stringValue: '' }], willContinue: true })]) +
      part([fc({ partialArgs: [{ jsonPath: '$.items[0].price', numberValue: 0.3 }] })]) +
      stop();
    const s = session(body);
    const sdk = await sdkCalls('gemini', body);
    expect(sdk).toEqual([{ id: '', name: 'write_items', args: { items: [{ id: 'apple', price: 0.3 }] } }]);
    expect(noIds(ours(s, 0))).toEqual(sdk);
    expect(noIds(truth(s, 0))).toEqual(sdk);
    expect(s.carried[0]?.endFrame).toBe(3);
  });

  it('cut by MAX_TOKENS while an argument is still continuing: call-cut-off at the last fragment, and no strategy is ok', () => {
    const body =
      part([fc({ name: 'write_file', willContinue: true })]) +
      part([fc({ partialArgs: [{ jsonPath: '$.content', stringValue: 'export function', willContinue: true }], willContinue: true })]) +
      part([fc({ partialArgs: [{ jsonPath: '$.content', stringValue: ' parseDate(', willContinue: true }], willContinue: true })]) +
      stop('MAX_TOKENS');
    const s = session(body);
    expect(s.carried[0]?.endFrame).toBeUndefined();
    expect(s.anomalies).toContainEqual({ code: 'call-cut-off', turn: 0, frame: 2, detail: '0' });
    for (const run of Object.values(s.strategies)) expect(run.verdict, run.id).not.toBe('ok');
  });
});

describe('never a silent ok', () => {
  it('Gemini partialArgs with no named call to continue: a call without a name, anomaly and verdict', () => {
    const body = part([fc({ partialArgs: [{ jsonPath: '$.path', stringValue: 'a.md' }] })]) + stop();
    const s = session(body);
    expect(s.carried.map((c) => [c.name, c.argsText])).toEqual([['', '{"path":"a.md"}']]);
    expect(s.anomalies.map((a) => a.code)).toContain('call-without-name');
    expect(s.strategies['per-call-buffer'].verdicts[0]).toMatchObject({ verdict: 'fail', reason: 'unnamed-call' });
  });

  it('Anthropic tool_use with an empty name: anomaly and verdict', () => {
    const body =
      ev('message_start', { message: message([], null) }) +
      ev('content_block_start', { index: 0, content_block: { type: 'tool_use', id: 'toolu_x', name: '', input: {} } }) +
      ev('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: '{"a":1}' } }) +
      ev('content_block_stop', { index: 0 }) +
      ev('message_delta', { delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 5 } }) +
      ev('message_stop', {});
    const s = session(body);
    expect(s.anomalies).toContainEqual({ code: 'call-without-name', turn: 0, frame: 1, detail: '0' });
    expect(s.strategies['per-call-buffer'].verdict).toBe('fail');
  });

  it('Gemini partialArgs whose paths cannot be read: the arguments are lost, and the timeline says so', () => {
    const body = part([fc({ name: 'f', willContinue: true })]) + part([fc({ partialArgs: [{ jsonPath: 'path', stringValue: 'x' }, { jsonPath: '$.n' }] })]) + stop();
    const s = session(body);
    expect(s.carried.map((c) => c.argsText)).toEqual(['{}']);
    expect(s.anomalies.map((a) => a.code)).toContain('arguments-lost');
  });

  it('an adapter that missed the calls would no longer be judged ok: the truth does not read the signals', () => {
    const one = ev('message_start', { message: message([toolUse('toolu_a', 'get_sales', { region: 'north' })], 'tool_use') }) + ev('message_stop', {});
    const s = session(one);
    const blind = signalTableOf(Array.from({ length: s.frames.count }, () => [{ kind: 'ignored' as const, why: 'message-start' }]));
    // the truth is computed from the frames alone: it takes no signals, so it cannot be given blind ones
    // @ts-expect-error carriedCalls(wire, frames) has no third parameter
    expect(carriedCalls(s.wire, s.frames, blind)).toEqual(s.carried);
    expect(carriedCalls(s.wire, s.frames)).toEqual(s.carried);
    expect(s.carried.length).toBe(1);
  });
});
