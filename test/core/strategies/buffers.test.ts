// A run's buffers as columns (src/core/strategies/buffers.ts) and the columns' finishing (src/core/columns.ts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitted } from '../../../src/core/columns';
import { BufferColumns, bufferAt, bufferCount, bufferKey, bufferRows, bufferTableOf, bufferText, bufferTurn, NO_BUFFERS, NO_STRING, NOT_OPENED } from '../../../src/core/strategies/buffers';
import { FragmentColumns, fragmentList, fragmentTableOf, type Fragment } from '../../../src/core/strategies/fragments';
import { frameIndex, turnIndex, type BufferLog, type CallKey } from '../../../src/core/types';

const key = (k: string) => k as CallKey;

describe('BufferColumns', () => {
  it('gives back each buffer as it was opened and named, the shared buffer with no key', () => {
    const c = new BufferColumns();
    expect(c.open(turnIndex(0), null, frameIndex(0))).toBe(0);
    expect(c.open(turnIndex(0), key('0'), frameIndex(1), 'call_a', 'read_file')).toBe(1);
    expect(c.open(turnIndex(1), key('1'), undefined)).toBe(2);
    c.setCall(2, 'call_b', undefined);
    c.setCall(2, undefined, 'write_file');
    c.setCall(7, 'ignored', 'ignored');
    const t = c.finish(['{}', '{"a":1}', '']);
    expect(bufferRows(t)).toEqual([
      { id: 0, turn: 0, key: null, text: '{}', openedAt: 0 },
      { id: 1, turn: 0, key: '0', text: '{"a":1}', openedAt: 1, callId: 'call_a', name: 'read_file' },
      { id: 2, turn: 1, key: '1', text: '', callId: 'call_b', name: 'write_file' },
    ]);
    expect(t.openedAt[2]).toBe(NOT_OPENED);
    expect(t.key[0]).toBe(NO_STRING);
    expect(() => c.finish([])).toThrow(/after finish/);
    expect(() => c.open(turnIndex(0), null, undefined)).toThrow(/after finish/);
  });

  it('stores a key, id or name once however many buffers name it (next-index-closes reopens one call per fragment)', () => {
    const c = new BufferColumns();
    for (let i = 0; i < 10_000; i++) c.open(turnIndex(0), key(String(i % 8)), frameIndex(i), `call_${i % 8}`, i % 2 ? 'read_file' : 'write_file');
    const t = c.finish([]);
    expect(bufferCount(t)).toBe(10_000);
    expect(t.strings.length).toBe(8 + 8 + 2);
    expect(bufferKey(t, 9_999)).toBe('7');
    expect(bufferAt(t, 9_998)).toMatchObject({ key: '6', callId: 'call_6', name: 'write_file', text: '', openedAt: 9_998 });
  });
});

describe('reading a table', () => {
  const rows: Omit<BufferLog, 'id'>[] = [
    { turn: turnIndex(0), key: null, text: 'abc' },
    { turn: turnIndex(2), key: key(''), text: 'x', openedAt: frameIndex(4), name: 'n' },
  ];
  const t = bufferTableOf(rows);

  it('reads a row, its text, key and turn; past the end, nothing', () => {
    expect(bufferText(t, 0)).toBe('abc');
    expect(bufferKey(t, 1)).toBe('');
    expect(bufferTurn(t, 1)).toBe(2);
    expect(bufferAt(t, 1)).toEqual({ id: 1, turn: 2, key: '', text: 'x', openedAt: 4, name: 'n' });
    for (const b of [-1, 2, 0.5, Number.NaN]) expect(bufferAt(t, b)).toBeUndefined();
    expect(bufferText(t, 5)).toBe('');
    expect(bufferKey(t, 5)).toBeNull();
    expect(bufferRows(NO_BUFFERS)).toEqual([]);
  });

  it('gives the same row objects every time (a memo or an includes sees one row), and a clone reads the same', () => {
    expect(bufferRows(t)[1]).toBe(bufferRows(t)[1]);
    expect(bufferAt(t, 1)).not.toBe(bufferAt(t, 1));
    const copy = structuredClone(t);
    expect(bufferRows(copy)).toEqual(bufferRows(t));
  });

  it('round-trips any rows', () => {
    const row = fc.record(
      {
        turn: fc.nat(5).map(turnIndex),
        key: fc.option(fc.string({ maxLength: 3 }).map(key), { nil: null }),
        text: fc.string({ maxLength: 6 }),
        openedAt: fc.nat(100).map(frameIndex),
        callId: fc.string({ maxLength: 3 }),
        name: fc.string({ maxLength: 3 }),
      },
      { requiredKeys: ['turn', 'key', 'text'] },
    );
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (list) => {
        expect(bufferRows(bufferTableOf(list))).toEqual(list.map((b, id) => ({ id, ...b })));
      }),
    );
  });
});

describe('finishing columns', () => {
  it('keeps a column as a view when little of it is unused, and copies it when much is', () => {
    const a = new Uint32Array(64).map((_, i) => i);
    expect(fitted(a, 64)).toBe(a);
    const view = fitted(a, 60);
    expect(Array.from(view)).toEqual([...Array(60).keys()]);
    expect(view.buffer).toBe(a.buffer);
    const copy = fitted(a, 20);
    expect(Array.from(copy)).toEqual([...Array(20).keys()]);
    expect(copy.buffer.byteLength).toBe(20 * 4);
  });

  it('a fragment table of rows that came grouped by buffer is the one a sort makes, in the builder\'s own columns', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.tuple(fc.nat(50), fc.nat(9)), { maxLength: 5 }), { maxLength: 30 }), (perBuffer) => {
        const lists: Fragment[][] = perBuffer.map((list) => list.map(([frame, len], i) => ({ frame: frameIndex(frame), start: i * 10, end: i * 10 + len })));
        const c = new FragmentColumns();
        lists.forEach((list, b) => list.forEach((f) => c.push(b, f.frame, f.start, f.end)));
        const t = c.finish(lists.length);
        lists.forEach((list, b) => expect(fragmentList(t, b)).toEqual(list));
        expect(Array.from(t.first)).toEqual(Array.from(fragmentTableOf(lists).first));
      }),
    );
    // 1,000 grouped rows in a builder of 1,024: the table's columns are the builder's, not copies
    const c = new FragmentColumns();
    for (let i = 0; i < 1000; i++) c.push(i >> 2, i, 0, 1);
    expect(c.finish(250).frame.buffer.byteLength).toBe(1024 * 4);
  });
});
