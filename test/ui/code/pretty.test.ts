// Bounded pretty JSON: the same text as JSON.stringify(v, null, 2) for ordinary values; deep values (5,000 and
// 100,000 levels, built here) written on one line past PRETTY_DEPTH, so the text stays linear in the input; long
// text cut with the length said.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { PRETTY_CHARS, PRETTY_DEPTH, prettyJsonText, prettyValue } from '../../../src/ui/code/pretty';

const arrays = (d: number) => `${'['.repeat(d)}${']'.repeat(d)}`;

describe('prettyValue', () => {
  it('is JSON.stringify(v, null, 2) for shallow values', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (v) => {
        const parsed = JSON.parse(JSON.stringify(v)) as unknown;
        expect(prettyValue(parsed)).toEqual({ text: JSON.stringify(parsed, null, 2) });
      }),
      { numRuns: 300 },
    );
    expect(prettyValue({ a: [], b: {}, '"k"': [1, null, 'x'] }).text).toBe(JSON.stringify({ a: [], b: {}, '"k"': [1, null, 'x'] }, null, 2));
  });

  it.each([5_000, 50_000])('writes %i nested levels: indented to PRETTY_DEPTH, the rest on one line, linear size', (d) => {
    const p = prettyJsonText(arrays(d));
    expect(p?.flatFrom).toBe(PRETTY_DEPTH);
    expect(p?.cutAt).toBeUndefined();
    const text = p?.text ?? '';
    // indented part: PRETTY_DEPTH lines each way; no line longer than the flat core
    expect(text.split('\n')).toHaveLength(2 * PRETTY_DEPTH + 1);
    expect(text.length).toBeLessThan(2 * d + 4 * PRETTY_DEPTH * PRETTY_DEPTH);
    expect(text.replace(/\s/g, '')).toBe(arrays(d));
  });

  it('writes 100,000 nested levels up to PRETTY_CHARS, then says it cut', () => {
    const p = prettyJsonText(arrays(100_000));
    expect(p?.flatFrom).toBe(PRETTY_DEPTH);
    expect(p?.cutAt).toBe(PRETTY_CHARS);
    expect(p?.text).toHaveLength(PRETTY_CHARS);
    expect(arrays(100_000).startsWith((p?.text ?? '').replace(/\s/g, ''))).toBe(true);
  });

  it('cuts text past PRETTY_CHARS and says where', () => {
    const big = Array.from({ length: 50_000 }, (_, i) => ({ i, s: 'x'.repeat(10) }));
    const p = prettyValue(big);
    expect(p.cutAt).toBe(PRETTY_CHARS);
    expect(p.text).toHaveLength(PRETTY_CHARS);
    expect(JSON.stringify(big, null, 2).startsWith(p.text)).toBe(true);
  });

  it('is null for text that is not JSON', () => {
    expect(prettyJsonText('{"a":')).toBeNull();
  });

  it('writes a long string only as far as it is shown (issue 36: a 30 MB argument was copied whole to show 200 KB)', () => {
    const value = { a: `é"${'y'.repeat(3_000_000)}` };
    const stringify = vi.spyOn(JSON, 'stringify');
    const p = prettyValue(value);
    const longest = Math.max(...stringify.mock.calls.map(([v]) => (typeof v === 'string' ? v.length : 0)));
    stringify.mockRestore();
    expect(longest).toBeLessThanOrEqual(PRETTY_CHARS + 1);
    expect(p.cutAt).toBe(PRETTY_CHARS);
    expect(p.text).toBe(JSON.stringify(value, null, 2).slice(0, PRETTY_CHARS));
  });
});
