import { describe, expect, it } from 'vitest';
import { applyFaults } from '../../../src/core/faults';
import type { Recording } from '../../../src/core/types';
import { chunkTexts, frameData, frames, makeRecording, turnText } from './helpers';
import { chunkCount, chunkList } from '../../../src/core/chunk-table';

const ok = (r: ReturnType<typeof applyFaults>): Recording => {
  if (!r.ok) throw new Error(r.error);
  return r.recording;
};

const isCont = (b: number | undefined) => b !== undefined && b >= 0x80 && b <= 0xbf;
/** Boundaries (between consecutive chunks) that fall inside a multi-byte character. */
const splitChars = (rec: Recording) =>
  rec.turns.flatMap((t) => chunkList(t.chunks).slice(1).filter((c) => isCont(c.bytes[0]))).length;

describe('split-utf8', () => {
  it('moves each chunk boundary inside the next multi-byte character', () => {
    const rec = makeRecording(undefined, [{ chunks: [[10, 'data: {"t":"a'], [20, 'hé🌍"}\n\n'], [30, 'data: "ß"\n\n']] }]);
    const after = ok(applyFaults(rec, ['split-utf8']));
    const [a, b, c] = chunkList(after.turns[0]!.chunks);
    expect(a?.bytes[a.bytes.length - 1]).toBe(0xc3); // first byte of é
    expect(b?.bytes[0]).toBe(0xa9);
    expect(c?.bytes[0]).toBe(0x9f); // inside ß (C3 9F)
    expect(splitChars(after)).toBe(2);
    expect(chunkList(after.turns[0]!.chunks).map((x) => x.time)).toEqual([10, 20, 30]);
    expect(frameData(after)).toEqual(frameData(rec));
    expect(turnText(after.turns[0]!)).toBe(turnText(rec.turns[0]!));
  });

  it('cuts a lone chunk inside its first multi-byte character', () => {
    const rec = makeRecording(undefined, [{ chunks: [[10, 'data: "中文"\n\n']] }]);
    const after = ok(applyFaults(rec, ['split-utf8']));
    expect(chunkCount(after.turns[0]!.chunks)).toBe(2);
    expect(splitChars(after)).toBe(1);
    expect(frameData(after)).toEqual(frameData(rec));
  });

  it('cuts every chunk in two when the stream has no multi-byte character, reproducibly', () => {
    const rec = makeRecording(undefined, [{ chunks: [[10, 'data: a\n\n'], [20, 'data: bcd\n\n'], [30, 'x']] }]);
    const after = ok(applyFaults(rec, ['split-utf8'], 42));
    expect(chunkList(after.turns[0]!.chunks).map((c) => c.time)).toEqual([10, 10, 20, 20, 30]);
    expect(frameData(after)).toEqual(frameData(rec));
    expect(ok(applyFaults(rec, ['split-utf8'], 42))).toEqual(after);
  });
});

describe('crlf', () => {
  it('turns LF line endings into CRLF and splits one CR/LF pair across a chunk boundary', () => {
    const rec = makeRecording(undefined, [{ chunks: [[10, 'event: x\ndata: a\n\n'], [20, 'data: b\n\n']] }]);
    const after = ok(applyFaults(rec, ['crlf']));
    expect(turnText(after.turns[0]!)).toBe('event: x\r\ndata: a\r\n\r\ndata: b\r\n\r\n');
    const texts = chunkTexts(after.turns[0]!);
    expect(texts.some((t, i) => t.endsWith('\r') && texts[i + 1]?.startsWith('\n'))).toBe(true);
    expect(frames(after).map((f) => [f.event, f.data, f.time])).toEqual(frames(rec).map((f) => [f.event, f.data, f.time]));
  });

  it('turns lone CRs into CRLF and keeps an already split pair as it is', () => {
    const lone = makeRecording(undefined, [{ chunks: [[10, 'data: a\r\rdata: b\r\r']] }]);
    expect(turnText(ok(applyFaults(lone, ['crlf'])).turns[0]!)).toBe('data: a\r\n\r\ndata: b\r\n\r\n');
    const split = makeRecording(undefined, [{ chunks: [[10, 'data: a\r'], [20, '\n\r\n']] }]);
    expect(chunkTexts(ok(applyFaults(split, ['crlf'])).turns[0]!)).toEqual(['data: a\r', '\n\r\n']);
  });
});
