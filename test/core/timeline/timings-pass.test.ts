// computeTimings' per-frame pass (timeline/index.ts scanTurn: typed arrays, the rare signals read after) against a
// plain reading of every frame's signals as objects, and its anomalies against turnAnomalies reading the facts
// itself, on random turns of random frames, times (equal and decreasing ones too) and signals.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTimings, sortAnomalies, turnAnomalies, turnRanges } from '../../../src/core/timeline';
import { frameIndex, ms, turnIndex, type Frame, type Recording, type Signal } from '../../../src/core/types';
import { frameTableOf } from '../../../src/core/sse';
import { tableOf } from '../../../src/core/chunk-table';
import { signalTableOf } from '../../../src/core/wire';

const signal: fc.Arbitrary<Signal> = fc.oneof(
  fc.constant<Signal>({ kind: 'text', text: 'a' }),
  fc.constant<Signal>({ kind: 'reasoning', text: 'r' }),
  fc.constant<Signal>({ kind: 'call-start', key: '0', id: 'c', name: 'f' }),
  fc.constant<Signal>({ kind: 'args', key: '0', text: '{' }),
  fc.constant<Signal>({ kind: 'call-end', key: '0' }),
  fc.constant<Signal>({ kind: 'call-complete', key: '1', id: 'd', name: 'g', args: '{}' }),
  fc.constantFrom('stop', 'tool_calls', 'tool_use', '').map((reason): Signal => ({ kind: 'finish', reason })),
  fc.record({ inputTokens: fc.option(fc.nat(99), { nil: undefined }), outputTokens: fc.option(fc.nat(99), { nil: undefined }) }).map(
    ({ inputTokens, outputTokens }): Signal => ({ kind: 'usage', ...(inputTokens !== undefined && { inputTokens }), ...(outputTokens !== undefined && { outputTokens }) }),
  ),
  fc.constant<Signal>({ kind: 'error', message: 'boom' }),
  fc.constantFrom('unknown-event:x', 'invalid-json', 'invalid-json: at 3', 'done').map((why): Signal => ({ kind: 'ignored', why })),
);

const frameSpec = fc.record({ turn: fc.nat(3), dt: fc.integer({ min: -50, max: 600 }), s: fc.array(signal, { maxLength: 3 }) });

/** The marks as the old loop read them: every frame's signals as objects, in order. */
function reference(requestAt: number, fs: { t: number; s: Signal[] }[], threshold: number) {
  let firstReasoning: number | null = null;
  let firstText: number | null = null;
  let firstTool: number | null = null;
  let finishReason: string | null = null;
  let usage: { inputTokens?: number; outputTokens?: number } | null = null;
  const gaps: { frame: number; fromMs: number; lengthMs: number }[] = [];
  let longest: number | null = null;
  fs.forEach((f, i) => {
    if (i > 0) {
      const length = f.t - (fs[i - 1] as { t: number }).t;
      if (longest === null || length > longest) longest = length;
    }
    for (const s of f.s) {
      if (s.kind === 'reasoning') firstReasoning ??= f.t;
      else if (s.kind === 'text') firstText ??= f.t;
      else if (s.kind === 'call-start' || s.kind === 'args' || s.kind === 'call-complete') firstTool ??= f.t;
      else if (s.kind === 'finish') finishReason = s.reason;
      else if (s.kind === 'usage') {
        const next: { inputTokens?: number; outputTokens?: number } = { ...usage };
        if (s.inputTokens !== undefined) next.inputTokens = s.inputTokens;
        if (s.outputTokens !== undefined) next.outputTokens = s.outputTokens;
        usage = next;
      }
    }
  });
  fs.forEach((f, i) => {
    const prev = fs[i - 1];
    if (prev !== undefined && f.t - prev.t > threshold) gaps.push({ frame: i, fromMs: prev.t - requestAt, lengthMs: f.t - prev.t });
  });
  const rel = (t: number | null) => (t === null ? null : t - requestAt);
  return { firstReasoningMs: rel(firstReasoning), firstTextMs: rel(firstText), firstToolCallMs: rel(firstTool), finishReason, usage, gaps, longestGapMs: longest };
}

describe('computeTimings per-frame pass', () => {
  it('reads the same marks, gaps, usage and anomalies as a plain reading of every signal', () => {
    fc.assert(
      fc.property(fc.array(frameSpec, { maxLength: 40 }), fc.integer({ min: 0, max: 500 }), (specs, threshold) => {
        // frames in turn order, times from each turn's request
        const sorted = specs.slice().sort((a, b) => a.turn - b.turn);
        const turns = 4;
        const requestAt = [0, 1000, 2000, 3000];
        const times: number[] = [];
        sorted.forEach((f, i) => {
          const prev = sorted[i - 1];
          times.push(prev !== undefined && prev.turn === f.turn ? (times[i - 1] as number) + f.dt : (requestAt[f.turn] as number) + Math.abs(f.dt));
        });
        const frames: Frame[] = sorted.map((f, i) => ({
          index: frameIndex(i), turn: turnIndex(f.turn), time: ms(times[i] as number), event: 'message', data: '{}', chunks: [0, 0],
          charStart: 0, charEnd: 0, byteStart: 0, byteEnd: 0,
        }));
        const recording: Recording = {
          header: { streamscope: 1 }, format: 'jsonl', timed: true, tools: [], marks: [], issues: [],
          turns: requestAt.map((at, i) => ({ index: turnIndex(i), requestAt: ms(at), chunks: tableOf([]), end: { time: ms(at + 900), status: 'complete' as const } })),
        };
        const table = frameTableOf(frames);
        const signals = signalTableOf(sorted.map((f) => f.s));
        const out = computeTimings(recording, table, signals, [], 'openai-chat', { gapThresholdMs: threshold, reused: [], trace: { carried: [], reused: [], argFrames: [], lastArgFrame: [], unread: [] } });
        const ranges = turnRanges(table, turns);
        out.forEach((timing, t) => {
          const range = ranges[t] as { start: number; end: number };
          const fs = sorted.slice(range.start, range.end).map((f, k) => ({ t: times[range.start + k] as number, s: f.s }));
          const ref = reference(requestAt[t] as number, fs, threshold);
          expect({ ...timing, gaps: timing.gaps.map((g) => ({ ...g, frame: g.frame - range.start })) }).toMatchObject(ref);
          const turn = recording.turns[t];
          if (turn === undefined) throw new Error('no turn');
          expect(timing.anomalies).toEqual(sortAnomalies(turnAnomalies({ wire: 'openai-chat', turn, frames: table, signals, range, carried: [], reused: [] })));
        });
      }),
      { numRuns: 300 },
    );
  });
});
