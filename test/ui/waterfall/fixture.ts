// A hand-built Session for the waterfall's tests: turns given as frame times (turn-relative) and kinds; the
// timing fields are computed here the way src/core/README.md defines them (gaps over 250 ms between frames).
import {
  STRATEGY_IDS,
  frameIndex,
  ms,
  turnIndex,
  turnMs,
  type Anomaly,
  type Frame,
  type FrameKind,
  type ReadyCall,
  type Session,
  type StrategyId,
  type StrategyRun,
  type ToolRun,
  type TurnTiming,
} from '../../../src/core/types';
import { frameTableOf } from '../../../src/core/sse';
import { emptySignalTable, kindCodes } from '../../../src/core/wire';
import { emptyAttempts } from '../../../src/core/strategies/attempts';
import { NO_BUFFERS } from '../../../src/core/strategies/buffers';
import { NO_FRAGMENTS } from '../../../src/core/strategies/fragments';

export interface TurnSpec {
  requestAt: number;
  /** Turn-relative frame times and kinds; a call-start frame is marked with `call`. */
  frames: { at: number; kind: FrameKind; call?: boolean }[];
  endAt?: number;
  finishReason?: string;
  anomalies?: Anomaly['code'][];
}

export interface SessionSpec {
  turns: TurnSpec[];
  tools?: { time: number; turn: number; name: string; durationMs: number }[];
  /** Ready calls per strategy: [turn, frame index within the turn, name]. */
  ready?: Partial<Record<StrategyId, [number, number, string][]>>;
  gapThresholdMs?: number;
}

export function makeSession(spec: SessionSpec): Session {
  const frames: Frame[] = [];
  const kinds: FrameKind[] = [];
  const timings: TurnTiming[] = [];
  const threshold = spec.gapThresholdMs ?? 250;
  const firstOfTurn: number[] = [];
  spec.turns.forEach((turn, t) => {
    const first = frames.length;
    firstOfTurn.push(first);
    turn.frames.forEach((f) => {
      const index = frameIndex(frames.length);
      frames.push({
        index,
        turn: turnIndex(t),
        time: ms(turn.requestAt + f.at),
        event: 'message',
        data: '{}',
        chunks: [0, 0],
        charStart: 0,
        charEnd: 0,
        byteStart: 0,
        byteEnd: 0,
      });
      kinds.push(f.kind);
    });
    const rel = turn.frames.map((f) => f.at);
    const firstWhere = (p: (f: TurnSpec['frames'][number]) => boolean) => {
      const f = turn.frames.find(p);
      return f ? turnMs(f.at) : null;
    };
    const gaps = rel.slice(1).flatMap((at, i) => {
      const prev = rel[i] as number;
      return at - prev > threshold ? [{ frame: frameIndex(first + i + 1), fromMs: turnMs(prev), lengthMs: at - prev }] : [];
    });
    const last = rel[rel.length - 1];
    timings.push({
      turn: turnIndex(t),
      requestAt: ms(turn.requestAt),
      frames: rel.length ? [frameIndex(first), frameIndex(first + rel.length - 1)] : null,
      frameCount: rel.length,
      firstFrameMs: rel.length ? turnMs(rel[0] as number) : null,
      firstReasoningMs: firstWhere((f) => f.kind === 'reasoning'),
      firstTextMs: firstWhere((f) => f.kind === 'text'),
      firstToolCallMs: firstWhere((f) => f.call === true),
      lastFrameMs: last === undefined ? null : turnMs(last),
      endMs: turn.endAt === undefined ? (last === undefined ? null : turnMs(last)) : turnMs(turn.endAt),
      endStatus: 'complete',
      finishReason: turn.finishReason ?? null,
      usage: null,
      gaps,
      longestGapMs: gaps.length ? Math.max(...gaps.map((g) => g.lengthMs)) : null,
      anomalies: (turn.anomalies ?? []).map((code) => ({ code, turn: turnIndex(t) })),
    });
  });
  const strategies = Object.fromEntries(
    STRATEGY_IDS.map((id): [StrategyId, StrategyRun] => {
      const calls: ReadyCall[] = (spec.ready?.[id] ?? []).map(([turn, local, name], i) => ({
        turn: turnIndex(turn),
        key: String(i),
        id: `call_${turn}_${i}`,
        name,
        argsText: '{}',
        args: {},
        readyFrame: frameIndex((firstOfTurn[turn] ?? 0) + local),
      }));
      return [id, { id, applicable: true, buffers: NO_BUFFERS, fragments: NO_FRAGMENTS, attempts: emptyAttempts(), calls, verdicts: [], verdict: 'ok' }];
    }),
  ) as Record<StrategyId, StrategyRun>;
  const tools: ToolRun[] = (spec.tools ?? []).map((r, i) => ({
    time: ms(r.time),
    turn: turnIndex(r.turn),
    callId: `call_${r.turn}_${i}`,
    name: r.name,
    durationMs: r.durationMs,
  }));
  return {
    recording: { header: { streamscope: 1 }, format: 'jsonl', timed: true, turns: [], tools, marks: [], issues: [] },
    wire: 'openai-chat',
    wireSource: 'header',
    frames: frameTableOf(frames),
    decoded: [],
    signals: emptySignalTable(frames.length),
    kinds: kindCodes(kinds),
    carried: [],
    strategies,
    timings,
    anomalies: timings.flatMap((t) => t.anomalies),
  };
}
