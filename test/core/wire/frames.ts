// Test-only: SSE text -> Frame[] through the real loader and decoder (recordingFromSse + decodeRecording).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { recordingFromSse } from '../../../src/core/load';
import { decodeRecording, framesOf } from '../../../src/core/sse';
import { frameIndex, turnIndex, type Frame } from '../../../src/core/types';

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
