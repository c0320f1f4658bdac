// Every anomaly code and verdict reason core can emit has its words in both languages: the facts catalog
// (`anomaly.<code>`, `reason.<reason>`) and the waterfall's short label (`waterfall.anomaly.<code>`). The lists are
// Records keyed by the unions, so a code added to core without its entry here fails the type check.
import { expect, test } from 'vitest';
import { facts } from '../../../src/ui/i18n/messages/facts';
import { waterfall } from '../../../src/ui/i18n/messages/waterfall';
import type { AnomalyCode, VerdictReason } from '../../../src/core/types';

const ANOMALIES: Record<AnomalyCode, true> = {
  'finish-tool-calls-without-call': true,
  'no-terminal-event': true,
  'error-event': true,
  'unterminated-final-event': true,
  'invalid-arguments': true,
  'reused-index': true,
  'unknown-event': true,
  'time-goes-back': true,
  'invalid-utf8': true,
  'invalid-json': true,
  'call-cut-off': true,
  'call-without-name': true,
  'arguments-lost': true,
};

const REASONS: Record<VerdictReason, true> = {
  'parse-failed': true,
  'missing-call': true,
  'extra-call': true,
  'wrong-call': true,
  'call-never-ended': true,
  'invalid-arguments': true,
  'unnamed-call': true,
  'not-applicable': true,
  'no-calls': true,
};

test('every anomaly code has a title in facts and a label in the waterfall, en and zh', () => {
  for (const code of Object.keys(ANOMALIES)) {
    for (const lang of ['en', 'zh'] as const) {
      expect(facts[lang][`anomaly.${code}`], `${lang} anomaly.${code}`).toBeTruthy();
      expect(waterfall[lang][`waterfall.anomaly.${code}`], `${lang} waterfall.anomaly.${code}`).toBeTruthy();
    }
  }
});

test('every verdict reason has its words, en and zh', () => {
  for (const reason of Object.keys(REASONS)) {
    for (const lang of ['en', 'zh'] as const) expect(facts[lang][`reason.${reason}`], `${lang} reason.${reason}`).toBeTruthy();
  }
});
