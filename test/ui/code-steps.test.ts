// The code view's lit lines (src/ui/code/codeSteps.ts) agree with the strategy's own logs at every frame of every
// shipped recording, for every strategy, in Python and TypeScript: where the strategy parsed, a lit line makes the
// parse (out.parse / a close that parses / the helper that tries a fragment); where it appended, a lit line appends;
// where it made a call ready, a lit line readies it; where nothing happened and no event it reads came, no line.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/core/session/analyze';
import { STRATEGY_IDS } from '../../src/core/types';
import { actionsAt, classify, litLines, type Action } from '../../src/ui/code/codeSteps';
import { SOURCES } from '../../src/ui/code/referenceSources';

const RECORDINGS = readdirSync('public/recordings').filter((n) => n.endsWith('.jsonl'));
const source = (lang: 'py' | 'ts', name: string) => readFileSync(`src/reference/${lang}/${name}`, 'utf8').replace(/\n$/, '');

describe('lit lines follow the strategy logs', () => {
  it.each(RECORDINGS)('%s', (name) => {
    const r = analyzeText(readFileSync(`public/recordings/${name}`, 'utf8'), name);
    if (!r.ok) throw new Error(r.error.message);
    const s = r.session;
    for (const id of STRATEGY_IDS) {
      for (const lang of ['py', 'ts'] as const) {
        const files = SOURCES[id][lang].map((f) => ({ f, info: classify(source(lang, f), lang) }));
        for (let f = 0; f < s.frames.count; f++) {
          const act = actionsAt(s, id, f);
          const lit = files.map(({ info }) => litLines(info, act));
          const litActions = new Set<Action>(lit.flatMap((m) => [...m.values()].flat()));
          const where = `${name} ${id} ${lang} frame ${f}`;
          for (const a of ['append', 'parse', 'ready'] as const) if (act[a].length > 0) expect(litActions.has(a), `${where}: ${a}`).toBe(true);
          const nothing = act.kinds.size === 0 && act.append.length + act.parse.length + act.ready.length === 0;
          if (nothing) expect(lit.every((m) => m.size === 0), `${where}: nothing happened`).toBe(true);
        }
      }
    }
  });

  it('anthropic-docs, per-call-buffer, at each content_block_stop: the close that parses is lit, with the parse in calls', () => {
    const r = analyzeText(readFileSync('public/recordings/anthropic-docs.jsonl', 'utf8'), 'anthropic-docs.jsonl');
    if (!r.ok) throw new Error(r.error.message);
    const s = r.session;
    const stops = [...Array(s.frames.count).keys()].filter((f) => s.frames.count > f && actionsAt(s, 'per-call-buffer', f).parse.length > 0);
    expect(stops.length).toBeGreaterThan(0);
    for (const lang of ['ts', 'py'] as const) {
      const [main, helper] = SOURCES['per-call-buffer'][lang].map((f) => source(lang, f));
      const mainLines = (main ?? '').split('\n');
      const helperLines = (helper ?? '').split('\n');
      for (const f of stops) {
        const act = actionsAt(s, 'per-call-buffer', f);
        const litMain = [...litLines(classify(main ?? '', lang), act).keys()].map((i) => mainLines[i] ?? '');
        const litHelper = [...litLines(classify(helper ?? '', lang), act).keys()].map((i) => helperLines[i] ?? '');
        expect(litMain.some((l) => /calls\.close\(/.test(l)), `${lang} ${f}`).toBe(true);
        expect(litHelper.some((l) => /out\.parse\(/.test(l)), `${lang} ${f}`).toBe(true);
        // a frame later, without a parse, the parse lines go dark
        const next = actionsAt(s, 'per-call-buffer', f + 1);
        if (next.parse.length === 0) expect([...litLines(classify(helper ?? '', lang), next).keys()].map((i) => helperLines[i] ?? '').some((l) => /out\.parse\(/.test(l))).toBe(false);
      }
    }
  });
});
