import { describe, expect, test } from 'vitest';
import { buildWaterfall } from '../../../src/ui/waterfall/layout';
import { makeSession } from './fixture';
import { ms, turnMs } from '../../../src/core/types';

// Turn 0: wait 400 ms, reasoning, text, a 900 ms silence, then tool-call arguments; a tool runs after it.
// Turn 1: a plain stream with no frame kinds of note.
const session = makeSession({
  turns: [
    {
      requestAt: 0,
      frames: [
        { at: 400, kind: 'reasoning' },
        { at: 450, kind: 'reasoning' },
        { at: 500, kind: 'text' },
        { at: 600, kind: 'text' },
        { at: 1500, kind: 'args', call: true },
        { at: 1550, kind: 'args' },
        { at: 1560, kind: 'other' },
      ],
      endAt: 1600,
      finishReason: 'tool_calls',
    },
    { requestAt: 2000, frames: [{ at: 300, kind: 'other' }, { at: 320, kind: 'other' }], finishReason: 'stop' },
  ],
  tools: [{ time: 1650, turn: 0, name: 'read_file', durationMs: 40 }],
  ready: { 'per-call-buffer': [[0, 6, 'read_file']], 'parse-each-fragment': [[0, 4, 'read_file']] },
});

describe('buildWaterfall', () => {
  const model = buildWaterfall(session, 'per-call-buffer');
  const row0 = model.rows[0];

  test('one row per turn, and a domain covering streams and tool runs', () => {
    expect(model.rows.map((r) => r.turn)).toEqual([0, 1]);
    expect(model.domain).toEqual([0, 2320]);
  });

  test('segments tile the turn: wait, bands by kind, the gap, the tail to the stream end', () => {
    expect(row0?.segments.map((s) => [s.kind, s.fromMs, s.toMs])).toEqual([
      ['wait', 0, 400],
      ['reasoning', 400, 450],
      ['text', 450, 600],
      ['gap', 600, 1500],
      ['args', 1500, 1550],
      ['stream', 1550, 1600],
    ]);
    const gap = row0?.segments.find((s) => s.kind === 'gap');
    expect(gap?.frame).toBe(4);
  });

  test('marks carry times and the frame a click seeks to; ready times follow the strategy', () => {
    const brief = (m: { kind: string; relMs: number; frame: number | null }) => [m.kind, m.relMs, m.frame];
    expect(row0?.marks.map(brief)).toEqual([
      ['first-frame', 400, 0],
      ['first-reasoning', 400, 0],
      ['first-text', 500, 2],
      ['first-call', 1500, 4],
      ['ready', 1560, 6],
      ['end', 1600, 6],
    ]);
    const other = buildWaterfall(session, 'parse-each-fragment');
    expect(other.rows[0]?.marks.find((m) => m.kind === 'ready')?.relMs).toBe(1500);
    expect(buildWaterfall(session, 'shared-buffer').rows[0]?.marks.some((m) => m.kind === 'ready')).toBe(false);
  });

  test('tool runs land in their turn row; turn 1 frames index after turn 0', () => {
    expect(row0?.tools).toEqual([{ fromMs: 1650, toMs: 1690, name: 'read_file', callId: 'call_0_0', durationMs: 40 }]);
    const row1 = model.rows[1];
    expect(row1?.segments[0]).toMatchObject({ kind: 'wait', fromMs: 2000, toMs: 2300, frame: 7 });
    expect(row1?.marks[0]).toMatchObject({ kind: 'first-frame', relMs: 300, frame: 7 });
  });

  test('a turn without frames and bad tool durations do not throw', () => {
    const odd = makeSession({
      turns: [{ requestAt: 10, frames: [], endAt: 50 }],
      tools: [{ time: 60, turn: 0, name: 'x', durationMs: Number.NaN }],
    });
    const m = buildWaterfall(odd, 'per-call-buffer');
    expect(m.rows[0]?.segments).toEqual([{ kind: 'wait', fromMs: 10, toMs: 60, frame: null }]);
    expect(m.rows[0]?.tools[0]?.durationMs).toBe(0);
  });
});

describe('stackMarks', () => {
  const mark = (atMs: number, kind: 'first-frame' | 'first-text' | 'end' = 'first-frame') => ({ kind, atMs: ms(atMs), relMs: turnMs(atMs), frame: null });
  const px = (ms: number) => ms; // 1 px per ms

  test('marks keep their true x; coinciding ones stack vertically in one cluster instead of moving sideways', async () => {
    const { stackMarks, rowHeight, deepest } = await import('../../../src/ui/waterfall/markStack');
    const clusters = stackMarks([mark(10), mark(10, 'first-text'), mark(20, 'end'), mark(100)], px, 1000);
    expect(clusters.map((c) => c.marks.map((p) => [p.x, p.level]))).toEqual([
      [
        [10, 0],
        [10, 1],
        [20, 2],
      ],
      [[100, 0]],
    ]);
    // a row of single marks is slimmer than one with a stack of three, and slimmer than the old 92 px
    expect(rowHeight(1, true)).toBeLessThan(rowHeight(deepest(clusters), true));
    expect(rowHeight(1, true)).toBeLessThan(92);
  });

  test('marks outside the visible plot are left out', async () => {
    const { stackMarks } = await import('../../../src/ui/waterfall/markStack');
    expect(stackMarks([mark(-100), mark(500), mark(2000)], px, 1000).map((c) => c.x0)).toEqual([500]);
  });
});

describe('fit', () => {
  test('the domain Fit shows reaches the end of the last tool run', () => {
    const withTool = makeSession({
      turns: [{ requestAt: 0, frames: [{ at: 10, kind: 'args' }], endAt: 20 }],
      tools: [{ time: 30, turn: 0, name: 'run_tests', durationMs: 500 }],
    });
    const m = buildWaterfall(withTool, 'per-call-buffer');
    expect(m.domain[1]).toBeGreaterThanOrEqual(530);
  });
});
