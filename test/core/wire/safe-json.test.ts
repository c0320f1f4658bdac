import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringifyDeep } from '../../../src/core/wire/safe-json';

describe('stringifyDeep', () => {
  it('equals JSON.stringify on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(stringifyDeep(v)).toBe(JSON.stringify(v));
      }),
      { numRuns: 300 },
    );
  });
  it('serializes data nested 100,000 deep, which JSON.stringify cannot', () => {
    const text = '{"a":'.repeat(100_000) + '[1,"x",null,{}]' + '}'.repeat(100_000);
    const value = JSON.parse(text) as unknown;
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    expect(stringifyDeep(value)).toBe(text);
  });
});
