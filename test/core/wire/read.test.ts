// read.ts's field readers: call keys from numeric indices.
import { describe, expect, it } from 'vitest';
import { keyOf } from '../../../src/core/wire/read';

describe('keyOf', () => {
  it('gives the decimal string of a non-negative integer, below and above the shared strings', () => {
    for (const n of [0, 1, 255, 256, 300, 299, 4095, 65535, 65536, 70000, 1e6, 2 ** 40]) expect(keyOf(n)).toBe(String(n));
    expect(keyOf(1000)).toBe('1000');
  });

  it('gives undefined for anything else', () => {
    for (const v of [-1, 1.5, Number.NaN, Infinity, '3', null, undefined, {}]) expect(keyOf(v)).toBeUndefined();
  });
});
