// Property tests: the faults on valid generated streams, read back through the whole analysis (analyze()).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyFaults } from '../../../src/core/faults';
import { analyze } from '../../../src/core/session/session';
import type { Recording, Session, StrategyId, WireId } from '../../../src/core/types';
import { encodeTurn, isTerminal, type CallSpec, type TurnSpec } from '../../../src/core/wire';
import { frameData, frames, makeRecording } from './helpers';
import { framesOf } from '../../../src/core/sse';
import { chunkList } from '../../../src/core/chunk-table';

const RUNS = { numRuns: 40 };

const value = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.constantFrom('héllo 🌍', '中文路径/文件.md', 'a"b\\c'),
  fc.integer(),
  fc.boolean(),
);
const argsObject = fc.dictionary(fc.constantFrom('path', 'text', 'limit', 'query', '名字'), value, { minKeys: 1, maxKeys: 3 });

/** A call whose JSON arguments are cut into `parts` fragments at code-point positions. */
function callArb(i: number, minParts: number, maxParts: number): fc.Arbitrary<CallSpec> {
  return fc.tuple(argsObject, fc.array(fc.nat(), { minLength: minParts - 1, maxLength: maxParts - 1 })).map(([args, cuts]) => {
    const chars = Array.from(JSON.stringify(args));
    const at = [...new Set(cuts.map((c) => 1 + (c % Math.max(1, chars.length - 1))))].sort((a, b) => a - b);
    const fragments: string[] = [];
    let from = 0;
    for (const c of [...at, chars.length]) {
      fragments.push(chars.slice(from, c).join(''));
      from = c;
    }
    return { id: `call_${i}`, name: i % 2 === 0 ? 'read_file' : 'write_file', fragments };
  });
}

function turnArb(minCalls: number, maxCalls: number, minParts = 1, maxParts = 4): fc.Arbitrary<TurnSpec> {
  return fc
    .tuple(
      fc.integer({ min: minCalls, max: maxCalls }),
      fc.option(fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }), { nil: undefined }),
    )
    .chain(([n, text]) =>
      fc.tuple(...Array.from({ length: n }, (_, i) => callArb(i, minParts, maxParts))).map((calls): TurnSpec => (text ? { text, calls } : { calls })),
    );
}

/** One chunk per event, at increasing times (ms from the request). */
function recordingOf(wire: WireId, turns: TurnSpec[], gaps: number[]): Recording {
  let t = 0;
  let g = 0;
  return makeRecording(
    wire,
    turns.map((spec) => {
      const requestAt = t;
      const events = encodeTurn(wire, spec).split(/(?<=\n\n)/).filter((e) => e !== '');
      const chunks = events.map((e): [number, string] => {
        t += 1 + (gaps[g++ % gaps.length] ?? 7);
        return [t, e];
      });
      t += 50;
      return { requestAt, chunks, end: { time: t - 50 } };
    }),
  );
}

const gapsArb = fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 8 });
const wireArb = fc.constantFrom<WireId>('openai-chat', 'anthropic-messages', 'openai-responses');

const apply = (rec: Recording, specs: readonly string[], seed = 1): Recording => {
  const r = applyFaults(rec, specs, seed);
  if (!r.ok) throw new Error(r.error);
  return r.recording;
};

const run = (s: Session, id: StrategyId) => s.strategies[id];
const callsOf = (s: Session) => run(s, 'per-call-buffer').calls.map((c) => [c.turn, c.key, c.id, c.name, c.argsText]);

describe('faults through the analysis', () => {
  it('per-call-buffer gives the same calls under rechunk, split-utf8, crlf and bursts (and interleave on Chat)', () => {
    const faultArb = fc.oneof(
      fc.integer({ min: 1, max: 6 }).map((n) => [`rechunk:${n}`]),
      fc.constant(['split-utf8']),
      fc.constant(['crlf']),
      fc.integer({ min: 1, max: 300 }).map((n) => [`bursts:${n}`]),
      fc.constant(['rechunk:2', 'split-utf8', 'crlf', 'bursts:50']),
    );
    fc.assert(
      fc.property(wireArb, fc.array(turnArb(1, 3), { minLength: 1, maxLength: 2 }), gapsArb, faultArb, fc.nat(), (wire, turns, gaps, specs, seed) => {
        const rec = recordingOf(wire, turns, gaps);
        const before = analyze(rec);
        expect(run(before, 'per-call-buffer').verdict).toBe('ok');
        const withInterleave = wire === 'openai-chat' ? [...specs, 'interleave'] : specs;
        const after = analyze(apply(rec, withInterleave, seed));
        expect(run(after, 'per-call-buffer').verdict).toBe('ok');
        expect(callsOf(after)).toEqual(callsOf(before));
      }),
      RUNS,
    );
  });

  it('cutting before the last end signal yields the no-terminal-event anomaly', () => {
    fc.assert(
      fc.property(wireArb, turnArb(1, 2), gapsArb, fc.nat(), (wire, spec, gaps, pick) => {
        const rec = recordingOf(wire, [spec], gaps);
        const session = analyze(rec);
        expect(session.anomalies.map((a) => a.code)).not.toContain('no-terminal-event');
        const terminal = framesOf(session.frames).findIndex((f) => isTerminal(wire, f));
        expect(terminal).toBeGreaterThan(0);
        const cut = analyze(apply(rec, [`cut:${pick % terminal}`]));
        expect(cut.anomalies.map((a) => a.code)).toContain('no-terminal-event');
      }),
      RUNS,
    );
  });

  it('rechunk:3 breaks parse-each-fragment on streams whose calls arrive whole', () => {
    fc.assert(
      fc.property(wireArb, turnArb(1, 3, 1, 1), gapsArb, (wire, spec, gaps) => {
        const rec = recordingOf(wire, [spec], gaps);
        expect(run(analyze(rec), 'parse-each-fragment').verdict).toBe('ok');
        expect(run(analyze(apply(rec, ['rechunk:3'])), 'parse-each-fragment').verdict).toBe('fail');
      }),
      RUNS,
    );
  });

  it('next-index-closes fails under interleave', () => {
    fc.assert(
      fc.property(turnArb(2, 3, 2, 4), gapsArb, (spec, gaps) => {
        const rec = recordingOf('openai-chat', [spec], gaps);
        expect(run(analyze(rec), 'next-index-closes').verdict).toBe('ok');
        expect(run(analyze(apply(rec, ['interleave'])), 'next-index-closes').verdict).toBe('fail');
      }),
      RUNS,
    );
  });

  it("interleave gives exactly the encoder's own interleaved stream", () => {
    fc.assert(
      fc.property(turnArb(2, 3, 1, 4), gapsArb, (spec, gaps) => {
        const plain = apply(recordingOf('openai-chat', [spec], gaps), ['interleave']);
        const encoded = recordingOf('openai-chat', [{ ...spec, interleave: true }], gaps);
        expect(frameData(plain)).toEqual(frameData(encoded));
      }),
      RUNS,
    );
  });

  it('split-utf8 and crlf keep every frame (event, data and time) on arbitrarily chunked bytes', () => {
    const enc = new TextEncoder();
    fc.assert(
      fc.property(wireArb, turnArb(1, 3), fc.array(fc.nat(), { maxLength: 12 }), fc.nat(), (wire, spec, cuts, seed) => {
        const bytes = enc.encode(encodeTurn(wire, spec));
        const at = [...new Set(cuts.map((c) => c % bytes.length))].filter((c) => c > 0).sort((a, b) => a - b);
        const bounds = [0, ...at, bytes.length];
        const chunks = bounds.slice(1).map((end, i): [number, Uint8Array] => [10 * (i + 1), bytes.subarray(bounds[i], end)]);
        const rec = makeRecording(wire, [{ chunks }]);
        const view = (r: Recording) => frames(r).map((f) => [f.event, f.data, f.time]);
        for (const fault of ['split-utf8', 'crlf']) expect(view(apply(rec, [fault], seed)), fault).toEqual(view(rec));
        const split = chunkList(apply(rec, ['split-utf8'], seed).turns[0]!.chunks);
        if (bytes.some((b) => b >= 0x80)) {
          expect(split.slice(1).some((c) => (c.bytes[0] ?? 0) >= 0x80 && (c.bytes[0] ?? 0) <= 0xbf)).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('every fault on every wire gives a recording the analysis reads without crashing', () => {
    const all = ['rechunk:1', 'cut:0', 'drop:1', 'interleave', 'reuse-index', 'split-utf8', 'crlf', 'bursts:100', 'stall:1:250'];
    fc.assert(
      fc.property(fc.constantFrom<WireId>('openai-chat', 'anthropic-messages', 'openai-responses', 'gemini'), turnArb(1, 2), gapsArb, fc.constantFrom(...all), (wire, spec, gaps, fault) => {
        const r = applyFaults(recordingOf(wire, [spec], gaps), [fault]);
        if (!r.ok) {
          // Chat-only faults elsewhere; frame 1 on a one-frame Gemini stream.
          expect(r.issue.code).toBe(fault === 'interleave' || fault === 'reuse-index' ? 'wrong-wire' : 'no-such-frame');
          return;
        }
        expect(analyze(r.recording).frames.count).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
});
