// The message types, checked by `npm run typecheck` (an unneeded @ts-expect-error fails it) and run here: translate
// takes only a MessageKey (keys of every area, the lazily loaded ones included); a key that arrives as data goes
// through hasKey first; each core code union has its words in a typed table.
import { expect, test } from 'vitest';
import { hasKey, translate, translateData, translator, type MessageKey } from '../../../src/i18n';
import { NA_REASON_KEYS, naReasonKey } from '../../../src/i18n/codes';
import type { NaReason } from '../../../src/core/types';

test('translate accepts a MessageKey and rejects any other string', () => {
  const t = translator('en');
  expect(t('app.title')).toBe('Streamscope');
  // @ts-expect-error: a misspelt key does not typecheck
  expect(translate('en', 'app.titel')).toBe('app.titel');
  const fromData: string = 'app.title';
  // @ts-expect-error: a plain string is not a key until hasKey says so
  t(fromData);
  expect(hasKey(fromData) ? t(fromData) : null).toBe('Streamscope');
  expect(translateData(t, 'no.such.key')).toBe('no.such.key');
});

test('the lazily loaded areas are part of MessageKey', () => {
  const keys: MessageKey[] = ['lab.region', 'waterfall.region', 'provenance.notes.agent-run', 'load.at'];
  expect(keys).toHaveLength(4);
  // @ts-expect-error: a key in no area
  const none: MessageKey = 'lab.no-such-key';
  expect(none).toBe('lab.no-such-key');
});

test('every not-applicable reason is worded, per wire where the catalog has it', () => {
  const reasons = Object.keys(NA_REASON_KEYS) as NaReason[];
  expect(reasons.sort()).toEqual(['chat-only', 'no-code', 'no-complete-items', 'no-frames', 'pending', 'strategy-error']);
  for (const reason of reasons) {
    for (const lang of ['en', 'zh'] as const) expect(translate(lang, naReasonKey(reason)), `${lang} ${reason}`).not.toBe(naReasonKey(reason));
  }
  expect(naReasonKey('chat-only', 'gemini')).toBe('na.next-index-closes.chat-only.gemini');
  expect(naReasonKey('chat-only', 'openai-chat')).toBe('na.next-index-closes.chat-only');
  expect(naReasonKey(undefined)).toBe('na.generic');
  // @ts-expect-error: core's codes, not message keys
  naReasonKey('na.pending');
});
