// One glossary per language: a strategy, a frame kind and a silence have one name in every place that names
// them (toggle, conclusion, raw panel, signals, timeline, legend, waterfall, what-if table), and the verdict words
// of the lab and the conclusion agree.
import { describe, expect, test } from 'vitest';
import { STRATEGY_IDS } from '../../../src/core/types';
import { catalogs, registerMessages, type Lang } from '../../../src/i18n';
import { lab } from '../../../src/i18n/messages/lab';
import { waterfall } from '../../../src/i18n/messages/waterfall';
import { frameDetail } from '../../../src/i18n/messages/frameDetail';

registerMessages(lab);
registerMessages(waterfall);
registerMessages(frameDetail);

describe.each(['en', 'zh'] as Lang[])('glossary (%s)', (lang) => {
  const c = catalogs[lang];
  test('strategies: the toggle and the facts use one label', () => {
    for (const id of STRATEGY_IDS) expect(c[`app.strategy.${id}`], id).toBe(c[`strategy.${id}.label`]);
  });
  test('frame kinds: the timeline, the raw panel, the signals and the waterfall agree', () => {
    for (const k of ['reasoning', 'text', 'args'] as const) {
      expect(c[`panels.raw.kind.${k}`], k).toBe(c[`app.kind.${k}`]);
      expect(c[`waterfall.seg.${k}`], k).toBe(c[`app.kind.${k}`]);
    }
    expect(c['panels.raw.kind.other']).toBe(c['app.kind.other']);
    expect(c['panels.signal.text']).toBe(c['app.kind.text']);
    expect(c['panels.signal.reasoning']).toBe(c['app.kind.reasoning']);
  });
  test('a silence is a silence on the timeline and in the waterfall', () => {
    expect(c['app.marker.legend.gap']).toBe(c['waterfall.seg.gap']);
  });
  test('verdict words agree between the lab and the conclusion', () => {
    for (const v of ['ok', 'fail', 'n/a']) expect(c[`lab.verdict.${v}`], v).toBe(c[`verdict.${v}`]);
  });
});
