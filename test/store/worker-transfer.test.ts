// The analysis worker's sliced transfer: what the page reassembles from structured-cloned parts is the same data as
// analysing inline; the worker's job and the page's client work together (progress, cancel, load failures); parts
// that do not fit are refused with a message naming the path.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCallHeavy } from '../../bench/lib/call-heavy';
import { generateChat } from '../../bench/lib/generate';
import { analyzeText } from '../../src/core/session/analyze';
import type { Session } from '../../src/core/types';
import { createAssembler } from '../../src/worker/assemble';
import { createAnalyzer } from '../../src/worker/client';
import { runAnalysis } from '../../src/worker/job';
import { PART_SIZE, TEXT_PART, type AnalyzeRequest, type Part, type WorkerReply } from '../../src/worker/protocol';
import { partsOf, splitSession, type SliceSizes } from '../../src/worker/slice';
import { expectStrictEqual } from '../support/strict-equal';
import { chunkBytes, chunkList } from '../../src/core/chunk-table';
import { english } from '../../src/core/load/english';

function inline(jsonl: string, name = 'gen.jsonl'): Session {
  const r = analyzeText(jsonl, name);
  if (!r.ok) throw new Error(english(r.error));
  return r.session;
}

/** The session with its frames' text marked as not its turns' bytes (as in a table made by hand): it then travels. */
function travellingText(s: Session): Session {
  return { ...s, frames: { ...s.frames, pieceByte: s.frames.pieceByte.map(() => -1) } };
}

/** Splits, sends every part through structured clone (transferring its buffers), and reassembles on the "page". */
function roundTrip(session: Session, sizes?: SliceSizes): { session: Session; parts: Part[]; itemCounts: number[]; pieceUnits: number[] } {
  const { skeleton, pieces } = splitSession(session, sizes);
  const assembler = createAssembler();
  const parts: Part[] = [];
  const itemCounts: number[] = [];
  const pieceUnits: number[] = [];
  for (const { part, transfer } of partsOf(pieces, sizes)) {
    const received = structuredClone(part, { transfer });
    parts.push(received);
    if (received.kind === 'items' && received.path.join('.') === 'frames.pieces') pieceUnits.push((received.items as string[]).join('').length);
    else if (received.kind === 'items') itemCounts.push(received.items.length);
    assembler.add(received);
  }
  return { session: assembler.finish(structuredClone(skeleton)), parts, itemCounts, pieceUnits };
}

describe('sliced transfer of a session', () => {
  test('a generated 7,000-frame recording: the reassembled session, cloned again, equals the inline analysis', () => {
    // 7,000 frames: the frame table in one part (its typed arrays transferred); its decoded text (over 1 MiB, so
    // in more than one piece) does not travel: the page decodes it again from the turn's bytes (src/worker/piece-text.ts)
    const gen = generateChat(7_000);
    const expected = inline(gen.jsonl);
    const original = inline(gen.jsonl);
    const { session, parts, itemCounts, pieceUnits } = roundTrip(original);
    expectStrictEqual(structuredClone(session), expected);
    expect(session.frames.count).toBe(gen.events);
    expect(parts.filter((p) => p.kind === 'table').map((p) => p.path.join('.'))).toEqual(['frames']);
    // transferred, not copied: the worker's columns are detached
    expect(original.frames.turn.byteLength).toBe(0);
    // the signal table and the kinds likewise: one part each, their buffers transferred, never items to clone
    expect(parts.filter((p) => p.kind === 'signal-table').map((p) => p.path.join('.'))).toEqual(['signals']);
    expect(parts.filter((p) => p.kind === 'array').map((p) => p.path.join('.'))).toEqual(['kinds']);
    expect(parts.filter((p) => p.kind === 'items' && p.path[0] === 'signals').every((p) => p.kind === 'items' && p.path.join('.') === 'signals.pieces')).toBe(true);
    expect(original.signals.kind.byteLength).toBe(0);
    expect(original.signals.start.byteLength).toBe(0);
    expect(original.kinds.byteLength).toBe(0);
    expect(session.signals.count).toBe(expected.signals.count);
    expect(session.kinds.length).toBe(gen.events);
    expect(pieceUnits).toEqual([]);
    expect(session.frames.pieces.length).toBeGreaterThan(1);
    expect(session.frames.pieces.join('')).toBe(expected.frames.pieces.join(''));
    // the other arrays went in slices: no items part over the slice size
    expect(Math.max(...itemCounts)).toBeLessThanOrEqual(PART_SIZE);
  });

  test('small slice sizes: the long texts and lists sliced, still the same data', () => {
    const gen = generateChat(1_500);
    // text the page could not decode again (as a table made by hand), so the frames' text travels too, sliced
    const expected = travellingText(inline(gen.jsonl));
    const original = travellingText(inline(gen.jsonl));
    // the session given to splitSession is not changed (sending the parts then transfers its tables' buffers)
    splitSession(original, { items: 7, text: 1000 });
    expectStrictEqual(original, expected);
    const { session, parts, itemCounts } = roundTrip(original, { items: 7, text: 1000 });
    expectStrictEqual(structuredClone(session), expected);
    expect(parts.filter((p) => p.kind === 'items').length).toBeGreaterThan(1);
    expect(Math.max(...itemCounts)).toBeLessThanOrEqual(7);
    // the frames' one long piece in text parts of its own
    expect(parts.filter((p) => p.kind === 'text' && p.path.join('.') === 'frames.pieces.0').length).toBeGreaterThan(10);
  });

  test('text that travels goes in parts of about TEXT_PART characters', () => {
    const gen = generateChat(7_000);
    const expected = travellingText(inline(gen.jsonl));
    const { session, pieceUnits } = roundTrip(travellingText(inline(gen.jsonl)));
    expectStrictEqual(structuredClone(session), expected);
    expect(pieceUnits.length).toBeGreaterThan(1);
    for (const units of pieceUnits) expect(units).toBeLessThanOrEqual(TEXT_PART);
  });

  test('a call-heavy stream: thousands of buffers, their texts in slices, each run\'s buffer and fragment tables sent once, the same data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ss-transfer-'));
    try {
      const file = join(dir, 'calls.sse');
      writeCallHeavy(file, 3_000);
      const text = readFileSync(file, 'utf8');
      const expected = inline(text, 'calls.sse');
      const { session, parts, itemCounts } = roundTrip(inline(text, 'calls.sse'), { items: 50, text: 1000 });
      expectStrictEqual(structuredClone(session), expected);
      const nic = expected.strategies['next-index-closes'];
      expect(nic.buffers.count).toBeGreaterThan(1000);
      // the buffers' texts went in slices, and no item of any strategy's slice carries typed arrays (a table each
      // buffer pointed at would go with every slice): the run's buffer and fragment tables are in the skeleton
      const strategyParts = parts.filter((p) => p.kind === 'items' && p.path[0] === 'strategies') as Extract<Part, { kind: 'items' }>[];
      expect(strategyParts.filter((p) => p.path.join('.') === 'strategies.next-index-closes.buffers.text').length).toBeGreaterThan(20);
      const holdsColumns = (v: unknown, depth = 0): boolean =>
        ArrayBuffer.isView(v) || (depth < 3 && typeof v === 'object' && v !== null && Object.values(v).some((x) => holdsColumns(x, depth + 1)));
      expect(strategyParts.flatMap((p) => p.items).filter((item) => holdsColumns(item))).toEqual([]);
      expect(Math.max(...itemCounts)).toBeLessThanOrEqual(50);
      expect(Array.from(session.strategies['next-index-closes'].fragments.frame)).toEqual(Array.from(nic.fragments.frame));
      expect(Array.from(session.strategies['next-index-closes'].buffers.key)).toEqual(Array.from(nic.buffers.key));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a turn's chunk table arrives as it is: the same bytes and times, its buffers transferred, not copied", () => {
    const gen = generateChat(2_000);
    const expected = inline(gen.jsonl);
    const sent = inline(gen.jsonl);
    const worker = sent.recording.turns[0]!.chunks;
    const { session, parts } = roundTrip(sent, { items: 300, text: 1 << 20 });
    const t = session.recording.turns[0]!.chunks;
    const e = expected.recording.turns[0]!.chunks;
    expect(Array.from(t.times)).toEqual(Array.from(e.times));
    expect(Array.from(t.ends)).toEqual(Array.from(e.ends));
    expect(new TextDecoder().decode(t.bytes)).toBe(gen.sse);
    expect(chunkList(t).map((c) => c.time)).toEqual(chunkList(e).map((c) => c.time));
    // transferred: the worker's own arrays are detached now
    expect(worker.bytes.byteLength).toBe(0);
    expect(worker.times.length).toBe(0);
    expect(parts.filter((p) => p.kind === 'buffer')).toHaveLength(1);
  });

  test('many turns sharing one byte buffer: sent once, shared again on the page, turns in slices', () => {
    const lines = ['{"streamscope":1}'];
    for (let k = 0; k < 9; k++) lines.push(`[${k * 10},"req",{}]`, `[${k * 10 + 1},"chunk","data: {\\"k\\":${k}}\\n\\n"]`, `[${k * 10 + 2},"chunk","data: é\\n\\n"]`);
    const jsonl = lines.join('\n') + '\n';
    const expected = inline(jsonl);
    const { session, parts } = roundTrip(inline(jsonl), { items: 4, text: 1 << 20 });
    expectStrictEqual(structuredClone(session), expected);
    expect(parts.filter((p) => p.kind === 'buffer')).toHaveLength(1);
    expect(parts.filter((p) => p.kind === 'chunk-table')).toHaveLength(9);
    expect(new Set(session.recording.turns.map((t) => t.chunks.bytes.buffer)).size).toBe(1);
    expect(new TextDecoder().decode(chunkBytes(session.recording.turns[8]!.chunks, 0))).toBe('data: {"k":8}\n\n');
    // one table in two places (its columns then go once transferred and once copied, decided before any is sent)
    // (its frames' text travels: turn 1's text is not in the bytes it is given here)
    const twice = (s: Session): Session => ({ ...travellingText(s), recording: { ...s.recording, turns: s.recording.turns.map((t, i) => (i === 1 ? { ...t, chunks: s.recording.turns[0]!.chunks } : t)) } });
    const { session: back } = roundTrip(twice(inline(jsonl)), { items: 4, text: 1 << 20 });
    expectStrictEqual(structuredClone(back), twice(expected));
  });

  test('a string with surrogate pairs is never cut between the halves', () => {
    const text = '😀'.repeat(600);
    const base = inline(generateChat(10).jsonl);
    const session = { ...base, decoded: base.decoded.map((d) => ({ ...d, unterminated: { charStart: 0, charEnd: text.length, text } })) };
    const { session: back, parts } = roundTrip(session, { items: 4000, text: 101 });
    expect(back.decoded[0]?.unterminated?.text).toBe(text);
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
    const table = (over: Partial<Extract<Part, { kind: 'chunk-table' }>>): Part => ({ kind: 'chunk-table', path: ['recording', 'turns', 0, 'chunks'], buffer: 0, byteOffset: 0, byteLength: 4, times: new Float64Array(1), ends: Float64Array.of(4), ...over });
    expect(() => a.add(table({}))).toThrow(/recording\.turns\.0\.chunks before its buffer 0/);
    a.add({ kind: 'buffer', id: 0, buffer: new ArrayBuffer(4) });
    expect(() => a.add(table({ ends: Float64Array.of(9) }))).toThrow(/chunk 0 of recording\.turns\.0\.chunks ends at byte 9, outside 0\.\.4/);
    expect(() => a.add(table({ byteOffset: 2 }))).toThrow(/bytes 2\.\.6, outside 0\.\.4/);
    expect(() => a.add(table({ ends: Float64Array.of(3) }))).toThrow(/1 times, 1 ends and 4 bytes/);
    const b = createAssembler();
    b.add({ kind: 'items', path: ['nowhere', 'frames'], items: [1] });
    expect(() => b.finish(inline(generateChat(10).jsonl))).toThrow(/no place for nowhere\.frames/);
  });
});

/** A Worker stand-in running the real job; every message is structured-cloned (buffers transferred) and delivered in its own task. */
/** The slice sizes the fake worker below runs with (small, so a 3,000-frame session goes in many parts). */
const JOB_SIZES = { items: 500, text: 4096 };

function jobWorker(log: { terminated: boolean; replies: WorkerReply['type'][] }) {
  return class JobWorker extends EventTarget {
    postMessage(req: AnalyzeRequest) {
      const out: { reply: WorkerReply; transfer: Transferable[] }[] = [];
      runAnalysis(structuredClone(req), (reply, transfer = []) => out.push({ reply: structuredClone(reply, { transfer }), transfer }), undefined, JOB_SIZES);
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
    expect(r.ok && r.session.frames.count).toBe(2001);
    // the parts the slicing makes, each posted: the frame and signal tables and the kinds one part each (their
    // buffers transferred), the chunk buffer and table, the decoded text and the strategies' logs in slices
    if (!expected.ok) throw new Error('expected a session');
    const partCount = [...partsOf(splitSession(expected.session, JOB_SIZES).pieces, JOB_SIZES)].length;
    expect(log.replies.filter((t) => t === 'part').length).toBe(partCount);
    expect(partCount).toBeGreaterThan(4);
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
    if (!r.ok) expect(english(r.error)).toMatch(/version 2/);
  });
});
