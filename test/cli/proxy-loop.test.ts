/**
 * The recording proxy records a whole agent run: the official `openai` and `@anthropic-ai/sdk` clients, their
 * baseURL at the proxy, run a 3-turn tool loop (a tool that takes TOOL_MS) against a fake upstream that streams each
 * turn on a known schedule, 40 ms between writes (proxy-fakes.ts), the proxy in its own process (the real entry).
 * The client gets the upstream's bytes unchanged; the recording has the three turns, each read recorded after the
 * upstream wrote it and before the client had it (the median within READ_MS of the write), the two tool times between the gap the
 * client itself measured and the gap the upstream saw, and `inspect` reads it. Responses (openai SDK) and Gemini
 * (fetch) too. The reads are compared with the moments the upstream actually wrote (its timers slip under load).
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireId } from '../../src/core/types';
import { startFake, type Fake } from './proxy-fakes';
import { concat, events, KEY, proxyFor, proxyProcess, readRecording, receivedAt, sleep, teeFetch, turnReads, type Teed } from './proxy-helpers';
import { inspect } from './run-cli';

const TOOL_MS = 150;
/**
 * The median read is recorded within this many ms of the moment the upstream wrote it: 0.3 to 3 ms alone on this
 * 2-core machine; 5.8 and 11.7 ms were seen with the whole integration project, a browser build and two busy loops
 * beside it (load 14). A proxy that held reads back to a turn's end would have a median of 80 ms.
 */
const READ_MS = 25;
/** The recording's 0 ms is known to the millisecond (its ISO `recordedAt`), the two processes' clocks to a little less. */
const CLOCK_MS = 1.5;

let fake: Fake;
beforeAll(async () => {
  fake = await startFake();
});
afterAll(async () => {
  await fake.close();
});

interface Loop {
  /** What the client read of each response, byte for byte, and when each piece reached it. */
  bodies: Teed[];
  /**
   * The client's own gap per tool: from the end of a response reaching it (its reader's done: a client waits for the
   * end, and the proxy stamps a turn's end before it ends the response) to its next request. Measured from the last
   * byte instead, it was longer than the proxy's by up to 30 ms when the machine was busy, in the time between the
   * last byte and the upstream's end.
   */
  gaps: number[];
}

async function loopOf(tee: ReturnType<typeof teeFetch>): Promise<Loop> {
  const bodies = await Promise.all(tee.bodies);
  return { bodies, gaps: tee.sentAt.slice(1).map((sent, k) => sent - (bodies[k]?.doneAt ?? Number.NaN)) };
}

const TOOLS_CHAT = [{ type: 'function' as const, function: { name: 'read_file', parameters: { type: 'object', properties: { path: { type: 'string' } } } } }];

async function chatLoop(baseURL: string): Promise<Loop> {
  const tee = teeFetch();
  const client = new OpenAI({ baseURL: `${baseURL}/v1`, apiKey: KEY, maxRetries: 0, fetch: tee.fetch });
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Read the files.' }];
  for (let turn = 0; turn < 5; turn++) {
    const done = await client.chat.completions.stream({ model: 'fake-model', messages, tools: TOOLS_CHAT }).finalChatCompletion();
    const message = done.choices[0]?.message;
    if (!message) throw new Error('no message');
    messages.push({ role: 'assistant', content: message.content, ...(message.tool_calls ? { tool_calls: message.tool_calls } : {}) });
    const calls = message.tool_calls ?? [];
    if (calls.length === 0) break;
    await sleep(TOOL_MS); // the tool runs
    for (const c of calls) messages.push({ role: 'tool', tool_call_id: c.id, content: 'file contents' });
  }
  return loopOf(tee);
}

async function anthropicLoop(baseURL: string): Promise<Loop> {
  const tee = teeFetch();
  const client = new Anthropic({ baseURL, apiKey: KEY, maxRetries: 0, fetch: tee.fetch });
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Read the files.' }];
  for (let turn = 0; turn < 5; turn++) {
    const msg = await client.messages.stream({ model: 'fake-model', max_tokens: 100, messages, tools: [{ name: 'read_file', input_schema: { type: 'object' } }] }).finalMessage();
    messages.push({ role: 'assistant', content: msg.content });
    const uses = msg.content.filter((b) => b.type === 'tool_use');
    if (uses.length === 0) break;
    await sleep(TOOL_MS);
    messages.push({ role: 'user', content: uses.map((u) => ({ type: 'tool_result' as const, tool_use_id: u.id, content: 'file contents' })) });
  }
  return loopOf(tee);
}

async function responsesLoop(baseURL: string): Promise<Loop> {
  const tee = teeFetch();
  const client = new OpenAI({ baseURL: `${baseURL}/v1`, apiKey: KEY, maxRetries: 0, fetch: tee.fetch });
  const input: OpenAI.Responses.ResponseInputItem[] = [{ role: 'user', content: 'Read the files.' }];
  for (let turn = 0; turn < 5; turn++) {
    const res = await client.responses.stream({ model: 'fake-model', input, tools: [{ type: 'function', name: 'read_file', parameters: {}, strict: false }] }).finalResponse();
    const calls = res.output.filter((o) => o.type === 'function_call');
    if (calls.length === 0) break;
    await sleep(TOOL_MS);
    for (const c of calls) input.push(c, { type: 'function_call_output', call_id: c.call_id, output: 'file contents' });
  }
  return loopOf(tee);
}

/** Gemini has no official client among the dev dependencies: fetch, as a script would, no ids on the calls. */
async function geminiLoop(baseURL: string): Promise<Loop> {
  const tee = teeFetch();
  const contents: unknown[] = [{ role: 'user', parts: [{ text: 'Read the files.' }] }];
  for (let turn = 0; turn < 5; turn++) {
    const res = await tee.fetch(`${baseURL}/v1beta/models/fake-model:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': KEY },
      body: JSON.stringify({ contents }),
    });
    const calls = (await res.text())
      .split('\n\n')
      .filter((b) => b.startsWith('data: '))
      .flatMap((b) => ((JSON.parse(b.slice(6)) as { candidates: { content: { parts: { functionCall?: { name: string } }[] } }[] }).candidates[0]?.content.parts ?? []))
      .flatMap((p) => (p.functionCall ? [p.functionCall] : []));
    if (calls.length === 0) break;
    await sleep(TOOL_MS);
    contents.push({ role: 'model', parts: calls.map((c) => ({ functionCall: c })) }, { role: 'user', parts: calls.map((c) => ({ functionResponse: { name: c.name, response: { content: 'file contents' } } })) });
  }
  return loopOf(tee);
}

const LOOPS: [WireId, (base: string) => Promise<Loop>, string, string[]][] = [
  ['openai-chat', chatLoop, 'OpenAI/JS', ['call_0', 'call_1']],
  ['anthropic-messages', anthropicLoop, 'Anthropic/JS', ['toolu_0', 'toolu_1']],
  ['openai-responses', responsesLoop, 'OpenAI/JS', ['call_0', 'call_1']],
  ['gemini', geminiLoop, 'node', ['gemini-call-0', 'gemini-call-0']],
];

describe.each(LOOPS)('a 3-turn tool loop through the proxy: %s', (wire, loop, agent, callIds) => {
  it('hands the client the upstream bytes unchanged and records 3 turns, reads on schedule, tool times by call id', async () => {
    const first = fake.sent.length;
    const proxy = await proxyProcess(fake.url, wire, ['--title', `loop ${wire}`, '--note', 'a test run']);
    const run = await loop(proxy.url);
    const stopped = await proxy.stop();
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toBe(`record: recorded 3 turns with 2 tool times in ${proxy.out}\n`);

    const sent = fake.sent.slice(first);
    expect(sent).toHaveLength(3);
    const { rec, session, lines } = readRecording(proxy.out);
    expect(rec.turns).toHaveLength(3);
    // the recording's 0 ms on the wall clock (ms precision), to set the upstream's write times beside its reads
    const origin = Date.parse(String(rec.header.recordedAt)) - performance.timeOrigin;
    const lateness: number[] = [];
    for (let k = 0; k < 3; k++) {
      // byte-identical: what the upstream wrote is what the client read, and what the recording holds
      const upstream = concat((sent[k]?.writes ?? []).map((w) => w.bytes));
      expect(Buffer.from(run.bodies[k]?.bytes ?? []).equals(Buffer.from(upstream)), `turn ${k}: client bytes`).toBe(true);
      const reads = turnReads(rec, k);
      expect(Buffer.from(reads.bytes).equals(Buffer.from(upstream)), `turn ${k}: recorded bytes`).toBe(true);
      // one recorded read per upstream write, each recorded between the moment the upstream wrote it and the moment
      // the client had it (the proxy stamps a read before it hands it on): on any machine, at any load. And the
      // median of the three turns' reads within READ_MS of the write: a proxy that held reads back to the end of a
      // turn would record them up to 160 ms late (median 80 ms)
      const writes = sent[k]?.writes ?? [];
      expect(reads.times).toHaveLength(writes.length);
      const requestAt = origin + (rec.turns[k]?.requestAt ?? 0);
      let offset = 0;
      reads.times.forEach((t, i) => {
        offset += writes[i]?.bytes.length ?? 0;
        const at = requestAt + t;
        const late = at - (writes[i]?.at ?? 0);
        const client = receivedAt(run.bodies[k] as Teed, offset);
        lateness.push(late);
        const says = `turn ${k} read ${i}: recorded ${late.toFixed(2)} ms after the upstream wrote it, ${(client - at).toFixed(2)} ms before the client had it`;
        expect(late, says).toBeGreaterThan(-CLOCK_MS);
        expect(at, says).toBeLessThan(client + CLOCK_MS);
      });
      expect(rec.turns[k]?.end?.status).toBe('complete');
    }
    lateness.sort((a, b) => a - b);
    expect(lateness[Math.floor(lateness.length / 2)], `median lateness of the reads (${lateness.map((x) => x.toFixed(1)).join(', ')})`).toBeLessThan(READ_MS);
    // tool times: turn 0's and turn 1's call, each the gap the client left (the tool, plus the SDK's own work)
    expect(rec.tools.map((t) => [t.turn, t.callId, t.name])).toEqual([
      [0, callIds[0], 'read_file'],
      [1, callIds[1], 'read_file'],
    ]);
    rec.tools.forEach((t, i) => {
      // Between the client's own gap (the proxy saw the end before the client did, the next request after the
      // client sent it) and the upstream's gap (it wrote the end before the proxy saw it, and got the next request
      // after): a correct pairing cannot fall outside, a wrong turn or a late end would by a turn's 200 ms.
      const upstreamGap = (sent[i + 1]?.arrivedAt ?? 0) - (sent[i]?.writes.at(-1)?.at ?? 0);
      const says = `tool ${i}: ${t.durationMs} ms recorded; the client's gap ${run.gaps[i]?.toFixed(1)} ms, the upstream's ${upstreamGap.toFixed(1)} ms`;
      expect(t.durationMs, says).toBeGreaterThanOrEqual(TOOL_MS);
      // (The proxy stamps the end when its write has been handed to the socket, so the client can read it a little
      // before that stamp: 1 ms in a fresh-clone CI run. 5 ms keeps the bound far under a wrong pairing's 200 ms.)
      expect(t.durationMs, says).toBeGreaterThan((run.gaps[i] ?? Infinity) - 5);
      expect(t.durationMs, says).toBeLessThan(upstreamGap + 0.1);
      // the span starts where the turn that asked for it ended and lasts until the request that brought the result
      expect(t.time).toBeCloseTo(rec.turns[t.turn]?.end?.time ?? -1, 5);
      expect(Math.abs(t.time + t.durationMs - (rec.turns[t.turn + 1]?.requestAt ?? -1))).toBeLessThan(0.11);
    });
    // each request's body is in its req, so the turn's messages and tool results are there
    const reqs = events(lines, 'req');
    expect(reqs.map((r) => r[2].turn)).toEqual([0, 1, 2]);
    expect(JSON.stringify(reqs[2]?.[2].body)).toContain('file contents');
    // provenance: captured, the upstream's host, the client's User-Agent, title and note
    expect(rec.header.provenance?.kind).toBe('captured');
    expect(rec.header.server).toBe(new URL(fake.url).host);
    expect(String(rec.header.client)).toContain(agent);
    expect(rec.header.provenance?.notes).toContain('a test run');
    expect(rec.header.title?.en).toBe(`loop ${wire}`);
    // the analysis sees the calls the tool times name
    expect(session.carried.filter((c) => c.turn < 2).map((c) => c.id)).toEqual(callIds);
    expect(session.anomalies).toEqual([]);
  });
});

describe('npm run inspect on a proxied run', () => {
  it('shows the three turns and the two tool times', async () => {
    const { proxy, out } = await proxyFor(fake.url, 'openai-chat');
    await chatLoop(proxy.url);
    expect((await proxy.stop()).exitCode).toBe(0);
    const summary = await inspect(out, '--lang', 'en');
    expect(summary.code, summary.err).toBe(0);
    expect(summary.out).toMatch(/openai-chat \(named in the header\), 15 frames, 3 turns/);
    expect(summary.out).toMatch(/provenance: captured/);
    for (const k of [0, 1, 2]) expect(summary.out).toMatch(new RegExp(`turn ${k}: 5 frames; first frame \\d`));
    const json = JSON.parse((await inspect(out, '--json')).out) as { turns: { finishReason: string }[] };
    expect(json.turns.map((t) => t.finishReason)).toEqual(['tool_calls', 'tool_calls', 'stop']);
    // the tool times, in inspect's own summary, one line per answered call with its recorded duration
    const { session } = readRecording(out);
    expect(session.recording.tools.map((t) => [t.turn, t.callId])).toEqual([
      [0, 'call_0'],
      [1, 'call_1'],
    ]);
    expect(session.recording.tools.every((t) => t.durationMs >= 150)).toBe(true);
    expect(summary.out).toContain('\ntool runs: 2\n');
    for (const tool of session.recording.tools) {
      expect(summary.out).toContain(`\n  turn ${tool.turn} → call_${tool.turn} read_file: ${(Math.round(tool.durationMs * 10) / 10).toFixed(1)} ms\n`);
    }
    const zh = await inspect(out, '--lang', 'zh');
    expect(zh.out).toContain('\n工具运行：2 次\n');
  });
});
