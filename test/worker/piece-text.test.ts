// The frames' decoded text rebuilt on the page from the turns' bytes (src/worker/piece-text.ts): the same text as the
// decoder's, piece by piece, on inputs that make decoding hard (a BOM, CR and CRLF line ends, invalid UTF-8, a
// character split between chunks, many pieces over several turns); left to travel as text when it cannot be rebuilt;
// a range that does not fit is a named error; nothing is decoded before it is read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tableOf } from '../../src/core/chunk-table';
import { load } from '../../src/core/load';
import { decodeRecording, frameData, frameRaw, frameTableOf } from '../../src/core/sse';
import { ms, turnIndex, type Chunk, type FrameTable, type Recording, type Session, type Turn } from '../../src/core/types';
import { decodePieces, textFromBytes } from '../../src/worker/piece-text';

const enc = new TextEncoder();

function turnOf(index: number, parts: readonly (string | Uint8Array)[]): Turn {
  const chunks: Chunk[] = parts.map((p, k) => ({ time: ms(k), bytes: typeof p === 'string' ? enc.encode(p) : p }));
  return { index: turnIndex(index), requestAt: ms(0), chunks: tableOf(chunks) } as Turn;
}

/** The session the page would assemble: the table without its pieces, the recording's turns. */
function withoutText(frames: FrameTable, turns: readonly Turn[]): Session {
  return { frames: { ...frames, pieces: [] }, recording: { turns } } as unknown as Session;
}

function expectRebuilt(turns: readonly Turn[], pieceBytes: number): FrameTable {
  const { frames } = decodeRecording({ turns } as unknown as Recording, { pieceBytes });
  expect(textFromBytes(frames, turns)).toBe(true);
  const rebuilt = decodePieces(withoutText(frames, turns)).frames;
  expect(rebuilt.pieces.length).toBe(frames.pieces.length);
  for (let p = 0; p < frames.pieces.length; p++) expect(rebuilt.pieces[p], `piece ${p}`).toBe(frames.pieces[p]);
  for (let i = 0; i < frames.count; i++) {
    expect(frameData(rebuilt, i)).toBe(frameData(frames, i));
    expect(frameRaw(rebuilt, i)).toBe(frameRaw(frames, i));
  }
  return frames;
}

describe('the frames\' text decoded again from the turns\' bytes', () => {
  test('a BOM, CRLF and lone CR line ends, invalid UTF-8 and a character split between chunks, small pieces over three turns', () => {
    const euro = enc.encode('data: {"t":"€ 5"}\n\n');
    const cut = euro.indexOf(0xe2) + 1;
    const turns = [
      turnOf(0, ['\uFEFFdata: {"a":1}\r\n\r\n', 'event: x\rdata: {"b":"é"}\r\r', euro.subarray(0, cut), euro.subarray(cut)]),
      turnOf(1, [new Uint8Array([...enc.encode('data: {"c":"'), 0xff, 0xc3, ...enc.encode('"}\n\n')]), 'data: [DONE]\n\n']),
      turnOf(2, Array.from({ length: 40 }, (_, k) => `data: {"k":${k},"s":"${'ü'.repeat(k)}"}\n\n`)),
    ];
    const frames = expectRebuilt(turns, 48);
    expect(frames.pieces.length).toBeGreaterThan(20);
    expect(frames.pieceByte[0]).toBe(3);
  });

  test.each([1, 64, 1 << 20])('every shipped recording, pieces of %i bytes at most', (pieceBytes) => {
    const dir = join(import.meta.dirname, '../../public/recordings');
    const list = (JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { recordings: { file: string }[] }).recordings;
    expect(list.length).toBeGreaterThan(3);
    for (const { file } of list) {
      const loaded = load(readFileSync(join(dir, file)), file);
      if (!loaded.ok) throw new Error(`${file}: ${loaded.error.message}`);
      expectRebuilt(loaded.recording.turns, pieceBytes);
    }
  });

  test('decoded when first read, then kept as a plain string; structuredClone and JSON read every piece', () => {
    const turns = [turnOf(0, Array.from({ length: 20 }, (_, k) => `data: {"k":${k}}\n\n`))];
    const { frames } = decodeRecording({ turns } as unknown as Recording, { pieceBytes: 32 });
    const pieces = decodePieces(withoutText(frames, turns)).frames.pieces;
    expect(Object.getOwnPropertyDescriptor(pieces, 1)?.get).toBeTypeOf('function');
    expect(pieces[1]).toBe(frames.pieces[1]);
    expect(Object.getOwnPropertyDescriptor(pieces, 1)).toMatchObject({ value: frames.pieces[1], writable: false });
    expect(Object.getOwnPropertyDescriptor(pieces, 2)?.get).toBeTypeOf('function');
    expect(structuredClone(pieces)).toEqual([...frames.pieces]);
    expect(JSON.parse(JSON.stringify(pieces))).toEqual([...frames.pieces]);
    expect(Array.isArray(pieces)).toBe(true);
  });

  test('a table made by hand, or turns numbered other than by their place, keep their text (it travels)', () => {
    const turns = [turnOf(0, ['data: 1\n\n'])];
    const hand = frameTableOf([{ index: 0, turn: turnIndex(0), time: ms(0), chunks: [0, 0], charStart: 0, charEnd: 9, byteStart: 0, byteEnd: 9, event: 'message', data: '1' }] as never, ['data: 1\n\n']);
    expect(hand.pieceByte[0]).toBe(-1);
    expect(textFromBytes(hand, turns)).toBe(false);
    const renumbered = [turnOf(0, ['data: 1\n\n']), turnOf(5, ['data: 2\n\n'])];
    const { frames } = decodeRecording({ turns: renumbered } as unknown as Recording);
    expect(textFromBytes(frames, renumbered)).toBe(false);
    expect(textFromBytes(frames, [renumbered[0] as Turn, turnOf(1, ['data: 2\n\n'])])).toBe(true);
  });

  test('a piece outside its turn\'s bytes, or in a turn that is not there, is an error naming it; a session with its text is left alone', () => {
    const turns = [turnOf(0, Array.from({ length: 8 }, (_, k) => `data: ${k}\n\n`))];
    const { frames } = decodeRecording({ turns } as unknown as Recording, { pieceBytes: 20 });
    const far = Float64Array.from(frames.pieceByte, (b, p) => (p === 1 ? 1e6 : b));
    expect(() => decodePieces(withoutText({ ...frames, pieceByte: far }, turns))).toThrow(/frames\.pieces\.0 is bytes 0\.\.1000000 of turn 0, outside 0\.\.72/);
    expect(() => decodePieces(withoutText(frames, []))).toThrow(/frames\.pieces\.0 is in turn 0, which has no chunk table/);
    const whole = { frames, recording: { turns } } as unknown as Session;
    expect(decodePieces(whole)).toBe(whole);
    expect(decodePieces(whole).frames.pieces).toBe(frames.pieces);
  });
});
