import { expect, test } from 'vitest';
import { STRATEGY_IDS, WIRES } from '../../src/core/types';
import { MARKER_KINDS } from '../../src/store/markers';
import { TIME_MODES } from '../../src/store/timebase';
import { THEMES } from '../../src/store/url';
import { en as appEn } from '../../src/i18n/messages/app';
import { zh as appZh } from '../../src/i18n/messages/zh/app';
import { LANGS, hasKey, placeholderNames, translate } from '../../src/i18n';
import { FRAME_KINDS } from '../../src/ui/scrubber/geometry';

const app: { en: Record<string, string>; zh: Record<string, string> } = { en: appEn, zh: appZh };

test('the app catalog has the same keys and placeholders in en and zh', () => {
  expect(Object.keys(app.zh).sort()).toEqual(Object.keys(app.en).sort());
  const holes = (s: string) => placeholderNames(s).join(',');
  for (const key of Object.keys(app.en)) expect(holes(app.zh[key]!), key).toBe(holes(app.en[key]!));
});

test('every key the shell builds from data exists', () => {
  const built = [
    ...STRATEGY_IDS.map((id) => `app.strategy.${id}`),
    ...WIRES.map((w) => `app.wire.${w}`),
    ...FRAME_KINDS.map((k) => `app.kind.${k}`),
    ...MARKER_KINDS.flatMap((k) => [`app.marker.${k}`, `app.marker.legend.${k}`]),
    ...TIME_MODES.map((m) => `app.timeMode.${m}`),
    ...THEMES.map((th) => `app.theme.${th}`),
    ...LANGS.map((l) => `app.lang.${l}`),
    ...['captured', 'docs', 'reconstructed', 'synthetic', 'unknown'].map((k) => `app.provenance.${k}`),
  ];
  expect(built.filter((k) => !hasKey(k))).toEqual([]);
});

test('the strategy labels are exactly the ones the issue names', () => {
  expect(STRATEGY_IDS.map((id) => translate('en', `app.strategy.${id}`))).toEqual([
    'Parse every fragment',
    'One shared buffer',
    'One buffer per call',
    'Completed items only',
    'Partial JSON preview',
    'Next index closes',
  ]);
  expect(STRATEGY_IDS.map((id) => translate('zh', `app.strategy.${id}`))).toEqual([
    '每来一段就解析',
    '共用一个缓冲',
    '每个调用一个缓冲',
    '只收完整输出项',
    '边收边预览',
    '下一个 index 即结束',
  ]);
  expect(translate('en', 'app.frame.valuetext', { n: 43, total: 310, ms: 1840.2, event: 'content_block_delta' })).toBe(
    'Frame 43 of 310, 1,840.2 ms, content_block_delta',
  );
});
