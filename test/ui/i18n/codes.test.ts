// Every anomaly code and verdict reason core can emit has its words in both languages: the facts catalog
// (`anomaly.<code>`, `reason.<reason>`) and the waterfall's short label (`waterfall.anomaly.<code>`). The codes are
// read from the unions in src/core/types.ts, timing-types.ts and strategy-types.ts themselves, so a code added
// there without its words fails here.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { en as factsEn } from '../../../src/i18n/messages/facts';
import { zh as factsZh } from '../../../src/i18n/messages/zh/facts';
import { waterfall as waterfallArea } from '../../../src/i18n/messages/waterfall';

type Loose = { en: Record<string, string>; zh: Record<string, string> };
const facts: Loose = { en: factsEn, zh: factsZh };
const waterfall: Loose = waterfallArea;

const TYPES = ['types.ts', 'timing-types.ts', 'strategy-types.ts'].map((f) => readFileSync(new URL(`../../../src/core/${f}`, import.meta.url), 'utf8')).join('\n');

/** The string members of `export type <name> = 'a' | 'b' ...;` in those files. */
function members(name: string): string[] {
  const body = new RegExp(`export type ${name} =([^;]+);`).exec(TYPES)?.[1] ?? '';
  return [...body.matchAll(/'([^']+)'/g)].map((m) => m[1] as string);
}

test('the unions are found', () => {
  expect(members('AnomalyCode')).toContain('call-cut-off');
  expect(members('VerdictReason')).toContain('unnamed-call');
});

test('every anomaly code has a title in facts and a label in the waterfall, en and zh', () => {
  for (const code of members('AnomalyCode')) {
    for (const lang of ['en', 'zh'] as const) {
      expect(facts[lang][`anomaly.${code}`], `${lang} anomaly.${code}`).toBeTruthy();
      expect(waterfall[lang][`waterfall.anomaly.${code}`], `${lang} waterfall.anomaly.${code}`).toBeTruthy();
    }
  }
});

test('every verdict reason has its words, en and zh', () => {
  for (const reason of members('VerdictReason')) {
    for (const lang of ['en', 'zh'] as const) expect(facts[lang][`reason.${reason}`], `${lang} reason.${reason}`).toBeTruthy();
  }
});
