// Test-only: SSE text -> Frame[] by splitting on blank lines (LF, CRLF or CR), enough for hand-written fixtures.
// Replace with decodeRecording (src/core/sse) + recordingFromSse (src/core/load) once they land.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { frameIndex, ms, type Frame } from '../../../src/core/types';

export function framesFromSse(text: string, turn = 0, firstIndex = 0): Frame[] {
  const lf = text.replace(/\r\n?/g, '\n');
  const frames: Frame[] = [];
  let pos = 0;
  for (;;) {
    const blank = lf.indexOf('\n\n', pos);
    if (blank < 0) break; // an unterminated final event never fires
    const block = lf.slice(pos, blank);
    let event = 'message';
    let data: string[] | null = null;
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') (data ??= []).push(value);
    }
    if (data !== null) {
      const i = firstIndex + frames.length;
      frames.push({
        index: frameIndex(i),
        turn,
        time: ms(i),
        event,
        data: data.join('\n'),
        chunks: [0, 0],
        charStart: pos,
        charEnd: blank + 2,
        byteStart: pos,
        byteEnd: blank + 2,
      });
    }
    pos = blank + 2;
  }
  return frames;
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
