// The decoder's block path (src/core/sse/block-path.ts: raw SSE without CR, read with the loader's scan of its
// blocks) must give exactly what the text's fast path and the parser-only path give: random CR-free streams (the
// simple shapes, their near misses, longer blocks, non-ASCII and invalid UTF-8, an unterminated rest) at any
// alignment and piece size, decoded the three ways, must agree field for field. The scan itself (shapes, runs of
// non-ASCII bytes) is checked against a plain reading of the bytes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordingFromSse } from '../../../src/core/load';
import { enableLargeInputPaths } from '../../../src/core/large-inputs';
import { scanBlockEnds as blockEnds } from '../../../src/core/load/block-scanner';
import { segmentBytes } from '../../../src/core/sse';
import { scanOf } from '../../../src/core/sse/block-scan';
import type { Recording } from '../../../src/core/types';
import { concat, decodeObjects, toBytes } from './helpers';

// the loader's scanner and the decoder's block path, as the workers, the CLI and the bench install them
enableLargeInputPaths();

const TOKENS: (string | number[])[] = [
  'data:', 'data: ', 'data:  ', 'data', 'dat', 'Data:', 'event:', 'event: ', 'event', 'eventx:', 'id: 7', 'id', ': c', ':',
  'x', ' ', '{"a":1}', 'é', '数据', '😀', '\u0000', '\t', '\u000b', '\u000c', '\u000e', ':data: y', 'ab\ncd\n', 'a\nb\nc\nd\n', '\n', '\n', '\n', '\n\n', [0xff], [0xc3], [0xe6, 0x97], [0xed, 0xa0, 0x80],
];
const BLOCKS = ['data: {"k":1}\n\n', 'data:x\n\n', 'event: e\ndata: v\n\n', 'event: content_block_delta\ndata: {"t":"é"}\n\n', 'event:\ndata:\n\n', 'event: é\ndata: 数据\n\n', ': ping\n\n', '\n', 'data: a\ndata: b\n\n', 'id: 1\ndata: x\n\n', 'event: e\nid: 2\ndata: x\n\n'];
const part = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...BLOCKS) }, { weight: 3, arbitrary: fc.constantFrom(...TOKENS) });
const stream = fc.tuple(fc.boolean(), fc.array(part, { maxLength: 60 })).map(([bom, parts]) => concat([bom ? Uint8Array.from([0xef, 0xbb, 0xbf]) : new Uint8Array(0), ...parts.map(toBytes)]));

/** `bytes` at `shift` bytes past a 4-byte boundary of a larger buffer. */
function shifted(bytes: Uint8Array, shift: number): Uint8Array {
  const big = new Uint8Array(bytes.length + 8);
  big.set(bytes, shift);
  return big.subarray(shift, shift + bytes.length);
}

/** The same recording with a copy of its ends (no scan is known for it: the text's fast path reads it). */
function unscanned(rec: Recording): Recording {
  const chunks = rec.turns[0]!.chunks;
  return { ...rec, turns: [{ ...rec.turns[0]!, chunks: { ...chunks, ends: chunks.ends.slice() } }] };
}

describe('SSE block path', () => {
  it('gives the frames and decoded turns of the text fast path and of the parser-only path, at any piece size', () => {
    fc.assert(
      fc.property(stream, fc.integer({ min: 0, max: 7 }), fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 80 })), (raw, shift, pieceBytes) => {
        const bytes = shifted(raw, shift);
        const rec = recordingFromSse(bytes);
        const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
        if (bytes.length > 0) expect(scanOf(rec.turns[0]!.chunks) !== undefined).toBe(true);
        const blocks = decodeObjects(rec, { pieceBytes });
        expect(blocks).toEqual(decodeObjects(unscanned(rec), { pieceBytes }));
        // the parser path places empty data elsewhere in the table: its frames and turns are compared
        const parsed = decodeObjects(rec, { pieceBytes, fastPath: false });
        expect({ frames: blocks.frames, decoded: blocks.decoded }).toEqual({ frames: parsed.frames, decoded: parsed.decoded });
        if (bom) expect(blocks.frames.every((f) => f.byteStart >= 3)).toBe(true);
      }),
      { numRuns: 800 },
    );
  });

  it('scans each block line shape and each run of non-ASCII bytes as a plain reading of the bytes does', () => {
    fc.assert(
      fc.property(stream, fc.integer({ min: 0, max: 7 }), (raw, shift) => {
        const bytes = shifted(raw, shift);
        const ends = blockEnds(bytes);
        const chunks = { bytes, times: new Float64Array(ends.length), ends };
        const scan = scanOf(chunks);
        if (bytes.length === 0) return;
        expect(scan).toBeDefined();
        const shapes: number[] = [];
        for (let k = 0; k < ends.length; k++) {
          const s = k === 0 ? 0 : ends[k - 1]!;
          const lfs: number[] = [];
          for (let p = s; p < ends[k]! - 1; p++) if (bytes[p] === 10) lfs.push(p);
          shapes.push(lfs.length === 2 ? lfs[0]! - s : lfs.length < 2 ? 0 : -1);
        }
        const rest = scan!.rest;
        if (rest) shapes[shapes.length - 1] = -1;
        expect(Array.from(scan!.shape)).toEqual(shapes);
        const runs: number[] = [];
        for (let p = 0; p < bytes.length; p++) if (bytes[p]! >= 0x80 && (p === 0 || bytes[p - 1]! < 0x80)) runs.push(p);
        expect(Array.from(scan!.runs)).toEqual(runs);
        expect(rest).toBe(segmentBytes(bytes, () => undefined) < bytes.length);
      }),
      { numRuns: 500 },
    );
  });

  it('scans the same in parts of any size as in one', () => {
    fc.assert(
      fc.property(stream, fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 12 }), (raw, shift, words) => {
        const bytes = shifted(raw, shift);
        const whole = blockEnds(bytes);
        const parts = blockEnds(bytes, words * 4);
        expect(Array.from(parts)).toEqual(Array.from(whole));
        const scan = (ends: Float64Array) => scanOf({ bytes, times: new Float64Array(ends.length), ends });
        expect(scan(parts)).toEqual(scan(whole));
        // a CR in a later part: the whole input goes to segmentBytes, as in one part
        const cr = concat([bytes, toBytes('data: x\r\n\r\n')]);
        expect(Array.from(blockEnds(cr, words * 4))).toEqual(Array.from(blockEnds(cr)));
        expect(scan(blockEnds(cr, words * 4))).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('reads a table whose ends were not scanned (a copy), or whose bytes are another buffer, by the text path', () => {
    const bytes = toBytes('event: e\ndata: é\n\ndata: x\n\n');
    const ends = blockEnds(bytes);
    expect(scanOf({ bytes, times: new Float64Array(ends.length), ends })).toBeDefined();
    expect(scanOf({ bytes, times: new Float64Array(ends.length), ends: ends.slice() })).toBeUndefined();
    expect(scanOf({ bytes: bytes.slice(), times: new Float64Array(ends.length), ends })).toBeUndefined();
    expect(scanOf({ bytes: bytes.subarray(1), times: new Float64Array(ends.length), ends })).toBeUndefined();
  });
});
