import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isConcurrencySafe,
  toolDuration,
  toolDurationWithSource,
  whatIfCalls,
  whatIfSchedules,
  type Schedule,
  type WhatIfCall,
} from '../../../src/core/timeline/whatif';
import { ms, turnIndex, turnMs, type Recording } from '../../../src/core/types';

const call = (callId: string, readyMs: number, durationMs: number, safe: boolean): WhatIfCall => ({
  callId,
  name: safe ? 'read_file' : 'write_file',
  readyMs: turnMs(readyMs),
  durationMs,
  safe,
});

const spans = (s: Schedule) => s.calls.map((c) => [c.callId, c.start, c.end]);

function recording(partial: Partial<Recording>): Recording {
  return { header: { streamscope: 1 }, format: 'jsonl', timed: true, turns: [], tools: [], marks: [], issues: [], ...partial };
}

describe('whatIfSchedules', () => {
  // [read, read, write, read], ready while the stream goes on, stream ends at 500.
  const mixed = [call('r1', 100, 100, true), call('r2', 200, 50, true), call('w', 300, 200, false), call('r3', 400, 30, true)];

  it('runs the mixed sequence one by one after the stream', () => {
    const w = whatIfSchedules(mixed, turnMs(500));
    expect(spans(w.sequential)).toEqual([
      ['r1', 500, 600],
      ['r2', 600, 650],
      ['w', 650, 850],
      ['r3', 850, 880],
    ]);
    expect(w.sequential.finishMs).toBe(880);
    expect(w.sequential.savedMs).toBe(0);
  });

  it('batches consecutive safe calls: [r1 || r2] [w] [r3]', () => {
    const w = whatIfSchedules(mixed, turnMs(500));
    expect(spans(w.batched)).toEqual([
      ['r1', 500, 600],
      ['r2', 500, 550],
      ['w', 600, 800],
      ['r3', 800, 830],
    ]);
    expect(w.batched.finishMs).toBe(830);
    expect(w.batched.savedMs).toBe(50);
  });

  it('starts safe calls early, holds the write until the reads end, and what follows until the write ends', () => {
    const w = whatIfSchedules(mixed, turnMs(500));
    expect(spans(w.early)).toEqual([
      ['r1', 100, 200],
      ['r2', 200, 250],
      ['w', 300, 500],
      ['r3', 500, 530],
    ]);
    expect(w.early.finishMs).toBe(530);
    expect(w.early.savedMs).toBe(350);
  });

  it('an unsafe call waits for the safe calls still running before it', () => {
    const w = whatIfSchedules([call('r', 10, 100, true), call('w', 20, 5, false)], turnMs(50));
    expect(spans(w.early)).toEqual([
      ['r', 10, 110],
      ['w', 110, 115],
    ]);
  });

  it('saves nothing when every call is ready at the stream end', () => {
    const calls = [call('w1', 300, 40, false), call('w2', 300, 60, false)];
    const w = whatIfSchedules(calls, turnMs(300));
    expect(w.early.finishMs).toBe(w.sequential.finishMs);
    expect(w.early.savedMs).toBe(0);
    expect(w.batched.savedMs).toBe(0);
    expect(w.sequential.finishMs).toBe(400);
  });

  it('saves nothing on a single unsafe call ready at the stream end, saves its head start when ready earlier', () => {
    expect(whatIfSchedules([call('w', 200, 80, false)], turnMs(200)).early.savedMs).toBe(0);
    const early = whatIfSchedules([call('w', 150, 80, false)], turnMs(200)).early;
    expect(spans(early)).toEqual([['w', 150, 230]]);
    expect(early.savedMs).toBe(50);
  });

  it('handles zero durations: every schedule finishes at the stream end', () => {
    const w = whatIfSchedules([call('a', 10, 0, true), call('b', 20, 0, false), call('c', 30, 0, true)], turnMs(90));
    for (const s of [w.sequential, w.batched, w.early]) {
      expect(s.finishMs).toBe(90);
      expect(s.savedMs).toBe(0);
    }
    expect(spans(w.early)).toEqual([
      ['a', 10, 10],
      ['b', 20, 20],
      ['c', 30, 30],
    ]);
  });

  it('handles an empty list', () => {
    const w = whatIfSchedules([], turnMs(123.4));
    for (const s of [w.sequential, w.batched, w.early]) {
      expect(s.calls).toEqual([]);
      expect(s.finishMs).toBe(123.4);
      expect(s.savedMs).toBe(0);
    }
  });

  it('repairs unusable numbers instead of throwing', () => {
    const w = whatIfSchedules([call('a', Number.NaN, -5, true), call('b', 10, Number.POSITIVE_INFINITY, false)], turnMs(100));
    expect(w.repaired).toEqual(['a', 'b']);
    expect(spans(w.early)).toEqual([
      ['a', 100, 100],
      ['b', 100, 100],
    ]);
  });

  const callsArb = fc.array(
    fc.record({
      callId: fc.uuid(),
      name: fc.constantFrom('read_file', 'write_file'),
      readyMs: fc.integer({ min: 0, max: 1000 }).map(turnMs),
      durationMs: fc.integer({ min: 0, max: 500 }),
      safe: fc.boolean(),
    }),
    { maxLength: 8 },
  );

  it('property: early <= batched <= sequential, and the rules of each schedule hold', () => {
    fc.assert(
      fc.property(callsArb, fc.integer({ min: 0, max: 1200 }), (raw, extra) => {
        // Ready times never exceed the stream end in a real stream.
        const end = Math.max(0, ...raw.map((c) => c.readyMs)) + extra;
        const w = whatIfSchedules(raw, turnMs(end));
        expect(w.early.finishMs).toBeLessThanOrEqual(w.batched.finishMs);
        expect(w.batched.finishMs).toBeLessThanOrEqual(w.sequential.finishMs);
        for (const s of [w.sequential, w.batched, w.early]) {
          s.calls.forEach((c, i) => expect(c.end - c.start).toBe(raw[i]?.durationMs));
          expect(s.finishMs).toBeGreaterThanOrEqual(end);
        }
        // Sequential never overlaps; after-the-stream schedules never start before the end.
        w.sequential.calls.forEach((c, i) => {
          expect(c.start).toBeGreaterThanOrEqual(i === 0 ? end : (w.sequential.calls[i - 1]?.end ?? 0));
        });
        w.batched.calls.forEach((c) => expect(c.start).toBeGreaterThanOrEqual(end));
        // Early: never before ready; an unsafe call overlaps nothing.
        w.early.calls.forEach((c, i) => {
          const input = raw[i] as WhatIfCall;
          expect(c.start).toBeGreaterThanOrEqual(input.readyMs);
          if (input.safe || c.end === c.start) return;
          w.early.calls.forEach((o, j) => {
            if (j === i || o.end === o.start) return;
            expect(o.end <= c.start || o.start >= c.end).toBe(true);
          });
        });
      }),
    );
  });
});

describe('lookups', () => {
  const rec = recording({
    header: {
      streamscope: 1,
      tools: [
        { name: 'read_file', durationMs: 40 },
        { name: 'grep_search', concurrencySafe: false },
        { name: 'run_tests', concurrencySafe: true, durationMs: 900 },
      ],
    },
    tools: [{ time: ms(10), turn: turnIndex(1), callId: 'call_a', name: 'read_file', durationMs: 41.2 }],
  });

  it('toolDuration: recorded event, else header, else default', () => {
    expect(toolDurationWithSource(rec, turnIndex(1), { id: 'call_a', name: 'read_file' }, 99)).toEqual({ ms: 41.2, source: 'recorded' });
    // Same id in another turn is not that run.
    expect(toolDurationWithSource(rec, turnIndex(0), { id: 'call_a', name: 'read_file' }, 99)).toEqual({ ms: 40, source: 'header' });
    expect(toolDuration(rec, turnIndex(1), { id: 'call_b', name: 'write_file' }, 99)).toBe(99);
    expect(toolDuration(rec, turnIndex(1), { id: 'call_b', name: 'write_file' }, Number.NaN)).toBe(0);
  });

  it('isConcurrencySafe: header first, else the read-only list', () => {
    expect(isConcurrencySafe(rec, 'grep_search')).toBe(false);
    expect(isConcurrencySafe(rec, 'run_tests')).toBe(true);
    expect(isConcurrencySafe(rec, 'list_files')).toBe(true);
    expect(isConcurrencySafe(rec, 'read_file')).toBe(true);
    expect(isConcurrencySafe(rec, 'write_file')).toBe(false);
  });

  it('whatIfCalls combines both lookups', () => {
    const calls = whatIfCalls(rec, turnIndex(1), [{ id: 'call_a', name: 'read_file', readyMs: turnMs(5) }, { id: 'x', name: 'edit', readyMs: turnMs(7) }], 25);
    expect(calls).toEqual([
      { callId: 'call_a', name: 'read_file', readyMs: 5, durationMs: 41.2, safe: true },
      { callId: 'x', name: 'edit', readyMs: 7, durationMs: 25, safe: false },
    ]);
  });
});
