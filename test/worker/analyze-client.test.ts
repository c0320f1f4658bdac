// The page side of analysis (src/worker/client.ts) chooses where an input is analysed: a small input (the default
// recording among them) on the page, without creating a worker; a large one in the worker where Worker exists, and
// on the page where it does not, so analysis still happens without a worker. A large byte input reaches the worker
// in pieces, one copy per task, and is analysed as the whole.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { analyzeInput, type AnalyzeTextResult } from '../../src/core/session/session';
import { createAnalyzer } from '../../src/worker/client';
import { runAnalysis } from '../../src/worker/job';
import { createJoiner, createPiecePool } from '../../src/worker/pieces';
import type { PageMessage, WorkerReply } from '../../src/worker/protocol';

const recording = [
  JSON.stringify({ streamscope: 1, wire: 'openai-chat' }),
  JSON.stringify([0, 'req', { turn: 0 }]),
  JSON.stringify([5, 'chunk', `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'hi' } }] })}\n\n`]),
  JSON.stringify([6, 'chunk', 'data: [DONE]\n\n']),
  JSON.stringify([7, 'end', { status: 'complete' }]),
].join('\n');

const hooks = () => ({ onProgress: vi.fn(), signal: new AbortController().signal });
const had = 'Worker' in globalThis;
const original = (globalThis as { Worker?: unknown }).Worker;

afterEach(() => {
  if (had) (globalThis as { Worker?: unknown }).Worker = original;
  else delete (globalThis as { Worker?: unknown }).Worker;
});

describe('where the analyzer analyses an input', () => {
  test('without Worker, an input over the threshold is analysed on the page by the inline function', async () => {
    delete (globalThis as { Worker?: unknown }).Worker;
    const inline = vi.fn((input: string | Uint8Array, name: string): AnalyzeTextResult => analyzeInput(input, name));
    const createWorker = vi.fn(() => {
      throw new Error('no worker here');
    });
    const analyze = createAnalyzer({ inline, threshold: 10, createWorker });
    const r = await analyze(recording, 'big.jsonl', hooks());
    expect(inline).toHaveBeenCalledWith(recording, 'big.jsonl');
    expect(createWorker).not.toHaveBeenCalled();
    expect(r.ok && r.session.frames.count).toBe(2);
  });

  test('where Worker exists, an input at or under the threshold is analysed on the page, no worker created', async () => {
    (globalThis as { Worker?: unknown }).Worker = class {};
    const inline = vi.fn((input: string | Uint8Array, name: string): AnalyzeTextResult => analyzeInput(input, name));
    const createWorker = vi.fn(() => {
      throw new Error('the worker was asked for');
    });
    const analyze = createAnalyzer({ inline, threshold: recording.length, createWorker });
    const r = await analyze(recording, 'small.jsonl', hooks());
    expect(createWorker).not.toHaveBeenCalled();
    expect(inline).toHaveBeenCalledTimes(1);
    expect(r.ok && r.session.frames.count).toBe(2);
  });

  test('an inline result is handed on in a later task than the analysis: its first render is a task of its own', async () => {
    (globalThis as { Worker?: unknown }).Worker = class {};
    const order: string[] = [];
    const inline = (input: string | Uint8Array, name: string): AnalyzeTextResult => {
      order.push('analysed');
      // a task queued as the analysis ends runs before the caller goes on (with the result, to render it)
      setTimeout(() => order.push('the next task'), 0);
      return analyzeInput(input, name);
    };
    const analyze = createAnalyzer({ inline, threshold: recording.length, createWorker: () => new Worker('') });
    const r = await analyze(recording, 'small.jsonl', hooks());
    order.push('handed on');
    expect(r.ok).toBe(true);
    expect(order).toEqual(['analysed', 'the next task', 'handed on']);
  });
});

/**
 * A worker run in this thread: joins the pieces and sends each one's buffer back, answers `analyze` with job.ts, as
 * the real worker script does. The page's buffers are logged to see which come back to be reused.
 */
class InThreadWorker extends EventTarget {
  readonly log: { type: string; transferred: number; sameTask: boolean }[] = [];
  readonly pieceBuffers: ArrayBuffer[] = [];
  readonly sentBack = new Set<ArrayBuffer>();
  #joiner = createJoiner();
  /** True from a message until a timer queued with it has run: a message posted meanwhile came in the same task. */
  #busy = false;
  postMessage(msg: PageMessage, transfer: Transferable[] = []) {
    this.log.push({ type: msg.type, transferred: transfer.length, sameTask: this.#busy });
    this.#busy = true;
    setTimeout(() => (this.#busy = false), 0);
    if (msg.type === 'input-piece') this.pieceBuffers.push(msg.bytes.buffer as ArrayBuffer);
    const data = structuredClone(msg, { transfer });
    if (data.type === 'input-piece') {
      this.#joiner.add(data);
      const back: WorkerReply = structuredClone({ type: 'piece-back', bytes: data.bytes }, { transfer: [data.bytes.buffer] });
      if (back.type === 'piece-back') this.sentBack.add(back.bytes.buffer as ArrayBuffer);
      return void setTimeout(() => this.dispatchEvent(Object.assign(new Event('message'), { data: back })), 0);
    }
    const replies: WorkerReply[] = [];
    runAnalysis(data, (reply, t = []) => replies.push(structuredClone(reply, { transfer: t })), this.#joiner);
    queueMicrotask(() => {
      for (const r of replies) this.dispatchEvent(Object.assign(new Event('message'), { data: r }));
    });
  }
  terminate() {}
}

describe('a large byte input', () => {
  test('goes to the worker in transferred pieces, one per task, and is analysed as the whole; the page keeps its bytes', async () => {
    (globalThis as { Worker?: unknown }).Worker = class {};
    const bytes = new TextEncoder().encode(recording);
    const worker = new InThreadWorker();
    const analyze = createAnalyzer({ inline: () => ({ ok: false, error: { message: 'not inline' } }), threshold: 10, pieceBytes: 64, createWorker: () => worker as unknown as Worker });
    const r = await analyze(bytes, 'big.jsonl', hooks());
    const pieces = worker.log.filter((m) => m.type === 'input-piece');
    expect(pieces).toHaveLength(Math.ceil(bytes.byteLength / 64));
    expect(pieces.every((m) => m.transferred === 1)).toBe(true);
    expect(worker.log.at(-1)?.type).toBe('analyze');
    // no two pieces in one task
    expect(pieces.filter((m) => m.sameTask)).toEqual([]);
    expect(bytes.byteLength).toBe(new TextEncoder().encode(recording).byteLength);
    const whole = analyzeInput(recording, 'big.jsonl');
    expect(r.ok && r.session.frames.count).toBe(whole.ok && whole.session.frames.count);
    expect(r.ok && r.session.strategies['per-call-buffer'].verdict).toBe(whole.ok && whole.session.strategies['per-call-buffer'].verdict);
  });

  test('the pieces are copied into buffers the worker sends back: far fewer buffers than pieces', async () => {
    (globalThis as { Worker?: unknown }).Worker = class {};
    const bytes = new TextEncoder().encode(recording.repeat(1));
    const worker = new InThreadWorker();
    const analyze = createAnalyzer({ inline: () => ({ ok: false, error: { message: 'not inline' } }), threshold: 10, pieceBytes: 16, createWorker: () => worker as unknown as Worker });
    const r = await analyze(bytes, 'big.jsonl', hooks());
    expect(r.ok).toBe(true);
    const pieces = Math.ceil(bytes.byteLength / 16);
    expect(worker.pieceBuffers).toHaveLength(pieces);
    // a buffer that comes back is a new object on the page (a transfer detaches the one posted): a piece posted in
    // one of those is a reused buffer; only the first few pieces (those out at once) need new ones
    const fresh = worker.pieceBuffers.filter((b) => !worker.sentBack.has(b)).length;
    expect(pieces).toBeGreaterThan(10);
    expect(fresh).toBeLessThanOrEqual(3);
  });

  test('a request naming more pieces than arrived fails with a message, not a hang', () => {
    const replies: WorkerReply[] = [];
    const joiner = createJoiner();
    joiner.add({ type: 'input-piece', bytes: new Uint8Array([1]), total: 1 });
    runAnalysis({ type: 'analyze', input: { pieces: 2 }, name: 'x.sse' }, (r) => replies.push(r), joiner);
    expect(replies.at(-1)).toEqual({ type: 'failed', message: 'the input came in 1 pieces, 2 were announced' });
  });

  test('pieces that do not fill the announced size, or overflow it, fail with a message', () => {
    const short = createJoiner();
    short.add({ type: 'input-piece', bytes: new Uint8Array([1, 2]), total: 5 });
    expect(() => short.take(1)).toThrow('the input\'s pieces hold 2 of the 5 bytes announced');
    const over = createJoiner();
    over.add({ type: 'input-piece', bytes: new Uint8Array([1, 2]), total: 3 });
    over.add({ type: 'input-piece', bytes: new Uint8Array([3, 4]), total: 3 });
    expect(() => over.take(2)).toThrow('hold more than the 3 bytes announced');
    // more than an ArrayBuffer can hold: said, not thrown from the worker's message handler
    const huge = createJoiner();
    expect(() => huge.add({ type: 'input-piece', bytes: new Uint8Array([1]), total: Number.MAX_SAFE_INTEGER })).not.toThrow();
    expect(() => huge.take(1)).toThrow('do not fit in this worker\'s memory');
    const odd = createJoiner();
    odd.add({ type: 'input-piece', bytes: new Uint8Array([1]), total: -1 });
    expect(() => odd.take(1)).toThrow('not a byte count');
    // a joiner starts over after take
    const again = createJoiner();
    again.add({ type: 'input-piece', bytes: new Uint8Array([7, 8]), total: 2 });
    expect([...again.take(1)]).toEqual([7, 8]);
    again.add({ type: 'input-piece', bytes: new Uint8Array([9]), total: 1 });
    expect([...again.take(1)]).toEqual([9]);
  });

  test('the pool waits while the most pieces are out, and never after it is closed', async () => {
    const pool = createPiecePool(2);
    const a = pool.take(8);
    pool.take(8);
    let woke = false;
    const waiting = pool.ready().then(() => (woke = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(woke).toBe(false);
    pool.give(a);
    await waiting;
    expect(woke).toBe(true);
    // the buffer that came back is the next one handed out, cut to the length asked for
    const reused = pool.take(5);
    expect(reused.buffer).toBe(a.buffer);
    expect(reused.byteLength).toBe(5);
    // closed while full (two taken, none back): ready() resolves, nothing is kept
    const late = pool.ready();
    pool.close();
    await late;
    expect(pool.take(8).buffer).not.toBe(a.buffer);
  });
});
