// The page's first analysis (core/session/lazy.ts) goes without the code it does not need: the other formats'
// readers until it meets such a file (core/load/formats.ts), the wire's code until it meets that wire, and the
// readers' learning (core/learning.ts) at all; and it gives the same Session as the CLI's analyzeInput, which has
// everything installed. This file imports only the page's modules statically; session.ts (which installs the rest)
// is imported last, by the last test.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load } from '../../../src/core/load/read';
import { ReaderMissing } from '../../../src/core/load/readers';
import { analyzeInputLazily } from '../../../src/core/session/lazy';
import { decodeRecording, ParserMissing } from '../../../src/core/sse/decode';
import { CHAT_SPEC, observeChat } from '../../../src/core/strategies/ground-truth/chat';
import { shapeSchedule, learnShape } from '../../../src/core/strategies/ground-truth/schedule';
import { createReader, learn } from '../../../src/core/wire/envelope';
import { wireReady } from '../../../src/core/wires';

const sse = (chunks: unknown[]): string => chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n';
const chunk = (delta: unknown) => ({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: null }] });
const SSE = sse([
  chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: ' "Paris"}' } }] }),
]);
const HAR = JSON.stringify({
  log: {
    entries: [
      {
        startedDateTime: '2026-12-06T00:00:00.000Z',
        time: 30,
        request: { method: 'POST', url: 'https://api.openai.com/v1/chat/completions', headers: [] },
        response: { status: 200, headers: [{ name: 'content-type', value: 'text/event-stream' }], content: { mimeType: 'text/event-stream', text: SSE } },
        timings: { wait: 10, receive: 20 },
      },
    ],
  },
});
/** What the envelope reader and the ground truth's schedule learn from the same frame seen four times. */
const learned = (): { template: boolean; shapes: number } => {
  const r = createReader(['choices', 0, 'delta']);
  const text = JSON.stringify(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }));
  const sched = shapeSchedule();
  for (let i = 0; i < 4; i++) {
    learn(r, text);
    learnShape(sched, text, '', observeChat, CHAT_SPEC);
  }
  return { template: r.template !== undefined, shapes: sched.shapes.length };
};
const V1 = readFileSync('public/recordings/parallel-probe.jsonl');
/** A v1 recording with base64 `bytes` events. */
const BYTES = readFileSync('public/recordings/utf8-split.jsonl');
/** A v1 recording whose chunks end lines with CRLF. */
const CRLF = readFileSync('public/recordings/crlf-split.jsonl');

describe('the page analysis, before anything else is installed', () => {
  it('reads a v1 recording of text chunks without the other readers; asks for them for anything else', () => {
    expect(load(V1, 'parallel-probe.jsonl').ok).toBe(true);
    expect(load('  \n', 'x.txt').ok).toBe(false);
    for (const [input, name] of [[SSE, 'x.sse'], [HAR, 'x.har'], ['{"choices":[]}\n', 'x.ndjson'], [BYTES, 'utf8-split.jsonl']] as const) {
      expect(() => load(input, name), name).toThrow(ReaderMissing);
    }
  });

  it('decodes without the SSE general path until a recording needs it (a block with an id line, CR line ends), and then says so', () => {
    const v1 = load(V1, 'parallel-probe.jsonl');
    if (!v1.ok) throw new Error('parallel-probe did not load');
    expect(decodeRecording(v1.recording).frames.count).toBeGreaterThan(0);
    const ids = load(V1.toString().replace(/data: /g, 'id: 7\\ndata: '), 'ids.jsonl');
    if (!ids.ok) throw new Error(ids.error.message);
    expect(() => decodeRecording(ids.recording)).toThrow(ParserMissing);
    // CR line ends take the general path's segmenter
    const crlf = load(CRLF, 'crlf-split.jsonl');
    if (!crlf.ok) throw new Error(crlf.error.message);
    expect(() => decodeRecording(crlf.recording)).toThrow(ParserMissing);
  });

  it('builds no envelope template and no ground-truth shape (no learning installed)', () => {
    expect(learned()).toEqual({ template: false, shapes: 0 });
  });

  it('reads a v1 recording with only its wire fetched', async () => {
    expect(wireReady('openai-chat')).toBe(false);
    const r = await analyzeInputLazily(V1, 'parallel-probe.jsonl');
    expect(r.ok).toBe(true);
    expect(wireReady('openai-chat')).toBe(true);
    expect(wireReady('anthropic-messages')).toBe(false);
    expect(() => load(SSE, 'x.sse')).toThrow(/sse reader is not installed/);
  });

  it('awaits the pause it is given between its stages (after the load, after the decode), and none for a file that does not load', async () => {
    let pauses = 0;
    const pause = () => new Promise<void>((resolve) => setTimeout(() => (pauses++, resolve()), 0));
    const paused = await analyzeInputLazily(V1, 'parallel-probe.jsonl', undefined, pause);
    expect(pauses).toBe(2);
    const straight = await analyzeInputLazily(V1, 'parallel-probe.jsonl');
    if (!paused.ok || !straight.ok) throw new Error('parallel-probe did not load');
    expect(paused.session.frames.count).toBe(straight.session.frames.count);
    expect(Object.values(paused.session.strategies).map((run) => run.verdict)).toEqual(Object.values(straight.session.strategies).map((run) => run.verdict));
    pauses = 0;
    const bad = await analyzeInputLazily('{"not": "a recording"', 'bad.jsonl', undefined, pause);
    expect(bad.ok).toBe(false);
    expect(pauses).toBe(0);
  });

  it('fetches the other formats when it meets one, and reads it', async () => {
    const r = await analyzeInputLazily(SSE, 'x.sse');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.session.frames.count).toBe(4);
    expect(load(HAR, 'x.har').ok).toBe(true);
    const h = await analyzeInputLazily(HAR, 'x.har');
    expect(h.ok).toBe(true);
  });

  it('fetches the SSE parser when a block needs it (an id line), and decodes it as the CLI does', async () => {
    const withIds = SSE.split('\n\n').filter(Boolean).map((block, i) => `id: ${i}\n${block}`).join('\n\n') + '\n\n';
    const r = await analyzeInputLazily(withIds, 'ids.sse');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.session.frames.count).toBe(4);
    const { analyzeInput } = await import('../../../src/core/session/session');
    const cli = analyzeInput(withIds, 'ids.sse');
    if (!r.ok || !cli.ok) throw new Error('ids.sse did not load');
    expect(Object.values(r.session.strategies).map((run) => run.calls)).toEqual(Object.values(cli.session.strategies).map((run) => run.calls));
  });

  it('gives the Session the CLI gives, which learns (same frames, calls and verdicts)', async () => {
    const { analyzeInput } = await import('../../../src/core/session/session');
    const after = learned();
    expect(after.template).toBe(true);
    expect(after.shapes).toBeGreaterThan(0);
    for (const [input, name] of [[V1, 'parallel-probe.jsonl'], [SSE, 'x.sse'], [HAR, 'x.har'], [BYTES, 'utf8-split.jsonl'], [CRLF, 'crlf-split.jsonl']] as const) {
      const page = await analyzeInputLazily(input, name);
      const cli = analyzeInput(input, name);
      if (!page.ok || !cli.ok) throw new Error(`${name} did not load`);
      expect(page.session.frames.count).toBe(cli.session.frames.count);
      const runs = (session: typeof page.session) => Object.values(session.strategies).map((run) => [run.id, run.verdict, run.calls, run.verdicts]);
      expect(runs(page.session).length).toBeGreaterThan(0);
      expect(runs(page.session)).toEqual(runs(cli.session));
      expect(page.session.anomalies).toEqual(cli.session.anomalies);
    }
  });
});
