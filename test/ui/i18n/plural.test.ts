// Plural forms in the catalogs: '{name:one|other}' picks by the number, '#' is the formatted number.
import { describe, expect, test } from 'vitest';
import { catalogs, translate, type MessageKey } from '../../../src/i18n';
import '../../../src/ui/waterfall/Waterfall';
import '../../../src/ui/lab/LabPanel';

describe('plural forms', () => {
  test('English picks one or other by the number, with the number formatted', () => {
    expect(translate('en', 'conclusion.ok', { strategy: 'X', calls: 1 })).toBe(
      'X works on this recording: it produced its one call with valid arguments.',
    );
    expect(translate('en', 'conclusion.ok', { strategy: 'X', calls: 1200 })).toContain('all 1,200 calls');
    expect(translate('en', 'panels.buffers.stats', { fragments: 1, chars: 28 })).toBe('1 fragment, 28 characters');
    expect(translate('en', 'panels.raw.count', { count: 0 })).toBe('0 frames');
    expect(translate('en', 'app.provenance.frames', { frames: 1, turns: 3 })).toBe('1 frame, 3 turns');
  });

  test('a missing parameter leaves the placeholder as it is', () => {
    expect(translate('en', 'panels.raw.count', {})).toBe('{count:# frame|# frames}');
  });

  test('no English template says "1 <noun>s" for a count of 1', () => {
    const one = /\b1 (calls|frames|fragments|turns|anomalies|characters|parses|values|recordings)\b/;
    for (const [key, template] of Object.entries(catalogs.en)) {
      // load.* is the loaders' own English table (core/load/messages.ts), compared word for word elsewhere
      if (key.startsWith('load.')) continue;
      const params = Object.fromEntries([...template.matchAll(/\{(\w+)/g)].map((m) => [m[1] as string, 1]));
      expect(translate('en', key as MessageKey, params), key).not.toMatch(one);
    }
  });

  test('every plural token is well formed, and Chinese templates have none', () => {
    for (const [key, template] of Object.entries(catalogs.en)) {
      for (const m of template.matchAll(/\{\w+:([^{}|]*)\|([^{}]*)\}/g)) expect(m[2], key).toContain('#');
    }
    for (const [key, template] of Object.entries(catalogs.zh)) expect(template, key).not.toMatch(/\{\w+:[^{}]*\|/);
  });
});
