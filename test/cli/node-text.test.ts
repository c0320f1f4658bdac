// What inspect gives core to read bytes with (src/cli/node-text.ts): Node's ASCII check and an ASCII piece copied as
// Latin-1. Each must give exactly what core's own does: the check, whether every byte is below 0x80; the text, what
// one TextDecoder('utf-8', { ignoreBOM: true }) call gives, for any bytes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText, isAscii } from '../../src/cli/node-text';
import { load } from '../../src/core/load';
import { isAscii as coreIsAscii } from '../../src/core/load/line-reader';

const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.uint8Array({ maxLength: 300, max: 0x7f }),
  fc.string({ maxLength: 100 }).map((s) => new TextEncoder().encode(`\uFEFF${s}`)),
);

describe('node-text', () => {
  it('isAscii and decodeText are core\'s, on any bytes and any view of them', () => {
    fc.assert(
      fc.property(bytes, fc.nat({ max: 7 }), fc.nat({ max: 7 }), (b, lead, tail) => {
        const padded = new Uint8Array(lead + b.length + tail).fill(0xc3);
        padded.set(b, lead);
        const view = padded.subarray(lead, lead + b.length);
        expect(isAscii(view)).toBe(coreIsAscii(view));
        expect(isAscii(view)).toBe(view.every((x) => x < 0x80));
        expect(decodeText(view)).toBe(DECODER.decode(view));
      }),
      { numRuns: 2000 },
    );
  });

  it('a loader given Node\'s isAscii reads every recording as with its own check', () => {
    const text = ['{"streamscope":1}', '[0,"req",{}]', '[1,"chunk","data: {\\"a\\":\\"é\\"}\\n\\n"]', '[2,"chunk","data: x\\n\\n"]', 'oops', ''].join('\n');
    const input = new TextEncoder().encode(text);
    let calls = 0;
    const counted = (b: Uint8Array): boolean => {
      calls++;
      return isAscii(b);
    };
    expect(load(input, 'x.jsonl', { isAscii: counted })).toEqual(load(input, 'x.jsonl'));
    expect(calls).toBeGreaterThan(0);
  });
});
