// decodeText (src/core/sse/decode-text.ts) must give exactly what one TextDecoder call gives, for any bytes: valid
// and invalid UTF-8, truncated sequences at the ends of its parts, a BOM, long ASCII runs (where it cuts), at any
// alignment in its buffer and with any cut gap.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../src/core/sse/decode-text';
import { decodeRecording, framesOf } from '../../../src/core/sse';
import { concat, recordingOf, toBytes } from './helpers';

const reference = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

const TOKENS: (string | number[])[] = [
  'a', 'data: {"k":1}\n\n', 'x'.repeat(17), 'y'.repeat(40), 'é', '数据', '😀', '\u0000',
  [0xff], [0xc3], [0xe6, 0x97], [0xf0, 0x9f], [0xf0, 0x9f, 0x98], [0xed, 0xa0, 0x80], [0xef, 0xbb, 0xbf], [0xef, 0xbf, 0xbd], [0x80], [0xc0, 0xaf],
];

/** `bytes` at byte offset `shift` of a larger buffer filled with non-ASCII bytes (nothing outside may be read). */
function shifted(bytes: Uint8Array, shift: number): Uint8Array {
  const big = new Uint8Array(bytes.length + shift + 7).fill(0xe6);
  big.set(bytes, shift);
  return big.subarray(shift, shift + bytes.length);
}

describe('decodeText', () => {
  it('equals one TextDecoder call on any bytes, at any alignment, with any cut gap', () => {
    const bytes = fc.array(fc.constantFrom(...TOKENS), { maxLength: 80 }).map((parts) => concat(parts.map(toBytes)));
    fc.assert(
      fc.property(bytes, fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 64 }), (raw, shift, gap) => {
        const input = shifted(raw, shift);
        expect(decodeText(input, gap, true)).toBe(reference(input));
      }),
      { numRuns: 1000 },
    );
  });

  it('equals one TextDecoder call on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.integer({ min: 1, max: 16 }), (raw, gap) => {
        expect(decodeText(raw, gap, true)).toBe(reference(raw));
        expect(decodeText(raw, gap, false)).toBe(reference(raw));
      }),
      { numRuns: 1000 },
    );
  });

  it('pure ASCII, and long texts with scattered non-ASCII at the default gap', () => {
    const ascii = toBytes('data: {"a":1}\n\n'.repeat(500));
    expect(decodeText(ascii, undefined, true)).toBe(reference(ascii));
    const mixed = toBytes(Array.from({ length: 400 }, (_, i) => `data: {"n":${i},"t":"${i % 7 === 0 ? '数据 é' : 'x'.repeat(i % 300)}"}\n\n`).join(''));
    expect(decodeText(mixed, undefined, true)).toBe(reference(mixed));
    const tail = concat([ascii, Uint8Array.of(0xe6, 0x97)]);
    expect(decodeText(tail, undefined, true)).toBe(reference(tail));
  });
});

describe('decodeRecording with decodeText (how the CLI decodes)', () => {
  it('gives the same frame table and decoded turns as one TextDecoder call per piece', () => {
    const body = fc.array(fc.constantFrom(...TOKENS, 'event: e\ndata: v\n\n', '\n\n', 'data: ', '\r\n'), { maxLength: 60 }).map((parts) => concat(parts.map(toBytes)));
    fc.assert(
      fc.property(body, fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 8 }), (bytes, pieceBytes, gap) => {
        const rec = recordingOf([bytes]);
        const plain = decodeRecording(rec, { pieceBytes });
        const parts = decodeRecording(rec, { pieceBytes, decodeText: (b) => decodeText(b, gap) });
        expect(parts.decoded).toEqual(plain.decoded);
        expect(framesOf(parts.frames)).toEqual(framesOf(plain.frames));
        expect(parts.frames.pieces).toEqual(plain.frames.pieces);
      }),
      { numRuns: 300 },
    );
  });
});
