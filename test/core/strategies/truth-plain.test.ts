// A small recording is read plainly (strategies/truth.ts readsPlainly: under 256 frames): the ground truth builds no
// shapes and the adapters use no envelope templates. Both are only speed-ups, so the calls, the reused keys, the argument
// frames and the signals must be the same either way: on every shipped recording, and on a generated stream long
// enough for shapes and envelopes to be learned and used.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { load } from '../../../src/core/load';
import { analyze } from '../../../src/core/session/session';
import { decodeRecording } from '../../../src/core/sse';
import { PLAIN_READ_FRAMES, readsPlainly, traceCalls } from '../../../src/core/strategies/truth';
import type { FrameTable, WireId } from '../../../src/core/types';
import { adaptFrames, signalsAt } from '../../../src/core/wire';
import { generateChat } from '../../../bench/lib/generate';

const DIR = join(import.meta.dirname, '../../../public/recordings');
const ids = (JSON.parse(readFileSync(join(DIR, 'index.json'), 'utf8')) as { recordings: { id: string; file: string }[] }).recordings;

function framesOf(text: string, name: string): { frames: FrameTable; wire: WireId } {
  const loaded = load(text, name);
  if (!loaded.ok) throw new Error(loaded.error.message);
  const session = analyze(loaded.recording);
  return { frames: decodeRecording(loaded.recording).frames, wire: session.wire };
}

function expectSameBothWays(frames: FrameTable, wire: WireId): void {
  const shaped = traceCalls(wire, frames, { shapes: true });
  const plain = traceCalls(wire, frames, { shapes: false });
  expect(plain).toEqual(shaped);
  const withEnvelopes = adaptFrames(wire, frames, { envelopes: true });
  const without = adaptFrames(wire, frames, { envelopes: false });
  for (let f = 0; f < frames.count; f++) expect(signalsAt(without, f)).toEqual(signalsAt(withEnvelopes, f));
}

describe('read plainly or with shapes and envelopes: the same', () => {
  test.each(ids.map((r) => [r.id, r.file] as const))('%s', (_id, file) => {
    const { frames, wire } = framesOf(readFileSync(join(DIR, file), 'utf8'), file);
    expectSameBothWays(frames, wire);
  });

  test('a generated Chat stream of 3,000 frames (shapes and envelopes learned and used), and the threshold', () => {
    const { frames, wire } = framesOf(generateChat(3000).jsonl, 'gen.jsonl');
    expect(frames.count).toBeGreaterThan(PLAIN_READ_FRAMES);
    expect(readsPlainly(frames)).toBe(false);
    expectSameBothWays(frames, wire);
  });

  test('a few frames of a large event: read plainly, the same either way', () => {
    const big = 'x'.repeat(300 * 1024);
    const sse = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: big } }] })}\n\ndata: [DONE]\n\n`;
    const huge = framesOf(sse, 'huge.sse');
    expect(huge.frames.count).toBe(2);
    expect(readsPlainly(huge.frames)).toBe(true);
    expectSameBothWays(huge.frames, huge.wire);
  });
});
