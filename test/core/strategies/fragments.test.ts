import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { frameIndex } from '../../../src/core/types';
import { FragmentColumns, fragmentAt, fragmentCount, fragmentList, fragmentsUpTo, fragmentTableOf, NO_FRAGMENTS, type Fragment } from '../../../src/core/strategies/fragments';

describe('FragmentColumns', () => {
  it('groups interleaved fragments by buffer, each buffer keeping its arrival order', () => {
    const c = new FragmentColumns();
    // next-index-closes' shape: buffers 0 and 1 alternate, buffer 2 has none
    c.push(0, 1, 0, 2);
    c.push(1, 2, 0, 3);
    c.push(0, 3, 2, 5);
    c.push(1, 4, 3, 3);
    c.push(0, 5, 5, 9);
    const t = c.finish(3);
    expect(fragmentList(t, 0)).toEqual([
      { frame: 1, start: 0, end: 2 },
      { frame: 3, start: 2, end: 5 },
      { frame: 5, start: 5, end: 9 },
    ]);
    expect(fragmentList(t, 1)).toEqual([
      { frame: 2, start: 0, end: 3 },
      { frame: 4, start: 3, end: 3 },
    ]);
    expect(fragmentCount(t, 2)).toBe(0);
    expect(fragmentAt(t, 1, 2)).toBeUndefined();
    expect(fragmentAt(t, 1, -1)).toBeUndefined();
  });

  it('grows past its first capacity and drops a fragment of a buffer it was not told of', () => {
    const c = new FragmentColumns();
    for (let i = 0; i < 1000; i++) c.push(i % 7, i, i, i + 1);
    c.push(9, 5, 0, 1);
    const t = c.finish(7);
    expect(t.frame.length).toBe(1000);
    for (let b = 0; b < 7; b++) expect(fragmentList(t, b).map((f) => f.frame)).toEqual([...Array(1000).keys()].filter((i) => i % 7 === b));
  });

  it('refuses to be used after it finished (its columns are handed over)', () => {
    const c = new FragmentColumns();
    c.push(0, 1, 0, 1);
    c.finish(1);
    expect(() => c.push(0, 2, 1, 2)).toThrow(/after finish/);
    expect(() => c.finish(1)).toThrow(/after finish/);
  });

  it('equals the per-buffer lists it was made from, for any interleaving (property)', () => {
    const frag = fc.record({ frame: fc.nat(1000), start: fc.nat(100), end: fc.nat(100) });
    fc.assert(
      fc.property(fc.array(fc.array(frag, { maxLength: 8 }), { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 48 }), (lists, order) => {
        const typed = lists.map((l) => l.map((f) => ({ ...f, frame: frameIndex(f.frame) }) as Fragment));
        // push them in an interleaved order that keeps each buffer's own order
        const c = new FragmentColumns();
        const next = typed.map(() => 0);
        const pending = () => typed.some((l, b) => (next[b] as number) < l.length);
        let k = 0;
        while (pending()) {
          const chosen = (order[k++ % Math.max(1, order.length)] ?? 0) % typed.length;
          // the chosen buffer, or the first with fragments left when it has none
          const b = (next[chosen] as number) < (typed[chosen] as Fragment[]).length ? chosen : typed.findIndex((l, j) => (next[j] as number) < l.length);
          const l = typed[b] as Fragment[];
          const i = next[b] as number;
          const f = l[i] as Fragment;
          c.push(b, f.frame, f.start, f.end);
          next[b] = i + 1;
        }
        const t = c.finish(typed.length);
        typed.forEach((l, b) => expect(fragmentList(t, b)).toEqual(l));
        expect(typed.map((_, b) => fragmentList(fragmentTableOf(typed), b))).toEqual(typed);
      }),
    );
  });
});

describe('readers', () => {
  const t = fragmentTableOf([[], [{ frame: frameIndex(2), start: 0, end: 1 }, { frame: frameIndex(2), start: 1, end: 1 }, { frame: frameIndex(6), start: 1, end: 4 }]]);
  it('count the fragments arrived by a frame', () => {
    expect([0, 1, 2, 5, 6, 9].map((f) => fragmentsUpTo(t, 1, f))).toEqual([0, 0, 2, 2, 3, 3]);
    expect(fragmentsUpTo(t, 0, 9)).toBe(0);
  });
  it('read a buffer past the table, or the table of none, as having no fragment', () => {
    expect(fragmentCount(t, 5)).toBe(0);
    expect(fragmentCount(NO_FRAGMENTS, 0)).toBe(0);
    expect(fragmentsUpTo(NO_FRAGMENTS, 3, 10)).toBe(0);
  });
  it('survive a structured clone (what a worker posts)', () => {
    expect(fragmentList(structuredClone(t), 1)).toEqual(fragmentList(t, 1));
  });
});
