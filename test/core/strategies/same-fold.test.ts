// SAME_FOLD: strategies folded once per session. The pair must really be the same fold (same functions, same
// applicability on every wire), and a session's copy must equal the run folded on its own.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load } from '../../../src/core/load';
import { analyze, withStrategies } from '../../../src/core/session/session';
import { SAME_FOLD, STRATEGIES } from '../../../src/core/strategies/registry';
import { runStrategy } from '../../../src/core/strategies/run';
import { STRATEGY_IDS, WIRES, turnIndex, type BuiltinStrategyId } from '../../../src/core/types';

const recording = (name: string) => {
  const r = load(readFileSync(`public/recordings/${name}`), name);
  if (!r.ok) throw new Error(r.error.message);
  return r.recording;
};

describe('SAME_FOLD', () => {
  const pairs = Object.entries(SAME_FOLD) as [BuiltinStrategyId, BuiltinStrategyId][];

  it('pairs strategies that share init, step and endTurn and apply to the same wires, both ways', () => {
    expect(pairs.length).toBeGreaterThan(0);
    for (const [a, b] of pairs) {
      expect(SAME_FOLD[b]).toBe(a);
      const [x, y] = [STRATEGIES[a], STRATEGIES[b]];
      expect([x.init, x.step, x.endTurn]).toEqual([y.init, y.step, y.endTurn]);
      for (const w of WIRES) expect(x.appliesTo(w)).toEqual(y.appliesTo(w));
    }
  });

  it.each(['interleaved-chat.jsonl', 'anthropic-docs.jsonl', 'reused-index.jsonl'])(
    'a session holds for each twin the run folded on its own (%s)',
    (name) => {
      const rec = recording(name);
      const s = analyze(rec);
      const turns = rec.turns.map((_t, i) => turnIndex(i));
      for (const [a] of pairs) {
        const own = runStrategy(STRATEGIES[a], { wire: s.wire, frames: s.frames, signals: s.signals, carried: s.carried, turns });
        expect(s.strategies[a]).toEqual(own);
        expect(s.strategies[a].id).toBe(a);
      }
      // computed later, one at a time, in either order
      for (const first of STRATEGY_IDS) {
        const lean = analyze(rec, { strategies: [first] });
        expect(withStrategies(lean).strategies).toEqual(s.strategies);
      }
    },
  );
});
