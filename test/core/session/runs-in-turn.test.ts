// runsInTurn: a session's strategy runs one at a time (what `inspect --json` writes in turn): each the run that
// `analyze` computes, pending ones computed on demand and not kept on the session, a SAME_FOLD twin's run shared
// with its twin, `beforeRun` called only before a run is computed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load } from '../../../src/core/load';
import { analyze, isPending, runsInTurn } from '../../../src/core/session/session';
import { SAME_FOLD } from '../../../src/core/strategies/registry';
import { STRATEGY_IDS, type BuiltinStrategyId, type StrategyRun } from '../../../src/core/types';

const recording = (name: string) => {
  const r = load(readFileSync(`public/recordings/${name}`), name);
  if (!r.ok) throw new Error(r.error.message);
  return r.recording;
};

const drain = (next: () => StrategyRun | undefined): StrategyRun[] => {
  const out: StrategyRun[] = [];
  for (let run = next(); run !== undefined; run = next()) out.push(run);
  return out;
};

describe('runsInTurn', () => {
  it.each(['interleaved-chat.jsonl', 'parallel-probe.jsonl', 'anthropic-docs.jsonl'])('gives the runs analyze computes, in order, keeping none (%s)', (name) => {
    const rec = recording(name);
    const full = analyze(rec);
    const lazy = analyze(rec, { strategies: [] });
    let collections = 0;
    const runs = drain(runsInTurn(lazy, STRATEGY_IDS, () => collections++).next);
    expect(runs.map((r) => r.id)).toEqual(STRATEGY_IDS);
    runs.forEach((run, i) => expect(run).toEqual(full.strategies[STRATEGY_IDS[i] as BuiltinStrategyId]));
    // nothing was written back: the session still holds only placeholders
    for (const id of STRATEGY_IDS) expect(isPending(lazy.strategies[id])).toBe(true);
    // one pair of twins is folded once: one run fewer than strategies
    const twins = STRATEGY_IDS.filter((id) => SAME_FOLD[id] !== undefined && STRATEGY_IDS.indexOf(SAME_FOLD[id]!) < STRATEGY_IDS.indexOf(id));
    expect(collections).toBe(STRATEGY_IDS.length - twins.length);
    for (const id of twins) {
      const a = runs[STRATEGY_IDS.indexOf(id)]!;
      const b = runs[STRATEGY_IDS.indexOf(SAME_FOLD[id]!)]!;
      expect(a.calls).toBe(b.calls);
    }
  });

  it('gives a run computed already as it is, and computes nothing for it', () => {
    const full = analyze(recording('parallel-probe.jsonl'));
    let collections = 0;
    const runs = drain(runsInTurn(full, STRATEGY_IDS, () => collections++).next);
    runs.forEach((run, i) => expect(run).toBe(full.strategies[STRATEGY_IDS[i] as BuiltinStrategyId]));
    expect(collections).toBe(0);
  });

  it('a twin asked for alone, after its twin was let go, is folded again', () => {
    const lazy = analyze(recording('interleaved-chat.jsonl'), { strategies: [] });
    const [a, b] = Object.entries(SAME_FOLD)[0] as [BuiltinStrategyId, BuiltinStrategyId];
    let collections = 0;
    const runs = drain(runsInTurn(lazy, [a, 'shared-buffer', b], () => collections++).next);
    expect(runs.map((r) => r.id)).toEqual([a, 'shared-buffer', b]);
    expect(runs[2]!.calls).toBe(runs[0]!.calls);
    expect(collections).toBe(2);
    expect(drain(runsInTurn(lazy, [b], () => collections++).next)[0]!.id).toBe(b);
    expect(collections).toBe(3);
  });
});
