// Test-only: SSE text -> Frame[] through the real loader and decoder (recordingFromSse + decodeRecording), and random
// edits of frames' data (mutate, edit) for the adapters' property tests.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { recordingFromSse } from '../../../src/core/load';
import { decodeRecording, framesOf } from '../../../src/core/sse';
import { frameIndex, turnIndex, type Frame } from '../../../src/core/types';
import fc from 'fast-check';

/** The frames of one turn of SSE text, as turn `turn`, numbered from `firstIndex`. */
export function framesFromSse(text: string, turn = 0, firstIndex = 0): Frame[] {
  return framesOf(decodeRecording(recordingFromSse(text)).frames).map((f, i) => ({ ...f, turn: turnIndex(turn), index: frameIndex(firstIndex + i) }));
}

/** Frames of several turns, numbered across the whole recording. */
export function framesFromTurns(texts: readonly string[]): Frame[] {
  const out: Frame[] = [];
  texts.forEach((t, turn) => out.push(...framesFromSse(t, turn, out.length)));
  return out;
}

const FIXTURES = fileURLToPath(new URL('../../fixtures/wire/', import.meta.url));

export function fixture(path: string): string {
  return readFileSync(FIXTURES + path, 'utf8');
}

export function fixtureFrames(path: string): Frame[] {
  return framesFromSse(fixture(path));
}

/** Frames whose data is edited: a character replaced, inserted or removed, or another frame's data swapped in. */
export function mutate(frames: Frame[], edits: readonly [number, number, number, string][]): Frame[] {
  const out = frames.map((f) => ({ ...f }));
  for (const [which, kind, at, ch] of edits) {
    const f = out[which % Math.max(1, out.length)];
    if (!f) continue;
    const p = at % (f.data.length + 1);
    if (kind === 0) f.data = f.data.slice(0, p) + ch + f.data.slice(p + 1);
    else if (kind === 1) f.data = f.data.slice(0, p) + ch + f.data.slice(p);
    else if (kind === 2) f.data = f.data.slice(0, p) + f.data.slice(p + 1);
    else f.data = out[(which + at) % out.length]?.data ?? f.data;
  }
  return out;
}

/** One edit for `mutate`: which frame, replace / insert / remove / swap, where, and the character. */
export const edit = fc.tuple(fc.nat(), fc.integer({ min: 0, max: 3 }), fc.nat(), fc.constantFrom('"', '\\', '{', '}', ',', ' ', '0', 'x', ':', ']', '\u0001', '\n'));
