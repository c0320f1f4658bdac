// Bounded fuzzing of the instructor lab's faults: random lists of specs (well-formed with random numbers, and
// garbage) applied to valid and mutated streams in all four wires. applyFaults never throws and finishes under a
// bound; a refusal is one short line naming the spec's position; an accepted list yields a recording that analyze
// reads into a sane Session.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFaults } from '../../src/core/faults';
import { load } from '../../src/core/load';
import { analyze } from '../../src/core/session/session';
import type { Recording } from '../../src/core/types';
import { applyMutations, cutAt, expectSaneSession, jsonlOf, MAX_MESSAGE, timed, utf8, validBody, WIRES, type Mutation } from './support';
import { chunkList } from '../../src/core/chunk-table';

const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() : Number(process.env.FUZZ_SEED ?? 20260818);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const CASE_MS = 2_000;

const num = fc.oneof(fc.integer({ min: -5, max: 60 }), fc.constantFrom(0, 1, 2 ** 31, 1e9, -0.5, Number.NaN));
/** Mostly specs that fit (so the faults really run, and compose), sometimes ones that do not. */
const fitting: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 1, max: 64 }).map((n) => `rechunk:${n}`),
  fc.tuple(fc.constantFrom('cut', 'drop'), fc.integer({ min: 0, max: 12 })).map(([id, n]) => `${id}:${n}`),
  fc.integer({ min: 1, max: 500 }).map((n) => `bursts:${n}`),
  fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 5000 })).map(([f, m]) => `stall:${f}:${m}`),
  fc.constantFrom('interleave', 'reuse-index', 'split-utf8', 'crlf'),
);
const spec: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fitting, weight: 12 },
  { arbitrary: fc.tuple(fc.constantFrom('rechunk', 'cut', 'drop', 'bursts'), num).map(([id, n]) => `${id}:${n}`), weight: 1 },
  { arbitrary: fc.tuple(num, num).map(([f, m]) => `stall:${f}:${m}`), weight: 1 },
  { arbitrary: fc.constantFrom('cut', 'rechunk:', 'stall:1', 'cut:1:2', ' crlf ', 'CRLF', ''), weight: 1 },
  { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('duplicate-event' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

function recordingOf(wire: (typeof WIRES)[number], cuts: number[], ms: Mutation[]): Recording {
  const body = new TextDecoder().decode(applyMutations(utf8(validBody(wire)), ms));
  const loaded = load(jsonlOf(cutAt(body, cuts), wire), 'faults.jsonl');
  if (!loaded.ok) throw new Error(`the starting recording does not load: ${loaded.error.message}`);
  return loaded.recording;
}

describe.each(WIRES)('applyFaults on %s streams', (wire) => {
  it('random spec lists on valid and mutated recordings: a clear refusal or a readable recording', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 2000 }), { maxLength: 8 }),
        fc.array(mutation, { maxLength: 2 }),
        fc.array(spec, { minLength: 1, maxLength: 4 }),
        fc.integer(),
        (cuts, ms, specs, seed) => {
          const recording = recordingOf(wire, cuts, ms);
          const before = JSON.stringify(recording.turns.map((t) => chunkList(t.chunks).map((c) => [c.time, c.bytes.length])));
          let result: ReturnType<typeof applyFaults> | undefined;
          const t = timed(() => {
            expect(() => {
              result = applyFaults(recording, specs, seed);
            }).not.toThrow();
          });
          expect(t.ms, `applyFaults(${JSON.stringify(specs)}) took ${t.ms.toFixed(0)} ms of CPU`).toBeLessThan(CASE_MS);
          // never mutates its input
          expect(JSON.stringify(recording.turns.map((tr) => chunkList(tr.chunks).map((c) => [c.time, c.bytes.length])))).toBe(before);
          const r = result as NonNullable<typeof result>;
          if (!r.ok) {
            refused++;
            expect(r.error.length).toBeGreaterThan(0);
            expect(r.error.length).toBeLessThanOrEqual(MAX_MESSAGE);
            expect(r.error).not.toMatch(/[\r\n]/);
            expect(r.issue.position ?? 0).toBeLessThan(specs.length);
            return;
          }
          accepted++;
          expectSaneSession(analyze(r.recording));
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`${wire}: ${accepted} accepted, ${refused} refused`);
    // both paths were exercised
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
