import { expect, test } from 'vitest';
import { waterfall as area } from '../../../src/i18n/messages/waterfall';
import { placeholderNames } from '../../../src/i18n';
import type { AnomalyCode } from '../../../src/core/types';

const waterfall: { en: Record<string, string>; zh: Record<string, string> } = area;

// Keys the waterfall builds at run time from data: each must exist in both languages.
const ANOMALIES: AnomalyCode[] = [
  'finish-tool-calls-without-call',
  'no-terminal-event',
  'error-event',
  'unterminated-final-event',
  'invalid-arguments',
  'call-cut-off',
  'call-without-name',
  'arguments-lost',
  'reused-index',
  'unknown-event',
  'time-goes-back',
  'invalid-utf8',
  'invalid-json',
  'too-deep',
];
const dynamic = [
  ...ANOMALIES.map((c) => `waterfall.anomaly.${c}`),
  ...['wait', 'stream', 'reasoning', 'text', 'args', 'gap', 'tool'].map((k) => `waterfall.seg.${k}`),
  ...['first-frame', 'first-reasoning', 'first-text', 'first-call', 'ready', 'end'].map((k) => `waterfall.mark.${k}`),
  ...['recorded', 'header', 'default'].map((k) => `waterfall.whatif.source.${k}`),
];

test('en and zh have the same keys, all prefixed waterfall., none empty', () => {
  expect(Object.keys(waterfall.zh).sort()).toEqual(Object.keys(waterfall.en).sort());
  for (const lang of ['en', 'zh'] as const) {
    for (const [key, value] of Object.entries(waterfall[lang])) {
      expect(key.startsWith('waterfall.'), key).toBe(true);
      expect(value.trim().length, `${lang} ${key}`).toBeGreaterThan(0);
    }
  }
});

test('every key built from data exists in both languages', () => {
  for (const key of dynamic) {
    expect(waterfall.en[key], `en ${key}`).toBeTruthy();
    expect(waterfall.zh[key], `zh ${key}`).toBeTruthy();
  }
});

test('placeholders agree between the languages', () => {
  const names = placeholderNames;
  for (const key of Object.keys(waterfall.en)) {
    expect(names(waterfall.zh[key] ?? ''), key).toEqual(names(waterfall.en[key] ?? ''));
  }
});
