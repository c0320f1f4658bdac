// follow-log: a run log that follows another run's buffers must behave exactly as a plain run log (same return
// values, same finished buffers with the same property order), whether the operations match the buffers it follows,
// differ at some point, or are given buffers that have nothing to do with them; and a strategy run that follows a
// peer's buffers must equal the run folded with a plain log.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/session/analyze';
import { createFollowLog } from '../../../src/core/strategies/follow-log';
import { BUFFER_PEERS, STRATEGIES } from '../../../src/core/strategies/registry';
import { runStrategy } from '../../../src/core/strategies/run';
import { createRunLog, type RunLog } from '../../../src/core/strategies/run-log';
import { frameIndex, STRATEGY_IDS, turnIndex, type BufferLog, type StrategyId } from '../../../src/core/types';

type Op =
  | { op: 'open'; turn: number; key: string | null; frame: number; callId?: string; name?: string }
  | { op: 'append'; buffer: number; frame: number; text: string }
  | { op: 'set'; buffer: number; callId?: string; name?: string }
  | { op: 'text'; buffer: number }
  | { op: 'length'; buffer: number }
  | { op: 'attempt'; buffer: number; frame: number; text: string };

const small = fc.constantFrom('', 'a', 'b', '{', '}', '{"a":1}', '1', 'x"');
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('open' as const), turn: fc.nat(1), key: fc.constantFrom(null, '0', '1'), frame: fc.nat(3), callId: maybe(fc.constantFrom('', 'c1', 'c2')), name: maybe(fc.constantFrom('', 'f', 'g')) }, { requiredKeys: ['op', 'turn', 'key', 'frame'] }),
  fc.record({ op: fc.constant('append' as const), buffer: fc.nat(2), frame: fc.nat(3), text: small }),
  fc.record({ op: fc.constant('set' as const), buffer: fc.nat(2), callId: maybe(fc.constantFrom('', 'c1', 'c2')), name: maybe(fc.constantFrom('', 'f', 'g')) }, { requiredKeys: ['op', 'buffer'] }),
  fc.record({ op: fc.constant('text' as const), buffer: fc.nat(2) }),
  fc.record({ op: fc.constant('length' as const), buffer: fc.nat(2) }),
  fc.record({ op: fc.constant('attempt' as const), buffer: fc.nat(2), frame: fc.nat(3), text: small }),
);

/** Runs the ops on a log: every return value (or thrown message), then the finished log. */
function play(log: RunLog, ops: readonly Op[]): { results: unknown[]; done: ReturnType<RunLog['finish']> } {
  const results: unknown[] = [];
  for (const o of ops) {
    try {
      if (o.op === 'open') results.push(log.openBuffer(turnIndex(o.turn), o.key, frameIndex(o.frame), o.callId, o.name));
      else if (o.op === 'append') results.push(log.append(o.buffer, frameIndex(o.frame), o.text));
      else if (o.op === 'set') results.push(log.setCall(o.buffer, o.callId, o.name));
      else if (o.op === 'text') results.push(log.textOf(o.buffer));
      else if (o.op === 'length') results.push(log.lengthOf(o.buffer));
      else results.push(log.attempt(frameIndex(o.frame), turnIndex(0), null, o.buffer, 0, o.text));
    } catch (e) {
      results.push(`threw ${(e as Error).message}`);
    }
  }
  return { results, done: log.finish() };
}

/** The finished logs as JSON (property order included) and as values. */
const same = (a: ReturnType<RunLog['finish']>, b: ReturnType<RunLog['finish']>): void => {
  expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  expect(b).toEqual(a);
};

describe('follow-log', () => {
  it('behaves as a plain log, following buffers that match, differ or are unrelated (property)', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), fc.array(opArb, { maxLength: 30 }), fc.nat(30), fc.array(fc.boolean()), (ops, other, cut, flips) => {
        const like = play(createRunLog(), ops).done.buffers;
        const plain = play(createRunLog(), ops);
        const follow = play(createFollowLog(like), ops);
        expect(follow.results).toEqual(plain.results);
        same(plain.done, follow.done);
        // the same ops up to `cut`, then others: the log follows, then diverges
        const mixed = [...ops.slice(0, cut), ...other];
        const plainMixed = play(createRunLog(), mixed);
        const followMixed = play(createFollowLog(like), mixed);
        expect(followMixed.results).toEqual(plainMixed.results);
        same(plainMixed.done, followMixed.done);
        // the same ops but with some calls set one property at a time, name first: the same values, maybe in
        // another property order
        const split = ops.flatMap((o, i): Op[] =>
          o.op === 'set' && flips[i] === true ? [{ op: 'set', buffer: o.buffer, ...(o.name !== undefined && { name: o.name }) }, { op: 'set', buffer: o.buffer, ...(o.callId !== undefined && { callId: o.callId }) }] : [o],
        );
        const plainSplit = play(createRunLog(), split);
        const followSplit = play(createFollowLog(like), split);
        expect(followSplit.results).toEqual(plainSplit.results);
        same(plainSplit.done, followSplit.done);
      }),
      { numRuns: 2000 },
    );
  });

  it('shares the buffers it followed to the end, and builds its own when they differ', () => {
    const ops: Op[] = [
      { op: 'open', turn: 0, key: '0', frame: 0, callId: 'c1' },
      { op: 'append', buffer: 0, frame: 1, text: '{"a"' },
      { op: 'set', buffer: 0, name: 'f' },
      { op: 'append', buffer: 0, frame: 2, text: ':1}' },
    ];
    const like = play(createRunLog(), ops).done.buffers;
    expect(play(createFollowLog(like), ops).done.buffers).toBe(like);
    const renamed: Op[] = [...ops.slice(0, 2), { op: 'set', buffer: 0, name: 'g' }, ...ops.slice(3)];
    const own = play(createFollowLog(like), renamed).done.buffers as BufferLog[];
    expect(own).not.toBe(like);
    expect(Object.keys(own[0] as BufferLog)).toEqual(['id', 'turn', 'key', 'text', 'fragments', 'openedAt', 'callId', 'name']);
    expect(own[0]).toMatchObject({ name: 'g', text: '{"a":1}' });
    // the same id and name, set in the other order: another property order, so not the same buffer
    const bare: Op[] = [{ op: 'open', turn: 0, key: '0', frame: 0 }, { op: 'set', buffer: 0, callId: 'c', name: 'n' }];
    const swapped: Op[] = [bare[0] as Op, { op: 'set', buffer: 0, name: 'n' }, { op: 'set', buffer: 0, callId: 'c' }];
    const both = play(createFollowLog(play(createRunLog(), bare).done.buffers), swapped).done.buffers;
    expect(Object.keys(both[0] as BufferLog).slice(-2)).toEqual(['name', 'callId']);
  });
});

const recordings = readdirSync('public/recordings').filter((f) => f.endsWith('.jsonl')).map((f) => join('public/recordings', f));

describe('BUFFER_PEERS', () => {
  it.each(recordings)('%s: a run that follows any peer equals the run built on its own', (path) => {
    const text = readFileSync(path, 'utf8');
    for (const faults of [[], ['cut:9'], ['rechunk:3', 'interleave'], ['reuse-index']]) {
      const r = analyzeText(text, path.split('/').pop(), { faults });
      if (!r.ok) continue;
      const s = r.session;
      const input = { wire: s.wire, frames: s.frames, signals: s.signals, carried: s.carried, turns: s.recording.turns.map((_, i) => turnIndex(i)) };
      const own = Object.fromEntries(STRATEGY_IDS.map((id) => [id, runStrategy(STRATEGIES[id], input)])) as Record<StrategyId, ReturnType<typeof runStrategy>>;
      for (const id of STRATEGY_IDS) {
        for (const peer of [...(BUFFER_PEERS[id] ?? []), 'shared-buffer' as const]) {
          const followed = runStrategy(STRATEGIES[id], input, own[peer].buffers);
          expect(JSON.stringify(followed), `${id} following ${peer}`).toBe(JSON.stringify(own[id]));
          expect(followed).toEqual(own[id]);
        }
        expect(s.strategies[id]).toEqual(own[id]);
      }
    }
  });
});
