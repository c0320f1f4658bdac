// The page side of analysis (src/worker/client.ts) chooses where an input is analysed: a small input (the default
// recording among them) on the page, without creating a worker; a large one in the worker where Worker exists, and
// on the page where it does not, so analysis still happens without a worker. A large byte input reaches the worker
// in pieces, one copy per task, and is analysed as the whole.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { analyzeInput, type AnalyzeTextResult } from '../../src/core/session/session';
import { createAnalyzer } from '../../src/worker/client';
import { runAnalysis } from '../../src/worker/job';
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

/** A worker run in this thread: keeps the pieces, answers `analyze` with job.ts as the real worker script does. */
class InThreadWorker extends EventTarget {
  readonly log: { type: string; transferred: number; sameTask: boolean }[] = [];
  #pieces: Uint8Array[] = [];
  /** True from a message until a timer queued with it has run: a message posted meanwhile came in the same task. */
  #busy = false;
  postMessage(msg: PageMessage, transfer: Transferable[] = []) {
    this.log.push({ type: msg.type, transferred: transfer.length, sameTask: this.#busy });
    this.#busy = true;
    setTimeout(() => (this.#busy = false), 0);
    const data = structuredClone(msg, { transfer });
    if (data.type === 'input-piece') return void this.#pieces.push(data.bytes);
    const replies: WorkerReply[] = [];
    runAnalysis(data, (reply, t = []) => replies.push(structuredClone(reply, { transfer: t })), this.#pieces.splice(0));
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

  test('a request naming more pieces than arrived fails with a message, not a hang', () => {
    const replies: WorkerReply[] = [];
    runAnalysis({ type: 'analyze', input: { pieces: 2 }, name: 'x.sse' }, (r) => replies.push(r), [new Uint8Array([1])]);
    expect(replies.at(-1)).toEqual({ type: 'failed', message: 'the input came in 1 pieces, 2 were announced' });
  });
});
