// One large event through the worker's slicing (issue 36): a tool call whose arguments are 1.5 MB was 19 strings
// of that size on the page (the decoded text, the signal text, and each strategy's buffer, call text and parsed
// value); equal long strings now cross once, as a `same` part, and the strategies share one parse of the call; the
// decoded text does not cross at all (the page decodes it again from the turn's bytes when it is read).
import { describe, expect, test } from 'vitest';
import { analyzeInput } from '../../src/core/session/session';
import { forgetSharedParse, parseJson, SHARED_PARSE } from '../../src/core/strategies/json';
import { createAssembler } from '../../src/worker/assemble';
import { partsOf, splitSession } from '../../src/worker/slice';
import type { Part } from '../../src/worker/protocol';
import { expectStrictEqual } from '../support/strict-equal';
import { learnShape, SHAPE_MAX, shapeSchedule } from '../../src/core/strategies/ground-truth/schedule';

const CHARS = 1_500_000;
const envelope = '{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m",';
const sse =
  `data: ${envelope}"choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"write_file","arguments":"{\\"a\\": \\"${'y'.repeat(CHARS)}\\"}"}}]}}]}\n\n` +
  `data: ${envelope}"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\ndata: [DONE]\n\n`;

const sizes = { items: 1000, text: 1 << 16 };

describe('one large argument through the worker slicing', () => {
  test('equal long strings cross once; the assembled session equals the analysed one, the equal strings one string', () => {
    const r = analyzeInput(new TextEncoder().encode(sse), 'big.sse');
    if (!r.ok) throw new Error('expected a session');
    const session = r.session;
    const expected = structuredClone(session);
    const { skeleton, pieces } = splitSession(session, sizes);
    const parts: Part[] = [...partsOf(pieces, sizes)].map((o) => o.part);
    const textUnits = parts.reduce((n, p) => n + (p.kind === 'text' ? p.text.length : p.kind === 'items' ? p.items.reduce<number>((m, s) => m + (typeof s === 'string' ? s.length : 0), 0) : 0), 0);
    const same = parts.filter((p) => p.kind === 'same');
    // the call's text crosses once; its parsed value is a slice of it. The decoded text (the escaped arguments) does
    // not: the page decodes it again from the turn's bytes (src/worker/piece-text.ts)
    expect(textUnits).toBeLessThan(1.1 * CHARS);
    expect(textUnits).toBeGreaterThan(0.95 * CHARS);
    expect(parts.some((p) => p.kind !== 'buffer' && p.kind !== 'chunk-table' && p.path.join('.').startsWith('frames.pieces'))).toBe(false);
    expect(same.length).toBeGreaterThan(10);
    // one per strategy's call, all of the same place
    expect(new Set(parts.filter((p) => p.kind === 'slice').map((p) => JSON.stringify(p.kind === 'slice' && [p.from, p.start]))).size).toBe(1);
    const asm = createAssembler();
    for (const p of parts) asm.add(structuredClone(p));
    const got = asm.finish(structuredClone(skeleton));
    expectStrictEqual(got, expected);
    const buffers = Object.values(got.strategies).flatMap((run) => run.buffers.text).filter((t) => t.length > CHARS);
    expect(buffers.length).toBe(5);
    // every call has the same value (one string on the page: a `same` part is given the value joined at its `from`)
    const calls = Object.values(got.strategies).flatMap((run) => run.calls);
    expect(calls.length).toBe(5);
    expect(new Set(calls.map((c) => (c.args as { a: string }).a)).size).toBe(1);
  });

  test('the analysis of one large argument: every strategy has the call the ground truth carries', () => {
    const r = analyzeInput(new TextEncoder().encode(sse), 'big.sse');
    if (!r.ok) throw new Error('expected a session');
    expect(r.session.carried.length).toBe(1);
    expect(r.session.carried[0]?.argsText.length).toBe(CHARS + 9);
    for (const id of ['parse-each-fragment', 'shared-buffer', 'per-call-buffer', 'next-index-closes'] as const) expect(r.session.strategies[id].verdict).toBe('ok');
  });

  test('the ground truth makes no shape from data over SHAPE_MAX (its proofs copy and parse the data whole)', () => {
    const turn = shapeSchedule();
    let reads = 0;
    const read = () => {
      reads++;
      return undefined;
    };
    learnShape(turn, `{"a":"${'q'.repeat(SHAPE_MAX)}"}`, 'message', read as never, {} as never);
    expect(reads).toBe(0);
    expect(turn.shapes.length).toBe(0);
    expect(turn.since).toBe(0);
  });

  test('a `same` or `slice` part naming a string that never came, or past its end, is refused by name', () => {
    const asm = createAssembler();
    expect(() => asm.add({ kind: 'same', path: ['x'], from: ['nowhere'] })).toThrow(/x is the string at nowhere, which did not come/);
    expect(() => asm.add({ kind: 'slice', path: ['x'], from: ['nowhere'], start: 0, length: 1 })).toThrow(/x is part of the string at nowhere, which did not come/);
    asm.add({ kind: 'text', path: ['a'], text: 'abc' });
    asm.add({ kind: 'slice', path: ['b'], from: ['a'], start: 2, length: 2 });
    expect(() => asm.finish({ a: '', b: '' } as never)).toThrow(/b is characters 2..4 of a string of 3/);
  });

  test('a long content chunk: its text crosses once, as a slice of the event it came in', () => {
    const content = 'x'.repeat(CHARS);
    const text = `data: ${envelope}"choices":[{"index":0,"delta":{"content":"${content}"}}]}\n\ndata: [DONE]\n\n`;
    const r = analyzeInput(new TextEncoder().encode(text), 'big.sse');
    if (!r.ok) throw new Error('expected a session');
    const expected = structuredClone(r.session);
    const { skeleton, pieces } = splitSession(r.session, sizes);
    const parts = [...partsOf(pieces, sizes)].map((o) => o.part);
    const units = parts.reduce((n, p) => n + (p.kind === 'text' ? p.text.length : 0), 0);
    expect(units).toBeLessThan(1.1 * CHARS);
    const asm = createAssembler();
    for (const p of parts) asm.add(structuredClone(p));
    expectStrictEqual(asm.finish(structuredClone(skeleton)), expected);
  });

  test('the strategies share one parse of a long equal text; short texts and different texts are parsed anew', () => {
    const long = `{"a":"${'z'.repeat(SHARED_PARSE)}"}`;
    const a = parseJson(long);
    const b = parseJson(`${long.slice(0, 3)}${long.slice(3)}`);
    expect(a.ok && b.ok && a.value === b.value).toBe(true);
    expect(parseJson('{"a":1}')).not.toBe(parseJson('{"a":1}'));
    const other = parseJson(`{"b":"${'z'.repeat(SHARED_PARSE)}"}`);
    expect(other.ok && a.ok && other.value !== a.value).toBe(true);
    forgetSharedParse();
    const c = parseJson(long);
    expect(c.ok && a.ok && c.value !== a.value).toBe(true);
    expect(c).toEqual(a);
  });
});
