// The `--json` report of `npm run inspect` (docs/cli.md): a pure function of a
// Session. Frames are numbered from 0 across the recording; times are ms from the turn's request, rounded to 0.1.
import { readyMs } from '../core/timeline';
import type { Anomaly, Session, StrategyId, StrategyRun } from '../core/types';
import { STRATEGY_IDS } from '../core/types';
import { stringifyDeep } from '../core/wire/safe-json';

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

/**
 * Characters a terminal would act on that JSON.stringify leaves as they are: C1 controls, bidi controls (LRE..RLO,
 * LRI..PDI, LRM/RLM, ALM) and the line / paragraph separators. Escaped as \uXXXX, which JSON reads back as the same
 * character: a hostile recording cannot reorder or hide the text around it, and the output stays valid JSON.
 */
const UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const escapeUnsafe = (json: string): string => json.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The `--json` report as one line of text: JSON.stringify with the characters above escaped. Arguments nested
 * deeper than JSON.stringify's stack allows (a few thousand levels) are written in full by an iterative serializer.
 */
export function inspectJsonText(session: Session, only?: StrategyId): string {
  return escapeUnsafe(stringifyDeep(inspectJson(session, only)));
}

export function inspectJson(session: Session, only?: StrategyId): InspectJson {
  const ids = only ? [only] : STRATEGY_IDS;
  return {
    wire: session.wire,
    frames: session.frames.count,
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
