// Frames sent as columns: what the page rebuilds equals the frames the analysis made (same keys in the same order,
// ids kept only where set), a slice holding a frame of another shape goes as plain items, and columns that do not
// agree are refused with a message.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { generateChat } from '../../bench/lib/generate';
import { analyzeText } from '../../src/core/session/analyze';
import type { Frame, Session } from '../../src/core/types';
import { createAssembler } from '../../src/worker/assemble';
import { decodeFrames, encodeFrames, fitsColumns } from '../../src/worker/frameColumns';
import { partsOf, splitSession } from '../../src/worker/slice';
import { expectStrictEqual } from '../support/strict-equal';

const frameArb: fc.Arbitrary<Frame> = fc
  .record({
    index: fc.nat(),
    turn: fc.nat(20),
    time: fc.double({ min: 0, max: 1e7, noNaN: true }),
    event: fc.constantFrom('message', 'content_block_delta', 'ping', 'é事件'),
    data: fc.string({ unit: 'grapheme', maxLength: 40 }),
    chunks: fc.tuple(fc.nat(), fc.nat()),
    charStart: fc.nat(),
    charEnd: fc.nat(),
    byteStart: fc.nat(),
    byteEnd: fc.nat(),
    id: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
  })
  .map(({ id, ...f }) => (id === undefined ? f : { ...f, id }) as unknown as Frame);

/** 600 frames: five slices of 120, enough for an odd one in the middle (the sizes, not the scale, are the point). */
function session(): Session {
  const r = analyzeText(generateChat(600).jsonl, 'gen.jsonl');
  if (!r.ok) throw new Error(r.error.message);
  return r.session;
}

describe('frames as columns', () => {
  test('decode(encode(frames)), through structured clone, deep-equals the frames with the same key order', () => {
    fc.assert(
      fc.property(fc.array(frameArb, { maxLength: 60 }), (frames) => {
        expect(frames.every(fitsColumns)).toBe(true);
        const { columns, transfer } = encodeFrames(frames);
        const back = decodeFrames(structuredClone(columns, { transfer }));
        expect(back).toStrictEqual(frames);
        back.forEach((f, i) => expect(Object.keys(f)).toEqual(Object.keys(frames[i] as Frame)));
      }),
      { numRuns: 200 },
    );
  });

  test('frames core makes fit; other shapes do not', () => {
    const s = session();
    expect(s.frames.every(fitsColumns)).toBe(true);
    const f = s.frames[0] as Frame;
    const { charStart: _, ...missing } = f;
    expect(fitsColumns(missing)).toBe(false);
    expect(fitsColumns({ ...f, extra: 1 })).toBe(false);
    expect(fitsColumns({ ...f, data: 7 })).toBe(false);
    expect(fitsColumns({ ...f, chunks: [1, 2, 3] })).toBe(false);
    expect(fitsColumns({ id: 'x', ...f })).toBe(false);
    expect(fitsColumns(null)).toBe(false);
  });

  test('a slice with an odd frame goes as items, the others as columns, and the session arrives whole', () => {
    const s = session();
    expect(s.frames.length).toBeGreaterThan(4 * 120);
    const odd = { ...s, frames: s.frames.map((f, i) => (i === 300 ? { ...f, extra: true } : f)) } as Session;
    // taken before sending: the parts transfer the session's chunk buffers (the worker is done with it then)
    const expected = structuredClone(odd);
    const { skeleton, pieces } = splitSession(odd, { items: 120, text: 1 << 20 });
    const a = createAssembler();
    const kinds: string[] = [];
    for (const { part, transfer } of partsOf(pieces, { items: 120, text: 1 << 20 })) {
      const received = structuredClone(part, { transfer });
      if (received.kind !== 'buffer' && received.path.join('.') === 'frames') kinds.push(received.kind);
      a.add(received);
    }
    expect(kinds).toEqual(['frames', 'frames', 'items', 'frames', 'frames']);
    expectStrictEqual(structuredClone(a.finish(structuredClone(skeleton))), expected);
  });

  test('columns that disagree are refused with a message', () => {
    const { columns } = encodeFrames(session().frames.slice(0, 3));
    expect(() => decodeFrames({ ...columns, count: 4 })).toThrow(/columns of 4 frames do not match/);
    expect(() => decodeFrames({ ...columns, dataEnds: Float64Array.of(1, 2, 1e9) })).toThrow(/frame 2 of a slice of 3 points outside/);
    expect(() => decodeFrames({ ...columns, events: [] })).toThrow(/frame 0 of a slice of 3/);
  });
});
