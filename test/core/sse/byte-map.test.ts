// ByteMap: char offset -> byte offset, against TextEncoder (valid text, any alignment of the bytes in their buffer)
// and against a streaming decoder's output lengths (text with invalid bytes or a genuine U+FFFD).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteMap } from '../../../src/core/sse/byte-map';
import { findInvalidRuns } from '../../../src/core/sse/utf8';

const PARTS = ['a', 'data: ', '{"x":1}', '\n', 'é', 'ß', '日本', '😀', '\u0800', '\uffff', 'x'.repeat(37), '€'];

/** The bytes at `shift` bytes into a larger buffer (so the 4-byte words start anywhere). */
function shifted(bytes: Uint8Array, shift: number): Uint8Array {
  const buf = new Uint8Array(bytes.length + shift + 5);
  buf.set(bytes, shift);
  return buf.subarray(shift, shift + bytes.length);
}

/** Char offsets at character boundaries (never inside a surrogate pair), ascending, each repeated or not. */
function boundaries(text: string): number[] {
  const out: number[] = [];
  for (let c = 0; c <= text.length; c++) {
    const u = text.charCodeAt(c - 1);
    if (c > 0 && u >= 0xd800 && u <= 0xdbff) continue;
    out.push(c);
  }
  return out;
}

describe('ByteMap', () => {
  it('valid text: at(c) is the UTF-8 length of text[0, c), whatever the alignment and the spacing of the asks', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PARTS), { maxLength: 80 }), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 5 }), (parts, shift, step) => {
        const text = parts.join('');
        const bytes = shifted(new TextEncoder().encode(text), shift);
        const map = new ByteMap(new TextDecoder().decode(bytes), bytes);
        expect(map.ascii).toBe(bytes.length === text.length);
        const cs = boundaries(text).filter((_, i) => i % step === 0);
        for (const c of cs) expect(map.at(c)).toBe(new TextEncoder().encode(text.slice(0, c)).length);
        expect(map.invalid()).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('text with U+FFFD: at(c) counts the bytes the decoder consumed for text[0, c)', () => {
    const BYTES = [[0x61], [0x0a], [0xff], [0xc3], [0xe6, 0x97], [0xef, 0xbf, 0xbd], [0xc3, 0xa9], [0xf0, 0x9f, 0x98, 0x80], [0xf0, 0x9f]];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...BYTES), { minLength: 1, maxLength: 60 }), fc.integer({ min: 0, max: 3 }), (parts, shift) => {
        const bytes = shifted(Uint8Array.from(parts.flat()), shift);
        const text = new TextDecoder().decode(bytes);
        // reference: the split points k where decoding bytes[0, k) and bytes[k, n) apart gives the same text, cut at
        // char decode(bytes[0, k)).length
        const dec = (a: Uint8Array): string => new TextDecoder().decode(a);
        const byteOfChar = new Map<number, number>();
        for (let k = 0; k <= bytes.length; k++) {
          const left = dec(bytes.subarray(0, k));
          if (left + dec(bytes.subarray(k)) === text && !byteOfChar.has(left.length)) byteOfChar.set(left.length, k);
        }
        const map = new ByteMap(text, bytes);
        for (const c of boundaries(text)) {
          const want = byteOfChar.get(c);
          expect(want).toBeDefined();
          expect(map.at(c)).toBe(want);
        }
        // invalid bytes, not a genuine U+FFFD (EF BF BD), make a piece invalid
        expect(map.invalid()).toBe(findInvalidRuns(text, bytes, 0).length > 0);
        expect(map.ascii).toBe(parts.every((p) => p.length === 1 && (p[0] as number) < 0x80));
        // asked at once for the end, or never asked, the map finds the same
        expect(new ByteMap(text, bytes).invalid()).toBe(map.invalid());
      }),
      { numRuns: 300 },
    );
  });
});
