import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packChunks } from '../../../src/core/load/pack';
import { decodeBase64, encodeBase64 } from '../../../src/core/load';

describe('packChunks', () => {
  it('gives one contiguous view per payload with exactly its UTF-8 bytes, growing past the first guess', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.uint8Array({ maxLength: 20 })), { maxLength: 20 }), (payloads) => {
        const views = packChunks(payloads);
        expect(views).toHaveLength(payloads.length);
        views.forEach((v, k) => {
          const p = payloads[k]!;
          expect(Array.from(v)).toEqual(Array.from(typeof p === 'string' ? new TextEncoder().encode(p) : p));
          if (k > 0) {
            expect(v.buffer).toBe(views[0]!.buffer);
            expect(v.byteOffset).toBe(views[k - 1]!.byteOffset + views[k - 1]!.length);
          }
        });
      }),
    );
  });

  it('handles a multi-byte payload far larger than the initial capacity', () => {
    const big = '日本語😀'.repeat(10_000);
    const [v] = packChunks([big]);
    expect(new TextDecoder().decode(v)).toBe(big);
  });
});

describe('base64', () => {
  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const r = decodeBase64(encodeBase64(bytes));
        expect(r.ok && Array.from(r.bytes)).toEqual(Array.from(bytes));
        expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      }),
    );
  });

  it.each([
    ['ab$d', /character 2 \("\$"\) is not base64/],
    ['a', /1 characters cannot encode whole bytes/],
    ['ab=', /padding "=" at character 2/],
    ['a=bc', /character 1 \("="\) is not base64/],
  ])('refuses %s naming the position', (input, pattern) => {
    const r = decodeBase64(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(pattern);
  });
});
