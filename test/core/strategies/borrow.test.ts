// BORROWS: a strategy run that borrows a lender's buffers (registry.ts, run.ts `canLend`) must equal the run that
// builds its own, on random signal sequences of every wire (property), on every shipped recording under faults, and
// when handed buffers that do not add up (the runner folds again).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/session/analyze';
import { BORROWS, LEND_FIRST, STRATEGIES } from '../../../src/core/strategies/registry';
import { canLend, runStrategy, type RunInput } from '../../../src/core/strategies/run';
import { frameTableOf } from '../../../src/core/sse';
import { frameIndex, ms, STRATEGY_IDS, turnIndex, WIRES, type Frame, type Signal, type StrategyId, type WireId } from '../../../src/core/types';
import { signalTableOf } from '../../../src/core/wire';

const key = fc.constantFrom('0', '1', '2');
const id = fc.constantFrom('', 'call_a', 'call_b');
const name = fc.constantFrom('', 'f', 'g');
const piece = fc.constantFrom('', '{', '}', '{"a":1}', '"x"', '1', ':', '{"a":');
const signal: fc.Arbitrary<Signal> = fc.oneof(
  fc.record({ kind: fc.constant('call-start' as const), key, id, name }),
  fc.record({ kind: fc.constant('args' as const), key, text: piece }),
  fc.record({ kind: fc.constant('args' as const), key, text: piece }),
  key.map((k): Signal => ({ kind: 'call-end', key: k })),
  fc.record({ kind: fc.constant('call-end' as const), key, args: piece }),
  fc.record({ kind: fc.constant('call-complete' as const), key, id, name, args: piece }),
  fc.constant<Signal>({ kind: 'finish', reason: 'tool_calls' }),
  fc.constant<Signal>({ kind: 'text', text: 'hi' }),
);
const frameArb = fc.record({ next: fc.boolean(), signals: fc.array(signal, { minLength: 0, maxLength: 3 }) });

function inputOf(wire: WireId, steps: readonly { next: boolean; signals: Signal[] }[]): RunInput {
  let turn = 0;
  const fs = steps.map((s, i): Frame => {
    if (s.next && i > 0 && turn < 2) turn++;
    return { index: frameIndex(i), turn: turnIndex(turn), time: ms(i), event: 'message', data: '{}', chunks: [i, i], charStart: 0, charEnd: 0, byteStart: 0, byteEnd: 0 };
  });
  const turns = [...new Set(fs.map((f) => f.turn))];
  return { wire, frames: frameTableOf(fs), signals: signalTableOf(steps.map((s) => s.signals)), carried: [], turns };
}

const borrowers = Object.entries(BORROWS) as [StrategyId, readonly StrategyId[]][];

describe('BORROWS', () => {
  it('lenders are computed first and borrow from nobody', () => {
    for (const [, lenders] of borrowers) for (const l of lenders) expect(LEND_FIRST).toContain(l);
    for (const l of LEND_FIRST) expect(BORROWS[l]).toBeUndefined();
  });

  it('a run with a lender\'s buffers equals the run built alone (property, every wire)', () => {
    let lent = 0;
    let runs = 0;
    fc.assert(
      fc.property(fc.constantFrom(...WIRES), fc.array(frameArb, { maxLength: 14 }), (wire, steps) => {
        const input = inputOf(wire, steps);
        for (const [id, lenders] of borrowers) {
          const own = runStrategy(STRATEGIES[id], input);
          for (const l of lenders) {
            const lender = runStrategy(STRATEGIES[l], input);
            runs++;
            if (!canLend(lender.buffers)) continue;
            lent++;
            const borrowed = runStrategy(STRATEGIES[id], input, lender.buffers);
            expect(borrowed.buffers).toBe(lender.buffers);
            expect(JSON.stringify(borrowed)).toBe(JSON.stringify(own));
            expect(borrowed).toEqual(own);
          }
        }
      }),
      { numRuns: 3000 },
    );
    // the property is not vacuous: most random streams lend
    expect(lent).toBeGreaterThan(runs / 4);
  });

  it('buffers that do not add up are not kept: the strategy is folded again', () => {
    const steps = [{ next: false, signals: [{ kind: 'call-start', key: '0', id: 'call_a', name: 'f' }, { kind: 'args', key: '0', text: '{"a":1}' }] as Signal[] }];
    const input = inputOf('openai-chat', steps);
    const other = runStrategy(STRATEGIES['per-call-buffer'], inputOf('openai-chat', [{ next: false, signals: [{ kind: 'args', key: '0', text: '{}' }] }]));
    const own = runStrategy(STRATEGIES['parse-each-fragment'], input);
    const borrowed = runStrategy(STRATEGIES['parse-each-fragment'], input, other.buffers);
    expect(borrowed.buffers).not.toBe(other.buffers);
    expect(borrowed).toEqual(own);
  });

  const recordings = readdirSync('public/recordings').filter((f) => f.endsWith('.jsonl')).map((f) => join('public/recordings', f));
  it.each(recordings)('%s: a session holds the runs built alone, in any order of computing', (path) => {
    const text = readFileSync(path, 'utf8');
    for (const faults of [[], ['cut:9'], ['rechunk:3', 'interleave'], ['reuse-index']]) {
      const r = analyzeText(text, path.split('/').pop(), { faults });
      if (!r.ok) continue;
      const s = r.session;
      const input = { wire: s.wire, frames: s.frames, signals: s.signals, carried: s.carried, turns: s.recording.turns.map((_, i) => turnIndex(i)) };
      for (const id of STRATEGY_IDS) {
        const own = runStrategy(STRATEGIES[id], input);
        expect(JSON.stringify(s.strategies[id]), id).toBe(JSON.stringify(own));
        expect(s.strategies[id]).toEqual(own);
      }
    }
  });
});
