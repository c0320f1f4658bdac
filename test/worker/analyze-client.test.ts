// The page side of analysis (src/worker/client.ts) chooses where an input is analysed: a small input (the default
// recording among them) on the page, without creating a worker; a large one in the worker where Worker exists, and
// on the page where it does not, so analysis still happens without a worker.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { analyzeInput, type AnalyzeTextResult } from '../../src/core/session/session';
import { createAnalyzer } from '../../src/worker/client';

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
});
