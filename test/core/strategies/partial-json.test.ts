// The partial-JSON preview parser: closes what is open, drops what dangles, never throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePartialJson } from '../../../src/core/strategies/partial-json';

describe('parsePartialJson', () => {
  it.each([
    ['', undefined, false],
    ['{', {}, false],
    ['{"pa', {}, false],
    ['{"path"', {}, false],
    ['{"path":', {}, false],
    ['{"path":"REA', { path: 'REA' }, false],
    ['{"path":"README.md",', { path: 'README.md' }, false],
    ['{"a":[1,2,', { a: [1, 2] }, false],
    ['{"a":tru', { a: true }, false],
    ['{"a":1.5e', { a: 1.5 }, false],
    ['"ab\\', 'ab', false],
    ['{"a":1}', { a: 1 }, true],
    [' [1, {"b": null}] ', [1, { b: null }], true],
  ])('%j -> %j (complete %s)', (text, value, complete) => {
    const r = parsePartialJson(text);
    expect(r.value).toEqual(value);
    expect(r.complete).toBe(complete);
    expect(r.invalidAt).toBeUndefined();
  });

  it('reports where a text stops being JSON', () => {
    expect(parsePartialJson('{"a":1}{"b":2}')).toEqual({ value: { a: 1 }, complete: false, invalidAt: 7 });
    expect(parsePartialJson('xyz').invalidAt).toBe(0);
  });

  it('keeps a "__proto__" member as JSON.parse does (an own property, not the prototype; fast-check found it)', () => {
    const text = '{"__proto__":false,"a":{"__proto__":{"x":1}}}';
    const r = parsePartialJson(text);
    expect(r.value).toEqual(JSON.parse(text));
    expect(Object.keys(r.value as object)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype);
    expect(parsePartialJson('{"__proto__":{"x":').value).toEqual(JSON.parse('{"__proto__":{}}'));
  });

  it('agrees with JSON.parse on every complete value and every prefix of it is a non-throwing preview', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        const whole = parsePartialJson(text);
        expect(whole.complete).toBe(true);
        expect(whole.value).toEqual(JSON.parse(text));
        for (let i = 0; i < text.length; i += Math.max(1, Math.floor(text.length / 7))) {
          const p = parsePartialJson(text.slice(0, i));
          expect(p.invalidAt).toBeUndefined();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string(), (s) => { parsePartialJson(s); }), { numRuns: 500 });
  });

  describe('nesting 100,000 levels (built here, not a committed file)', () => {
    const D = 100_000;
    /** How deep a value nests, following the first member of each container (no recursion: toEqual would overflow). */
    const depthOf = (v: unknown): number => {
      let n = 0;
      let at = v;
      while (typeof at === 'object' && at !== null) {
        n++;
        at = Array.isArray(at) ? at[0] : Object.values(at)[0];
      }
      return n;
    };

    it('parses a complete text of 100,000 nested arrays as JSON.parse does', () => {
      const r = parsePartialJson(`${'['.repeat(D)}${']'.repeat(D)}`);
      expect(r.complete).toBe(true);
      expect(r.invalidAt).toBeUndefined();
      expect(depthOf(r.value)).toBe(D);
    });

    it('previews a prefix of 100,000 nested objects, closing every open level, with the innermost value kept', () => {
      const text = `${'{"a":'.repeat(D)}"deepest`;
      const r = parsePartialJson(text);
      expect(r.complete).toBe(false);
      expect(r.invalidAt).toBeUndefined();
      expect(depthOf(r.value)).toBe(D);
      let at: unknown = r.value;
      for (let i = 0; i < D; i++) at = (at as { a: unknown }).a;
      expect(at).toBe('deepest');
    });

    it('still finds where a deep text stops being JSON', () => {
      const r = parsePartialJson(`${'['.repeat(D)}}`);
      expect(r.invalidAt).toBe(D);
      expect(depthOf(r.value)).toBe(D);
    });
  });
});
