/**
 * The facts behind the conclusion line under the panels (no prose here: the UI words them in zh and en).
 *
 * Contract: `strategyFacts(session, id)` is pure and never throws. neverFailed = applicable, no failed parse
 * attempt and verdict ok; firstFailure = the first failing turn's verdict (frame, input, JSON.parse's message,
 * reason, key); callsWhole = the recording carried at least one call and each carried call's arguments arrived in
 * a single frame (one non-empty fragment or one whole-call event) — why parse-each-fragment never failed on it (the
 * session's `argsWhole`, counted by the pipeline; traced again, reading every frame, only for a session without it).
 */
import type { CallKey, FrameIndex, NaReason, Session, StrategyId, TurnIndex, Verdict, VerdictReason } from '../types';
import { failedCount } from './attempts';
import { traceCalls, traceOptions } from './truth';

export interface StrategyFacts {
  strategy: StrategyId;
  verdict: Verdict;
  naReason?: NaReason;
  neverFailed: boolean;
  firstFailure?: { turn: TurnIndex; frame?: FrameIndex; input?: string; error?: string; reason?: VerdictReason; key?: CallKey };
  callsWhole: boolean;
  attemptsFailed: number;
  attemptsTotal: number;
  callsProduced: number;
  callsCarried: number;
}

/** The ground truth traced again (a session made by hand, without `argsWhole`): every frame read. */
function wholeArgs(session: Session): boolean {
  const { argFrames } = traceCalls(session.wire, session.frames, traceOptions(session.frames));
  return argFrames.length > 0 && argFrames.every((n) => n <= 1);
}

export function strategyFacts(session: Session, id: StrategyId): StrategyFacts {
  const run = session.strategies[id];
  const attemptsFailed = failedCount(run.attempts);
  const facts: StrategyFacts = {
    strategy: id,
    verdict: run.verdict,
    neverFailed: run.applicable && run.verdict === 'ok' && attemptsFailed === 0,
    callsWhole: session.argsWhole ?? wholeArgs(session),
    attemptsFailed,
    attemptsTotal: run.attempts.count,
    callsProduced: run.calls.length,
    callsCarried: session.carried.length,
  };
  if (run.naReason !== undefined) facts.naReason = run.naReason;
  const failing = run.verdicts.find((v) => v.verdict === 'fail');
  if (failing) {
    const { turn, frame, input, error, reason, key } = failing;
    facts.firstFailure = {
      turn,
      ...(frame !== undefined && { frame }),
      ...(input !== undefined && { input }),
      ...(error !== undefined && { error }),
      ...(reason !== undefined && { reason }),
      ...(key !== undefined && { key }),
    };
  }
  return facts;
}
