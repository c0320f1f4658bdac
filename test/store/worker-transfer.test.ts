// The analysis worker's sliced transfer: what the page reassembles from structured-cloned parts is the same data as
// analysing inline; the worker's job and the page's client work together (progress, cancel, load failures); parts
// that do not fit are refused with a message naming the path.
import { describe, expect, test } from 'vitest';
import { generateChat } from '../../bench/lib/generate';
import { analyzeText } from '../../src/core/session/analyze';
import type { Session } from '../../src/core/types';
import { createAssembler } from '../../src/worker/assemble';
import { createAnalyzer } from '../../src/worker/client';
import { runAnalysis } from '../../src/worker/job';
import { PART_SIZE, type AnalyzeRequest, type Part, type WorkerReply } from '../../src/worker/protocol';
import { partsOf, splitSession, type SliceSizes } from '../../src/worker/slice';
import { expectStrictEqual } from '../support/strict-equal';

function inline(jsonl: string): Session {
  const r = analyzeText(jsonl, 'gen.jsonl');
  if (!r.ok) throw new Error(r.error.message);
  return r.session;
}

/** Splits, sends every part through structured clone (transferring its buffers), and reassembles on the "page". */
function roundTrip(session: Session, sizes?: SliceSizes): { session: Session; parts: Part[]; itemCounts: number[] } {
  const { skeleton, pieces } = splitSession(session, sizes);
  const assembler = createAssembler();
  const parts: Part[] = [];
  const itemCounts: number[] = [];
  for (const { part, transfer } of partsOf(pieces, sizes)) {
    const received = structuredClone(part, { transfer });
    parts.push(received);
    if (received.kind === 'items') itemCounts.push(received.items.length);
    if (received.kind === 'frames') itemCounts.push(received.columns.count);
    assembler.add(received);
  }
  return { session: assembler.finish(structuredClone(skeleton)), parts, itemCounts };
}

describe('sliced transfer of a session', () => {
  test('a generated 7,000-frame recording: the reassembled session, cloned again, equals the inline analysis', () => {
    // 7,000 frames go in 7 frame parts at the default PART_SIZE, and the decoded text (over 1 MiB) in 2 text parts
    const gen = generateChat(7_000);
    const expected = inline(gen.jsonl);
    const { session, parts, itemCounts } = roundTrip(inline(gen.jsonl));
    expectStrictEqual(structuredClone(session), expected);
    expect(session.frames).toHaveLength(gen.events);
    // it really went in slices: no items part over the slice size, frames in several parts
    const frameParts = parts.filter((p) => p.kind === 'frames' && p.path.join('.') === 'frames');
    expect(frameParts.length).toBe(Math.ceil(gen.events / PART_SIZE));
    expect(Math.max(...itemCounts)).toBeLessThanOrEqual(PART_SIZE);
    expect(parts.filter((p) => p.kind === 'text' && p.path.join('.') === 'decoded.0.text').length).toBeGreaterThan(1);
  });

  test('small slice sizes: long texts cut into pieces, every array sliced, still the same data', () => {
    const gen = generateChat(1_500);
    const expected = inline(gen.jsonl);
    const original = inline(gen.jsonl);
    const { session, parts } = roundTrip(original, { items: 7, text: 1000 });
    expectStrictEqual(structuredClone(session), expected);
    expect(parts.filter((p) => p.kind === 'text').length).toBeGreaterThan(10);
    // the session given to splitSession is not changed
    expectStrictEqual(original, expected);
  });

  test("a turn's chunks become views into one buffer, back to back, with the recorded times and bytes", () => {
    const gen = generateChat(2_000);
    const expected = inline(gen.jsonl);
    const { session } = roundTrip(inline(gen.jsonl), { items: 300, text: 1 << 20 });
    const chunks = session.recording.turns[0]?.chunks ?? [];
    expect(chunks.length).toBe(expected.recording.turns[0]?.chunks.length);
    const buffer = chunks[0]?.bytes.buffer;
    let at = 0;
    chunks.forEach((c, i) => {
      expect(c.bytes.buffer).toBe(buffer);
      expect(c.bytes.byteOffset).toBe(at);
      at += c.bytes.byteLength;
      expect(c.time).toBe(expected.recording.turns[0]?.chunks[i]?.time);
    });
    expect(new TextDecoder().decode(new Uint8Array(buffer ?? new ArrayBuffer(0), 0, at))).toBe(gen.sse);
  });

  test('a string with surrogate pairs is never cut between the halves', () => {
    const text = '😀'.repeat(600);
    const base = inline(generateChat(10).jsonl);
    const session = { ...base, decoded: base.decoded.map((d) => ({ ...d, text })) };
    const { session: back, parts } = roundTrip(session, { items: 4000, text: 101 });
    expect(back.decoded[0]?.text).toBe(text);
    // no piece starts with a low surrogate or ends with a high one
    for (const p of parts) if (p.kind === 'text') expect(p.text).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });

  test('a recorded final message with a "__proto__" member holding a long text and a long array comes back whole', () => {
    const base = inline(generateChat(10).jsonl);
    const message: unknown = JSON.parse(`{"__proto__":${JSON.stringify('x'.repeat(500))},"nested":{"__proto__":[${Array.from({ length: 30 }, (_, i) => i).join(',')}]}}`);
    const turns = base.recording.turns.map((t, i) => (i === 0 ? { ...t, final: { time: t.requestAt, message } } : t));
    const session = { ...base, recording: { ...base.recording, turns } };
    const { session: back, parts } = roundTrip(session, { items: 7, text: 100 });
    expect(parts.some((p) => p.kind === 'text') && parts.some((p) => p.kind === 'items')).toBe(true);
    const got = back.recording.turns[0]?.final?.message as Record<string, unknown>;
    expect(Object.keys(got)).toEqual(['__proto__', 'nested']);
    expect(got).toEqual(message);
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
  });

  test('parts that do not fit give a message naming the path', () => {
    const a = createAssembler();
    expect(() => a.add({ kind: 'chunks', path: ['recording', 'turns', 0, 'chunks'], times: new Float64Array(1), ends: new Float64Array(1) })).toThrow(/recording\.turns\.0\.chunks before their bytes/);
    a.add({ kind: 'bytes', path: ['recording', 'turns', 0, 'chunks'], bytes: new ArrayBuffer(4) });
    expect(() => a.add({ kind: 'chunks', path: ['recording', 'turns', 0, 'chunks'], times: new Float64Array(1), ends: Float64Array.of(9) })).toThrow(/ends at byte 9, outside 0\.\.4/);
    const b = createAssembler();
    b.add({ kind: 'items', path: ['nowhere', 'frames'], items: [1] });
    expect(() => b.finish(inline(generateChat(10).jsonl))).toThrow(/no place for nowhere\.frames/);
  });
});

/** A Worker stand-in running the real job; every message is structured-cloned (buffers transferred) and delivered in its own task. */
function jobWorker(log: { terminated: boolean; replies: WorkerReply['type'][] }) {
  return class JobWorker extends EventTarget {
    postMessage(req: AnalyzeRequest) {
      const out: { reply: WorkerReply; transfer: Transferable[] }[] = [];
      runAnalysis(structuredClone(req), (reply, transfer = []) => out.push({ reply: structuredClone(reply, { transfer }), transfer }), { items: 500, text: 4096 });
      const deliver = (i: number) => {
        const next = out[i];
        if (!next || log.terminated) return;
        log.replies.push(next.reply.type);
        this.dispatchEvent(Object.assign(new Event('message'), { data: next.reply }));
        setTimeout(() => deliver(i + 1), 0);
      };
      setTimeout(() => deliver(0), 0);
    }
    terminate() {
      log.terminated = true;
    }
  };
}

describe('the worker path from request to session', () => {
  const withWorker = async <T>(Fake: unknown, run: () => Promise<T>): Promise<T> => {
    const had = 'Worker' in globalThis;
    if (!had) (globalThis as { Worker?: unknown }).Worker = Fake;
    try {
      return await run();
    } finally {
      if (!had) delete (globalThis as { Worker?: unknown }).Worker;
    }
  };

  test('a generated recording (with a fault) arrives whole, with rising progress, and the worker is terminated', async () => {
    const gen = generateChat(3_000);
    const log = { terminated: false, replies: [] as WorkerReply['type'][] };
    const Fake = jobWorker(log);
    const analyze = createAnalyzer({ inline: () => ({ ok: false, error: { message: 'not inline' } }), threshold: 0, createWorker: () => new Fake() as unknown as Worker });
    const progress: number[] = [];
    const r = await withWorker(Fake, () => analyze(gen.jsonl, 'gen.jsonl', { onProgress: (p) => progress.push(p), signal: new AbortController().signal, faults: ['cut:2000'] }));
    const expected = analyzeText(gen.jsonl, 'gen.jsonl', { faults: ['cut:2000'] });
    expectStrictEqual(r, expected);
    expect(r.ok && r.session.frames.length).toBe(2001);
    expect(log.replies.filter((t) => t === 'part').length).toBeGreaterThan(10);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(log.terminated).toBe(true);
  });

  test('cancelling between parts rejects with AbortError and stops the worker', async () => {
    const gen = generateChat(3_000);
    const log = { terminated: false, replies: [] as WorkerReply['type'][] };
    const Fake = jobWorker(log);
    const analyze = createAnalyzer({ inline: () => ({ ok: false, error: { message: 'not inline' } }), threshold: 0, createWorker: () => new Fake() as unknown as Worker });
    const ctl = new AbortController();
    const hooks = { onProgress: (p: number) => p > 0.6 && ctl.abort(), signal: ctl.signal };
    await expect(withWorker(Fake, () => analyze(gen.jsonl, 'gen.jsonl', hooks))).rejects.toMatchObject({ name: 'AbortError' });
    expect(log.terminated).toBe(true);
    expect(log.replies).toContain('part');
    expect(log.replies).not.toContain('done');
  });

  test('an unreadable file is a load failure naming the line, not a rejection', async () => {
    const log = { terminated: false, replies: [] as WorkerReply['type'][] };
    const Fake = jobWorker(log);
    const analyze = createAnalyzer({ inline: () => ({ ok: false, error: { message: 'not inline' } }), threshold: 0, createWorker: () => new Fake() as unknown as Worker });
    const r = await withWorker(Fake, () => analyze('{"streamscope": 2}\n', 'bad.jsonl', { onProgress: () => {}, signal: new AbortController().signal }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/version 2/);
  });
});
