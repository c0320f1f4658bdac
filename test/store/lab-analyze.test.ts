// Faults through the analysis entry points: core's analyzeText (load -> applyFaults -> analyze), the page-side
// analyzer (inline and worker paths) and the strategy matrix's row.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { analyzeText } from '../../src/core/session/analyze';
import { createAnalyzer } from '../../src/worker/client';
import { matrixRow } from '../../src/worker/matrixRow';
import type { AnalyzeRequest } from '../../src/worker/protocol';
import { chunkList } from '../../src/core/chunk-table';
import { STRATEGY_IDS } from '../../src/core/types';

const rec = (id: string) => readFileSync(`public/recordings/${id}.jsonl`, 'utf8');
const bytesOf = (r: ReturnType<typeof analyzeText>) =>
  r.ok ? r.session.recording.turns.reduce((n, t) => n + chunkList(t.chunks).reduce((m, c) => m + c.bytes.length, 0), 0) : -1;

describe('analyzeText with faults', () => {
  test('the session is analysed from the faulted recording, which it carries', () => {
    const plain = analyzeText(rec('anthropic-docs'), 'a.jsonl');
    const cut = analyzeText(rec('anthropic-docs'), 'a.jsonl', { faults: ['cut:12'] });
    expect(plain.ok && cut.ok).toBe(true);
    if (!plain.ok || !cut.ok) return;
    expect(cut.session.frames.count).toBe(13);
    expect(plain.session.frames.count).toBe(19);
    expect(bytesOf(cut)).toBeLessThan(bytesOf(plain));
    expect(cut.session.recording.turns[0]?.end?.status).toBe('aborted');
    expect(cut.session.strategies['per-call-buffer'].verdict).toBe('fail');
    expect(plain.session.strategies['per-call-buffer'].verdict).toBe('ok');
    expect(cut.noEffect).toEqual([]);
    expect('noEffect' in plain).toBe(false);
  });

  test('the same faults and seed give the same bytes; faults apply in order', () => {
    const a = analyzeText(rec('parallel-probe'), 'p.jsonl', { faults: ['crlf', 'rechunk:3'], seed: 5 });
    const b = analyzeText(rec('parallel-probe'), 'p.jsonl', { faults: ['crlf', 'rechunk:3'], seed: 5 });
    if (!a.ok || !b.ok) throw new Error('should analyse');
    expect(a.session.recording.turns.map((t) => chunkList(t.chunks).map((c) => [...c.bytes]))).toEqual(b.session.recording.turns.map((t) => chunkList(t.chunks).map((c) => [...c.bytes])));
    // cut:3 counts the frames rechunk left: different from cutting first
    const rechunkThenCut = analyzeText(rec('parallel-probe'), 'p.jsonl', { faults: ['rechunk:3', 'cut:3'] });
    const cutThenRechunk = analyzeText(rec('parallel-probe'), 'p.jsonl', { faults: ['cut:3', 'rechunk:3'] });
    if (!rechunkThenCut.ok || !cutThenRechunk.ok) throw new Error('should analyse');
    expect(rechunkThenCut.session.frames.count).toBe(4);
    expect(cutThenRechunk.session.frames.count).toBeGreaterThan(4);
  });

  test('a fault that cannot apply fails with a message naming it and its position, and the issue as data', () => {
    const r = analyzeText(rec('anthropic-docs'), 'a.jsonl', { faults: ['crlf', 'interleave'] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toMatch(/fault 2 "interleave"/);
    expect(r.fault).toMatchObject({ code: 'wrong-wire', spec: 'interleave', position: 1, values: { wire: 'anthropic-messages' } });
    const bad = analyzeText(rec('anthropic-docs'), 'a.jsonl', { faults: ['rechunk:zero'] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.fault).toMatchObject({ code: 'bad-number', position: 0, values: { param: 'N', got: 'zero' } });
    // a load failure stays a load failure (no fault data)
    const unreadable = analyzeText('hello', 'x.jsonl', { faults: ['crlf'] });
    expect(unreadable.ok).toBe(false);
    if (!unreadable.ok) expect(unreadable.fault).toBeUndefined();
  });
});

describe('the page-side analyzer passes faults', () => {
  const hooks = (faults: string[]) => ({ onProgress: () => {}, signal: new AbortController().signal, faults });

  test('inline: a faulted input is analysed with its faults even when the given inline function ignores them', async () => {
    const analyze = createAnalyzer({ inline: (input, name) => analyzeText(input, name) });
    const r = await analyze(rec('anthropic-docs'), 'a.jsonl', hooks(['cut:12']));
    expect(r.ok && r.session.frames.count).toBe(13);
    const plain = await analyze(rec('anthropic-docs'), 'a.jsonl', hooks([]));
    expect(plain.ok && plain.session.frames.count).toBe(19);
  });

  test('worker: the request carries the faults and the seed', async () => {
    const sent: AnalyzeRequest[] = [];
    class FakeWorker extends EventTarget {
      postMessage(req: AnalyzeRequest) {
        sent.push(req);
        const r = analyzeText(req.input as string | Uint8Array, req.name, { ...(req.faults && { faults: req.faults }), ...(req.seed !== undefined && { seed: req.seed }) });
        queueMicrotask(() => this.dispatchEvent(Object.assign(new Event('message'), { data: { type: 'done', result: r } })));
      }
      terminate() {}
    }
    const analyze = createAnalyzer({ inline: () => ({ ok: false, error: { message: 'not inline' } }), threshold: 0, createWorker: () => new FakeWorker() as unknown as Worker });
    const had = 'Worker' in globalThis;
    // the client only takes the worker path where Worker exists
    if (!had) (globalThis as { Worker?: unknown }).Worker = FakeWorker;
    const r = await analyze(rec('anthropic-docs'), 'a.jsonl', { ...hooks(['cut:12']), seed: 9 }).finally(() => {
      if (!had) delete (globalThis as { Worker?: unknown }).Worker;
    });
    expect(sent[0]).toMatchObject({ faults: ['cut:12'], seed: 9 });
    expect(r.ok && r.noEffect).toEqual([]);
  });
});

describe('strategy matrix rows', () => {
  test('a row has every strategy with its verdict and first failing frame', () => {
    const row = matrixRow('anthropic-docs', rec('anthropic-docs'), 'anthropic-docs.jsonl');
    const s = analyzeText(rec('anthropic-docs'), 'anthropic-docs.jsonl');
    if (!row.ok || !s.ok) throw new Error('should analyse');
    // the built-in strategies (the learner's, 'yours', is the exercise's own column, run in its sandbox)
    for (const id of STRATEGY_IDS) {
      const run = s.session.strategies[id];
      const cell = row.cells[id];
      expect(cell.verdict).toBe(run.verdict);
      const fails = run.verdicts.filter((v) => v.verdict === 'fail' && v.frame !== undefined).map((v) => v.frame as number);
      expect(cell.frame).toBe(fails.length ? Math.min(...fails) : undefined);
    }
    expect(row.cells['parse-each-fragment']).toEqual({ verdict: 'fail', frame: 8 });
  });

  test('an unreadable file is a row naming the problem', () => {
    const row = matrixRow('bad', '{"streamscope": 2}\n', 'bad.jsonl');
    expect(row.ok).toBe(false);
    if (!row.ok) expect(row.message).toMatch(/version 2/);
  });
});
