// turnVerdict on hand-built carried / produced calls: matching by key and id, the reason and the frame reported.
import { describe, expect, it } from 'vitest';
import { turnGroups, turnVerdict, type TurnInput } from '../../../src/core/strategies/verdict';
import { frameIndex, turnIndex, type CarriedCall, type ReadyCall } from '../../../src/core/types';

const carried = (over: Partial<CarriedCall> = {}): CarriedCall => ({
  turn: turnIndex(0), key: '0', id: 'a', name: 'f', argsText: '{"x": 1}', startFrame: frameIndex(1), endFrame: frameIndex(4), valid: true, ...over,
});
const produced = (over: Partial<ReadyCall> = {}): ReadyCall => ({
  turn: turnIndex(0), key: '0', id: 'a', name: 'f', argsText: '{"x":1}', args: { x: 1 }, readyFrame: frameIndex(4), ...over,
});
const input = (c: CarriedCall[], p: ReadyCall[]): TurnInput => ({
  turn: turnIndex(0), endFrame: frameIndex(9), carried: c, produced: p, failed: undefined, inputOf: () => '',
});

describe('turnVerdict', () => {
  it('ok when ids, names and parsed args match (whitespace in the text does not matter)', () => {
    expect(turnVerdict(input([carried()], [produced()])).verdict).toBe('ok');
  });
  it.each([
    ['id', { id: 'b' }],
    ['name', { name: 'g' }],
    ['args', { args: { x: 2 } }],
  ])('wrong-call when the %s differs', (_what, over) => {
    expect(turnVerdict(input([carried()], [produced({ ...over, readyFrame: frameIndex(5) })]))).toMatchObject({ verdict: 'fail', reason: 'wrong-call', frame: 5 });
  });
  it('missing-call at the end frame of an ended call nobody produced', () => {
    expect(turnVerdict(input([carried()], []))).toMatchObject({ reason: 'missing-call', frame: 4, key: '0' });
  });
  it('call-never-ended at the stream end for a cut call', () => {
    expect(turnVerdict(input([carried({ endFrame: undefined })], []))).toMatchObject({ reason: 'call-never-ended', frame: 9 });
  });
  it('extra-call for a call the stream never carried', () => {
    expect(turnVerdict(input([], [produced({ readyFrame: frameIndex(7) })]))).toMatchObject({ reason: 'extra-call', frame: 7 });
  });
  it('the earliest mismatch is reported', () => {
    const v = turnVerdict(input([carried({ key: '0', id: 'a', endFrame: frameIndex(8) }), carried({ key: '1', id: 'b', endFrame: frameIndex(3) })], []));
    expect(v).toMatchObject({ reason: 'missing-call', frame: 3, key: '1' });
  });
  it('a failed parse attempt is reported before any mismatch, with its input and message', () => {
    const v = turnVerdict({
      ...input([carried()], []),
      failed: { frame: frameIndex(2), turn: turnIndex(0), key: '0', bufferId: 0, start: 0, end: 3, ok: false, error: 'Unexpected end of JSON input' },
      inputOf: () => '{"x',
    });
    expect(v).toEqual({ turn: 0, verdict: 'fail', reason: 'parse-failed', frame: 2, input: '{"x', error: 'Unexpected end of JSON input', key: '0' });
  });
  it('pairs calls by id when keys differ in order', () => {
    const c = [carried({ key: '0', id: 'a' }), carried({ key: '1', id: 'b', argsText: '{"y":2}' })];
    const p = [produced({ key: '1', id: 'b', args: { y: 2 } }), produced({ key: '0', id: 'a' })];
    expect(turnVerdict(input(c, p)).verdict).toBe('ok');
  });
});

describe('turnVerdict pairing and earliest issue', () => {
  const c0 = carried({ key: '0', id: 'a', endFrame: frameIndex(4) });
  const c1 = carried({ key: '1', id: 'b', endFrame: frameIndex(6) });
  const p0 = produced({ key: '0', id: 'a', readyFrame: frameIndex(4) });
  const p1 = produced({ key: '1', id: 'b', readyFrame: frameIndex(6) });

  it('pairs calls produced in the carried order, with an extra one after them', () => {
    expect(turnVerdict(input([c0, c1], [p0, p1])).verdict).toBe('ok');
    const extra = produced({ key: '2', id: 'c', readyFrame: frameIndex(8) });
    expect(turnVerdict(input([c0, c1], [p0, p1, extra]))).toMatchObject({ reason: 'extra-call', frame: 8, key: '2' });
  });

  it('pairs calls produced in another order by key and id', () => {
    expect(turnVerdict(input([c0, c1], [p1, p0])).verdict).toBe('ok');
  });

  it('reports the earliest issue; on a tie, the first found (carried before extra calls)', () => {
    const late = carried({ key: '0', id: 'a', endFrame: frameIndex(7) });
    const early = carried({ key: '1', id: 'b', endFrame: frameIndex(3) });
    expect(turnVerdict(input([late, early], []))).toMatchObject({ reason: 'missing-call', frame: 3, key: '1' });
    const extraAt7 = produced({ key: '9', id: 'z', readyFrame: frameIndex(7) });
    expect(turnVerdict(input([late], [extraAt7]))).toMatchObject({ reason: 'missing-call', frame: 7, key: '0' });
  });

  it('an issue without a frame comes after every issue with one', () => {
    const cut = carried({ key: '0', id: 'a', endFrame: undefined });
    const extra = produced({ key: '9', id: 'z', readyFrame: frameIndex(50) });
    const noEnd: TurnInput = { ...input([cut], [extra]), endFrame: undefined };
    expect(turnVerdict(noEnd)).toMatchObject({ reason: 'extra-call', frame: 50 });
  });
});

describe('turnGroups', () => {
  const item = (turn: number, n: number) => ({ turn: turnIndex(turn), n });
  it('groups without copying a one-turn list, slices grouped lists, and falls back on interleaved turns', () => {
    const one = [item(0, 1), item(0, 2)];
    expect(turnGroups(one).get(turnIndex(0))).toBe(one);
    const two = [item(0, 1), item(1, 2), item(1, 3)];
    expect([...turnGroups(two)].map(([t, xs]) => [t, xs.map((x) => x.n)])).toEqual([[0, [1]], [1, [2, 3]]]);
    const mixed = [item(0, 1), item(1, 2), item(0, 3)];
    expect([...turnGroups(mixed)].map(([t, xs]) => [t, xs.map((x) => x.n)])).toEqual([[0, [1, 3]], [1, [2]]]);
    expect(turnGroups([]).size).toBe(0);
  });
});
