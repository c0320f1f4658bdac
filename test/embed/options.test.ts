// Embed options: an embed's controls default to compact (no header), provenance is badge | none, maxheight is a
// bounded whole number of px; anything else is named in `rejected`, never thrown. Attributes read the same names.
import { describe, expect, test } from 'vitest';
import { embedParamsFromAttributes, MAXHEIGHT_MAX, MAXHEIGHT_MIN, parseEmbedParams } from '../../src/embed/options';

describe('parseEmbedParams', () => {
  test('defaults: compact controls, the provenance badge, no height cap, every panel', () => {
    const { options, rejected } = parseEmbedParams('');
    expect(options.controls).toBe('compact');
    expect(options.provenance).toBe('badge');
    expect(options.maxHeight).toBeUndefined();
    expect(options.panels).toEqual(['raw', 'buffers', 'results', 'waterfall']);
    expect(rejected).toEqual([]);
  });

  test('controls, provenance and maxheight as given', () => {
    for (const controls of ['full', 'compact', 'min', 'none'] as const) expect(parseEmbedParams(`controls=${controls}`).options.controls).toBe(controls);
    expect(parseEmbedParams('provenance=none').options.provenance).toBe('none');
    expect(parseEmbedParams('provenance=badge').options.provenance).toBe('badge');
    expect(parseEmbedParams('maxheight=480').options.maxHeight).toBe(480);
    expect(parseEmbedParams(`maxheight=${MAXHEIGHT_MIN}`).options.maxHeight).toBe(MAXHEIGHT_MIN);
    expect(parseEmbedParams(`maxheight=${MAXHEIGHT_MAX}`).options.maxHeight).toBe(MAXHEIGHT_MAX);
  });

  test('values it does not understand are named, and the defaults stay', () => {
    const { options, rejected } = parseEmbedParams('controls=tiny&provenance=hidden&maxheight=480px');
    expect(options.controls).toBe('compact');
    expect(options.provenance).toBe('badge');
    expect(options.maxHeight).toBeUndefined();
    expect(rejected).toEqual(['controls=tiny', 'provenance=hidden', 'maxheight=480px']);
    for (const bad of ['0', '-5', '1.5', String(MAXHEIGHT_MIN - 1), String(MAXHEIGHT_MAX + 1), '', '9'.repeat(40)]) {
      const r = parseEmbedParams(`maxheight=${bad}`);
      expect(r.options.maxHeight, bad).toBeUndefined();
      expect(r.rejected[0]?.length ?? 0, bad).toBeLessThanOrEqual('maxheight='.length + 40);
      expect(r.rejected.length, bad).toBe(1);
    }
  });

  test('a custom element reads the same names from its attributes', () => {
    const attrs: Record<string, string> = { controls: 'full', provenance: 'none', maxheight: '600' };
    const { options } = embedParamsFromAttributes((n) => attrs[n] ?? null);
    expect(options).toMatchObject({ controls: 'full', provenance: 'none', maxHeight: 600 });
  });
});
