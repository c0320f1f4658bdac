// The pretty window of a long event's data (issue 36): the text re-indented as far as it is shown, never parsed
// whole on the page; the same text prettyValue writes from the parsed value, for JSON as JSON.stringify writes it.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { PRETTY_CHARS, prettyValue } from '../../../src/ui/code/pretty';
import { prettyWindow } from '../../../src/ui/panels/raw/prettyWindow';
import { prettyJson, WINDOWED_DATA } from '../../../src/ui/panels/raw/detailText';

describe('prettyWindow', () => {
  it('shows what prettyValue shows, at any cut and depth, whatever the spacing of the text', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 3 }), (value, maxChars, maxDepth, space) => {
        const text = JSON.stringify(value, null, space);
        const got = prettyWindow(text, maxChars, maxDepth);
        const want = prettyValue(JSON.parse(text), maxDepth, maxChars);
        expect(got?.text).toBe(want.text);
        expect(got?.cutAt).toBe(want.cutAt);
        // whether a container past the cut was reached is where the two stop writing, not what is shown
        if (want.cutAt === undefined) expect(got?.flatFrom).toBe(want.flatFrom);
      }),
      { seed: 20261205, numRuns: 400 },
    );
  });

  it('is null for text that is not JSON', () => {
    for (const t of ['{"a":', '', 'x', '{"a" 1}}', '"abc', '[1]]']) expect(prettyWindow(t)).toBeNull();
  });

  it('a 5 MB event: cut at PRETTY_CHARS, not parsed, no copy of the whole value', () => {
    const value = { choices: [{ index: 0, delta: { content: 'x'.repeat(5_000_000) } }] };
    const text = JSON.stringify(value);
    expect(text.length).toBeGreaterThan(WINDOWED_DATA);
    const parse = vi.spyOn(JSON, 'parse');
    const p = prettyJson(text);
    const parsed = parse.mock.calls.length;
    parse.mockRestore();
    expect(parsed).toBe(0);
    expect(p?.cutAt).toBe(PRETTY_CHARS);
    expect(p?.text).toBe(JSON.stringify(value, null, 2).slice(0, PRETTY_CHARS));
  });
});
