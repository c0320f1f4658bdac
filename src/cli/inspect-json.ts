// The `--json` report of `npm run inspect` (DESIGN section 9, documented in docs/cli.md): a pure function of a
// Session. Frames are numbered from 0 across the recording; times are ms from the turn's request, rounded to 0.1.
import { readyMs } from '../core/timeline';
import type { Anomaly, Session, StrategyId, StrategyRun } from '../core/types';
import { STRATEGY_IDS } from '../core/types';

export const round1 = (x: number | null): number | null => (x === null || !Number.isFinite(x) ? null : Math.round(x * 10) / 10);

export interface InspectJson {
  wire: string;
  frames: number;
  turns: {
    turn: number;
    frames: number;
    firstFrameMs: number | null;
    firstReasoningMs: number | null;
    firstTextMs: number | null;
    firstToolCallMs: number | null;
    lastFrameMs: number | null;
    finishReason: string | null;
    longestGapMs: number | null;
    anomalies: { code: string; frame: number | null; detail: string | null }[];
  }[];
  strategies: {
    id: StrategyId;
    applicable: boolean;
    ok: boolean;
    calls: { turn: number; key: string; id: string; name: string; arguments: unknown; readyFrame: number; readyMs: number | null }[];
    failures: { turn: number; frame: number | null; error: string }[];
  }[];
}

const anomaly = (a: Anomaly) => ({ code: a.code, frame: a.frame ?? null, detail: a.detail ?? null });

function strategy(session: Session, run: StrategyRun): InspectJson['strategies'][number] {
  return {
    id: run.id,
    applicable: run.applicable,
    ok: run.verdict === 'ok',
    calls: run.calls.map((c) => ({
      turn: c.turn,
      key: c.key,
      id: c.id,
      name: c.name,
      arguments: c.args,
      readyFrame: c.readyFrame,
      readyMs: round1(readyMs(session.recording, session.frames, c.readyFrame, c.turn)),
    })),
    failures: run.verdicts
      .filter((v) => v.verdict === 'fail')
      .map((v) => ({ turn: v.turn, frame: v.frame ?? null, error: v.error ?? v.reason ?? 'fail' })),
  };
}

export function inspectJson(session: Session, only?: StrategyId): InspectJson {
  const ids = only ? [only] : STRATEGY_IDS;
  return {
    wire: session.wire,
    frames: session.frames.length,
    turns: session.timings.map((t) => ({
      turn: t.turn,
      frames: t.frameCount,
      firstFrameMs: round1(t.firstFrameMs),
      firstReasoningMs: round1(t.firstReasoningMs),
      firstTextMs: round1(t.firstTextMs),
      firstToolCallMs: round1(t.firstToolCallMs),
      lastFrameMs: round1(t.lastFrameMs),
      finishReason: t.finishReason,
      longestGapMs: round1(t.longestGapMs),
      anomalies: t.anomalies.map(anomaly),
    })),
    strategies: ids.map((id) => strategy(session, session.strategies[id])),
  };
}
