// The player's number formatting without Intl (src/i18n/numbers.ts) against Intl itself: the same text for en-US
// and zh-CN, on random doubles, on decimal ties (x.x5, x.xx5) that ICU rounds by their shortest decimal text, on
// carries (999.95), negative zero, tiny and huge values; and the same plural category as Intl.PluralRules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/i18n';
import { formatDecimal, pluralCategory } from '../../src/i18n/numbers';

const LOCALE = { en: 'en-US', zh: 'zh-CN' } as const;
const intl = (lang: 'en' | 'zh', n: number, max: number, min: number): string =>
  new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: min, maximumFractionDigits: max }).format(n);

const EDGES = [5e-7, 4.9e-7, 5e-8, 9.99e-7, -5e-7, 0, -0, 1, -1, 0.5, 1.005, 1.05, 1.15, 1.25, 2.5, -2.5, 0.05, 0.95, 9.95, 99.95, 999.95, -999.95, 999_999.5, 1234567.25,
  0.1 + 0.2, 1e-7, -1e-7, 5e-324, 1e-6, 9.5e-7, 1e20, 1e21, 1.5e22, 123456789012345680000, Number.MAX_SAFE_INTEGER, Number.MAX_VALUE,
  Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1840.2, 1840.25, 323.8, 0.25];

describe('numbers without Intl', () => {
  it('edges: the same text as Intl.NumberFormat for both languages and 0 to 3 decimals', () => {
    for (const lang of ['en', 'zh'] as const)
      for (const n of EDGES)
        for (const [max, min] of [[1, 0], [0, 0], [1, 1], [2, 2], [3, 0], [3, 3], [5, 0], [6, 0], [6, 6], [7, 2]] as const) expect(formatDecimal(lang, n, max, min), `${lang} ${n} ${max}/${min}`).toBe(intl(lang, n, max, min));
  });

  it('random doubles, decimal ties and integers: the same text as Intl.NumberFormat', () => {
    const tie = fc.tuple(fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: 1, max: 4 })).map(([k, d]) => (k * 10 + 5) / 10 ** d);
    const tiny = fc.double({ min: -2e-6, max: 2e-6, noNaN: true });
    const value = fc.oneof(fc.double({ noNaN: true }), fc.double({ min: -1e7, max: 1e7, noNaN: true }), tie, tiny, fc.integer({ min: -1e9, max: 1e9 }));
    fc.assert(
      fc.property(value, fc.constantFrom('en' as const, 'zh' as const), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), (n, lang, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        expect(formatDecimal(lang, n, max, min)).toBe(intl(lang, n, max, min));
      }),
      { numRuns: 5000 },
    );
  });

  it('formatNumber, and the plural category of every edge and a few more, as Intl gives them', () => {
    expect(formatNumber('en', 1840.25)).toBe('1,840.3');
    expect(formatNumber('zh', 0.25, 2)).toBe('0.25');
    for (const n of [...EDGES.filter(Number.isFinite), 2, 1.5, -1.5, 21, 101])
      for (const lang of ['en', 'zh'] as const) expect(pluralCategory(lang, n), `${lang} ${n}`).toBe(new Intl.PluralRules(LOCALE[lang]).select(n));
  });
});
