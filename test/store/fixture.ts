// A small hand-built Session for store tests (no core analysis needed): two turns, tool-call fragments, one
// failing parse attempt, a gap and a lesson mark.
import type { Frame, FrameKind, Session, Signal, StrategyId, StrategyRun, TurnTiming } from '../../src/core/types';
import { STRATEGY_IDS, frameIndex, ms, turnIndex, turnMs } from '../../src/core/types';
import { frameTableOf } from '../../src/core/sse';
import { kindCodes, signalTableOf } from '../../src/core/wire';
import { attemptTableOf } from '../../src/core/strategies/attempts';
import { NO_BUFFERS } from '../../src/core/strategies/buffers';
import { NO_FRAGMENTS } from '../../src/core/strategies/fragments';

export interface FixtureFrame {
  turn: number;
  time: number;
  event: string;
  signals: Signal[];
}

const kindOf = (signals: Signal[]): FrameKind =>
  signals.some((s) => s.kind === 'args' || s.kind === 'call-start' || s.kind === 'call-complete')
    ? 'args'
    : signals.some((s) => s.kind === 'reasoning')
      ? 'reasoning'
      : signals.some((s) => s.kind === 'text')
        ? 'text'
        : 'other';

export function makeSession(spec: FixtureFrame[], opts: { timed?: boolean; marks?: number[]; failAt?: number[]; gaps?: number[] } = {}): Session {
  const frames: Frame[] = spec.map((f, i) => ({
    index: frameIndex(i),
    turn: turnIndex(f.turn),
    time: ms(f.time),
    event: f.event,
    data: '{}',
    chunks: [i, i],
    charStart: 0,
    charEnd: 0,
    byteStart: 0,
    byteEnd: 0,
  }));
  const turnIds = [...new Set(spec.map((f) => f.turn))];
  const timings: TurnTiming[] = turnIds.map((turn) => {
    const idx = spec.flatMap((f, i) => (f.turn === turn ? [i] : []));
    const first = idx[0] ?? 0;
    const last = idx[idx.length - 1] ?? 0;
    return {
      turn: turnIndex(turn),
      requestAt: ms(0),
      frames: [frameIndex(first), frameIndex(last)],
      frameCount: idx.length,
      firstFrameMs: null,
      firstReasoningMs: null,
      firstTextMs: null,
      firstToolCallMs: null,
      lastFrameMs: null,
      endMs: null,
      endStatus: 'complete',
      finishReason: null,
      usage: null,
      gaps: (opts.gaps ?? []).filter((g) => spec[g]?.turn === turn).map((g) => ({ frame: frameIndex(g), fromMs: turnMs(0), lengthMs: 300 })),
      longestGapMs: null,
      anomalies: [],
    };
  });
  const run = (id: StrategyId): StrategyRun => ({
    id,
    applicable: id !== 'completed-item',
    ...(id === 'completed-item' ? { naReason: 'no-complete-items' as const } : {}),
    buffers: NO_BUFFERS,
    fragments: NO_FRAGMENTS,
    attempts: attemptTableOf(
      (id === 'shared-buffer' ? (opts.failAt ?? []) : []).map((f) => ({
        frame: frameIndex(f),
        turn: turnIndex(spec[f]?.turn ?? 0),
        bufferId: 0,
        start: 0,
        end: 0,
        ok: false,
        error: 'Unexpected token',
      })),
    ),
    calls: [],
    verdicts: [],
    verdict: id === 'completed-item' ? 'n/a' : 'ok',
  });
  return {
    recording: {
      header: { streamscope: 1 },
      format: 'jsonl',
      timed: opts.timed ?? true,
      turns: [],
      tools: [],
      marks: (opts.marks ?? []).map((t, i) => ({ time: ms(t), label: { zh: `标记${i}`, en: `mark ${i}` } })),
      issues: [],
    },
    wire: 'openai-chat',
    wireSource: 'header',
    frames: frameTableOf(frames),
    decoded: [],
    signals: signalTableOf(spec.map((f) => f.signals)),
    kinds: kindCodes(spec.map((f) => kindOf(f.signals))),
    carried: [],
    strategies: Object.fromEntries(STRATEGY_IDS.map((id) => [id, run(id)])) as Record<StrategyId, StrategyRun>,
    timings,
    anomalies: [],
  };
}

/** Two turns: turn 0 frames 0-5 (text, two calls, finish), turn 1 frames 6-9. */
export function twoTurnSession(): Session {
  const t = (text: string): Signal => ({ kind: 'text', text });
  return makeSession(
    [
      { turn: 0, time: 100, event: 'message', signals: [t('Hi')] },
      { turn: 0, time: 150, event: 'message', signals: [{ kind: 'call-start', key: '0', id: 'a', name: 'read_file' }] },
      { turn: 0, time: 200, event: 'message', signals: [{ kind: 'args', key: '0', text: '{"p":' }] },
      { turn: 0, time: 900, event: 'message', signals: [{ kind: 'args', key: '0', text: '1}' }] },
      { turn: 0, time: 950, event: 'message', signals: [{ kind: 'finish', reason: 'tool_calls' }] },
      { turn: 0, time: 960, event: 'message', signals: [{ kind: 'ignored', why: 'done' }] },
      { turn: 1, time: 2000, event: 'message', signals: [{ kind: 'reasoning', text: 'hm' }] },
      { turn: 1, time: 2050, event: 'message', signals: [t('ok')] },
      { turn: 1, time: 2100, event: 'message', signals: [t('.')] },
      { turn: 1, time: 2150, event: 'message', signals: [{ kind: 'finish', reason: 'stop' }] },
    ],
    { marks: [880], failAt: [2, 3], gaps: [3] },
  );
}

/** A manual animation-frame scheduler: `advance(ms)` runs the pending callback at the new time. */
export function manualScheduler() {
  let now = 1000;
  let next = 1;
  const pending = new Map<number, (t: number) => void>();
  return {
    request(cb: (t: number) => void) {
      const id = next++;
      pending.set(id, cb);
      return id;
    },
    cancel(id: number) {
      pending.delete(id);
    },
    now: () => now,
    advance(msStep: number) {
      now += msStep;
      const cbs = [...pending.values()];
      pending.clear();
      for (const cb of cbs) cb(now);
    },
    get pendingCount() {
      return pending.size;
    },
  };
}
