// computeTimings on hand-built frames and signals: marks from the request, gaps vs threshold, usage, anomalies.
import { describe, expect, it } from 'vitest';
import { computeTimings, readyMs } from '../../../src/core/timeline';
import { carriedCalls } from '../../../src/core/strategies/truth';
import { wireData } from '../strategies/wire-data';
import { frameIndex, ms, turnIndex, type Frame, type Recording, type Signal, type WireId } from '../../../src/core/types';
import { frameTableOf } from '../../../src/core/sse';
import { tableOf } from '../../../src/core/chunk-table';
import { signalTableOf } from '../../../src/core/wire';

interface F {
  turn: number;
  t: number;
  s: Signal[];
  chunk?: number;
}

function build(requestAt: number[], fs: F[], chunkTimes: number[][] = requestAt.map(() => [])) {
  const frames: Frame[] = fs.map((f, i) => ({
    index: frameIndex(i), turn: turnIndex(f.turn), time: ms(f.t), event: 'message', data: '{}', chunks: [f.chunk ?? 0, f.chunk ?? 0],
    charStart: 0, charEnd: 0, byteStart: 0, byteEnd: 0,
  }));
  const recording: Recording = {
    header: { streamscope: 1 }, format: 'jsonl', timed: true, tools: [], marks: [], issues: [],
    turns: requestAt.map((at, i) => ({
      index: turnIndex(i), requestAt: ms(at), chunks: tableOf((chunkTimes[i] ?? []).map((t) => ({ time: ms(t), bytes: new Uint8Array() }))),
      end: { time: ms(at + 5000), status: 'complete' as const },
    })),
  };
  return { frames, recording, signals: fs.map((f) => f.s) };
}

/** The frames carry the wire events of their signals: the ground truth reads the data, not the signals. */
const timings = (wire: WireId, b: ReturnType<typeof build>, gapThresholdMs?: number) => {
  const frames = b.frames.map((f, i) => ({ ...f, data: wireData(wire, b.signals[i] ?? []).data }));
  return computeTimings(b.recording, frameTableOf(frames), signalTableOf(b.signals), carriedCalls(wire, frameTableOf(frames)), wire, gapThresholdMs === undefined ? {} : { gapThresholdMs });
};

const DONE: Signal = { kind: 'ignored', why: 'done' };

describe('computeTimings', () => {
  const b = build([100], [
    { turn: 0, t: 200, s: [{ kind: 'reasoning', text: 'hm' }] },
    { turn: 0, t: 300, s: [{ kind: 'text', text: 'Hi' }, { kind: 'usage', inputTokens: 50 }] },
    { turn: 0, t: 700, s: [{ kind: 'call-start', key: '0', id: 'a', name: 'f' }, { kind: 'args', key: '0', text: '{}' }] },
    { turn: 0, t: 710, s: [{ kind: 'finish', reason: 'tool_calls' }, { kind: 'usage', outputTokens: 9 }] },
    { turn: 0, t: 1300, s: [DONE] },
  ]);

  it('measures the three readings of time to first token from the request', () => {
    const [t] = timings('openai-chat', b);
    expect(t).toMatchObject({ firstFrameMs: 100, firstReasoningMs: 100, firstTextMs: 200, firstToolCallMs: 600, lastFrameMs: 1200, endMs: 5000, endStatus: 'complete', frames: [0, 4], frameCount: 5, finishReason: 'tool_calls' });
  });

  it('keeps the last usage field by field', () => {
    expect(timings('openai-chat', b)[0]?.usage).toEqual({ inputTokens: 50, outputTokens: 9 });
  });

  it('reports gaps over the threshold (not the wait before the first frame) and the longest gap under it too', () => {
    const [t] = timings('openai-chat', b);
    expect(t?.gaps).toEqual([
      { frame: 2, fromMs: 200, lengthMs: 400 },
      { frame: 4, fromMs: 610, lengthMs: 590 },
    ]);
    expect(t?.longestGapMs).toBe(590);
    expect(timings('openai-chat', b, 500)[0]?.gaps.map((g) => g.frame)).toEqual([4]);
    const one = build([0], [{ turn: 0, t: 900, s: [DONE] }]);
    expect(timings('openai-chat', one)[0]).toMatchObject({ gaps: [], longestGapMs: null });
  });

  it('a turn without frames has null marks', () => {
    const two = build([0, 50], [{ turn: 0, t: 10, s: [DONE] }]);
    expect(timings('openai-chat', two)[1]).toMatchObject({ frames: null, frameCount: 0, firstFrameMs: null, longestGapMs: null });
  });
});

describe('anomalies', () => {
  const codes = (wire: WireId, x: ReturnType<typeof build>) => timings(wire, x).flatMap((t) => t.anomalies.map((a) => [a.code, a.frame, a.detail]));

  it('finish tool_calls with no call, and no terminal event', () => {
    const x = build([0], [{ turn: 0, t: 1, s: [{ kind: 'text', text: 'x' }] }, { turn: 0, t: 2, s: [{ kind: 'finish', reason: 'tool_calls' }] }]);
    expect(codes('openai-chat', x)).toEqual([
      ['finish-tool-calls-without-call', 1, undefined],
      ['no-terminal-event', 1, undefined],
    ]);
  });

  it('error events, unknown events, invalid JSON, invalid arguments and a reused index', () => {
    const x = build([0], [
      { turn: 0, t: 1, s: [{ kind: 'ignored', why: 'unknown-event:response.new_thing' }] },
      { turn: 0, t: 2, s: [{ kind: 'ignored', why: 'invalid-json' }] },
      { turn: 0, t: 3, s: [{ kind: 'call-start', key: '0', id: 'a', name: 'f' }, { kind: 'args', key: '0', text: '{"x":' }] },
      { turn: 0, t: 4, s: [{ kind: 'call-start', key: '0', id: 'b', name: 'f' }, { kind: 'args', key: '0', text: '{}' }] },
      { turn: 0, t: 5, s: [{ kind: 'error', message: 'Overloaded' }, { kind: 'finish', reason: 'tool_calls' }] },
      { turn: 0, t: 6, s: [DONE] },
    ]);
    expect(codes('openai-chat', x)).toEqual([
      ['unknown-event', 0, 'response.new_thing'],
      ['invalid-json', 1, undefined],
      ['reused-index', 3, '0'],
      ['error-event', 4, 'Overloaded'],
      ['invalid-arguments', 4, '0'],
    ]);
  });

  it('a network chunk earlier than the one before it', () => {
    const x = build([0], [{ turn: 0, t: 10, s: [DONE], chunk: 2 }], [[5, 10, 8]]);
    expect(codes('openai-chat', x)).toEqual([['time-goes-back', 0, '2']]);
  });
});

describe('readyMs', () => {
  it('is the ready frame time minus the turn request', () => {
    const x = build([0, 1000], [{ turn: 0, t: 10, s: [] }, { turn: 1, t: 1540.2, s: [] }]);
    expect(readyMs(x.recording, frameTableOf(x.frames), frameIndex(1), turnIndex(1))).toBeCloseTo(540.2, 6);
  });
});
