import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { STRATEGY_IDS } from '../../src/core/types';
import { parseViewParams, preferredLang, viewSearch, type ViewParams } from '../../src/store/url';

describe('URL view state', () => {
  test('parses every parameter', () => {
    const { view, rejected } = parseViewParams('?rec=agent-run&s=per-call-buffer&f=43&lang=zh&theme=dark&compare=1');
    expect(view).toEqual({ rec: 'agent-run', strategy: 'per-call-buffer', frame: 43, lang: 'zh', theme: 'dark', compare: true });
    expect(rejected).toEqual([]);
  });

  test('rejects and names what it does not understand', () => {
    const { view, rejected } = parseViewParams('?rec=a%0Ab&s=bogus&f=-1&lang=fr&theme=pink&compare=maybe');
    expect(view).toEqual({});
    expect(rejected).toEqual(['rec=a\nb', 's=bogus', 'f=-1', 'lang=fr', 'theme=pink', 'compare=maybe']);
  });

  test('keeps parameters that are not ours', () => {
    expect(viewSearch({ rec: 'a', frame: 3 }, '?utm=x&f=9')).toBe('?utm=x&f=3&rec=a');
    expect(viewSearch({}, '')).toBe('');
  });

  test('round trip (property)', () => {
    const arb: fc.Arbitrary<ViewParams> = fc.record(
      {
        rec: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/),
        strategy: fc.constantFrom(...STRATEGY_IDS),
        frame: fc.nat(1_000_000),
        lang: fc.constantFrom('zh' as const, 'en' as const),
        theme: fc.constantFrom('light' as const, 'dark' as const, 'system' as const),
        compare: fc.constant(true),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(arb, (v) => {
        expect(parseViewParams(viewSearch(v)).view).toEqual(v);
      }),
    );
  });

  test('browser language', () => {
    expect(preferredLang(['zh-CN', 'en'])).toBe('zh');
    expect(preferredLang(['fr', 'en-GB'])).toBe('en');
    expect(preferredLang(['de'])).toBe('en');
  });
});
