// The frame table (src/core/sse/frame-table.ts) against the object-per-frame decoder it replaced (./legacy.ts): on
// random SSE input cut anywhere, in one or several turns, with any piece size, `frameAt` over the table gives
// exactly the old frames and the decoded turns agree (the old whole text = the table's pieces joined).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRecording, frameAt, frameCount, frameData, frameEvent, frameId, frameRaw, frameTime, frameTurn, framesOf, turnText } from '../../../src/core/sse';
import { ms, turnIndex, type Recording } from '../../../src/core/types';
import { concat, splitAt, toBytes } from './helpers';
import { decodeRecording as legacyDecode } from './legacy';
import { tableOf } from '../../../src/core/chunk-table';

const TOKENS: (string | number[])[] = [
  'data: ', 'data:', 'data', 'event: ', 'event:x', 'event: y', 'id: ', 'id: 9', 'id', 'retry: 10', ': c', ':', 'x', 'yz', ' ',
  '{"a":1}', '\n', '\n', '\n', '\n\n', '\n\n', 'data: {"k":1}\n\n', 'event: e\ndata: v\n\n', '\r', '\r\n', 'é', '日',
  '😀', '\u0000', [0xff], [0xe6, 0x97], [0xc3], [0xef, 0xbf, 0xbd], [0xef, 0xbb, 0xbf],
];

const body = fc
  .tuple(fc.boolean(), fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }))
  .map(([bom, parts]) => concat([bom ? Uint8Array.from([0xef, 0xbb, 0xbf]) : new Uint8Array(0), ...parts.map(toBytes)]));

const cutBody = body.chain((bytes) =>
  fc.tuple(fc.constant(bytes), fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 10 }), fc.boolean()),
);

function recording(turns: [Uint8Array, number[], boolean][]): Recording {
  return {
    header: { streamscope: 1 },
    format: 'sse',
    timed: true,
    turns: turns.map(([bytes, cuts, copy], t) => {
      const parts = splitAt(bytes, cuts.filter((c) => c < bytes.length).sort((a, b) => a - b));
      return {
        index: turnIndex(t),
        requestAt: ms(t * 1000),
        chunks: tableOf(parts.map((p, i) => ({ time: ms(t * 1000 + (i + 1) * 10), bytes: copy ? p.slice() : p }))),
      };
    }),
    tools: [],
    marks: [],
    issues: [],
  };
}

describe('frame table', () => {
  it('frameAt over the table deep-equals the old decoder frames; decoded turns agree (any cuts, turns, piece sizes)', () => {
    fc.assert(
      fc.property(fc.array(cutBody, { minLength: 1, maxLength: 3 }), fc.constantFrom(undefined, 1, 7, 40), fc.boolean(), (turns, pieceBytes, fastPath) => {
        const rec = recording(turns);
        const old = legacyDecode(rec, { fastPath });
        const { frames, decoded } = decodeRecording(rec, { fastPath, ...(pieceBytes !== undefined && { pieceBytes }) });
        expect(frameCount(frames)).toBe(old.frames.length);
        expect(framesOf(frames)).toEqual(old.frames);
        expect(decoded).toEqual(old.decoded.map(({ text: _text, ...rest }) => rest));
        for (const d of old.decoded) expect(turnText(frames, d.turn)).toBe(d.text);
        for (let i = 0; i < frames.count; i++) {
          const f = old.frames[i]!;
          expect([frameData(frames, i), frameEvent(frames, i), frameTime(frames, i), frameTurn(frames, i), frameId(frames, i)]).toEqual([f.data, f.event, f.time, f.turn, f.id]);
          expect(frameRaw(frames, i)).toBe(old.decoded[f.turn]!.text.slice(f.charStart, f.charEnd));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('is plain data: a structured clone reads the same', () => {
    const rec = recording([[toBytes('id: 1\ndata: a\n\nevent: x\ndata: b\ndata: c\n\n'), [5], false], [toBytes('data: z\n\n'), [], false]]);
    const { frames } = decodeRecording(rec);
    const copy = structuredClone(frames);
    expect(framesOf(copy)).toEqual(framesOf(frames));
    expect(frameAt(copy, 1)).toMatchObject({ event: 'x', data: 'b\nc', id: '1' });
    expect(frameAt(copy, 2)).toMatchObject({ turn: 1, data: 'z' });
    expect(frameAt(copy, 2).id).toBeUndefined();
  });

  it('cuts a turn into pieces only between blocks, and never more than the limit unless one block is longer', () => {
    const text = 'data: 1\n\ndata: 22\n\ndata: 333\n\n: c\r\n\r\ndata: x\n\n';
    const { frames } = decodeRecording(recording([[toBytes(text), [], false]]), { pieceBytes: 12 });
    expect(frames.pieces.join('')).toBe(text);
    expect(frames.pieces).toEqual(['data: 1\n\n', 'data: 22\n\n', 'data: 333\n\n', ': c\r\n\r\n', 'data: x\n\n']);
    expect(framesOf(frames).map((f) => f.data)).toEqual(['1', '22', '333', 'x']);
  });
});
