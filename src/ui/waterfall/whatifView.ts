/**
 * The what-if table's data for one turn: for every assembly strategy, its calls' ready times (turn-relative) and
 * the three tool-execution schedules computed by core/timeline/whatif from them, so the table shows both what
 * each schedule saves and how the choice of strategy moves the ready times (and with them the early schedule).
 *
 * Contract: pure; inapplicable strategies and turns without calls give rows with `result: null`; a turn index out
 * of range gives null.
 */
import {
  isConcurrencySafe,
  toolDurationWithSource,
  whatIfCalls,
  whatIfSchedules,
  type DurationSource,
  type WhatIf,
} from '../../core/timeline/whatif';
import { PENDING_REASON } from '../../core/session/pipeline';
import { STRATEGY_IDS, sinceRequest, turnMs, type Ms, type Session, type StrategyId, type TurnIndex, type TurnMs } from '../../core/types';
import { getFrame } from '../../core/sse/frame-table';

export interface StrategyWhatIf {
  id: StrategyId;
  applicable: boolean;
  /** Not computed yet (the app paints the selected strategy first). */
  pending: boolean;
  readyMs: TurnMs[];
  result: WhatIf | null;
}

export interface CallDuration {
  name: string;
  ms: number;
  source: DurationSource;
  safe: boolean;
}

export interface TurnWhatIf {
  turn: TurnIndex;
  streamEndMs: TurnMs;
  rows: StrategyWhatIf[];
  /** The durations used, for the selected strategy's calls. */
  durations: CallDuration[];
}

function readyCalls(session: Session, id: StrategyId, turn: TurnIndex, requestAt: Ms) {
  return (session.strategies[id]?.calls ?? []).flatMap((c) => {
    if (c.turn !== turn) return [];
    const f = getFrame(session.frames, c.readyFrame);
    return f ? [{ id: c.id, name: c.name, readyMs: sinceRequest(f.time, requestAt) }] : [];
  });
}

export function turnWhatIf(session: Session, turn: TurnIndex, selected: StrategyId, defaultMs: number): TurnWhatIf | null {
  const timing = session.timings.find((tm) => tm.turn === turn);
  if (!timing) return null;
  const streamEndMs = timing.endMs ?? timing.lastFrameMs ?? turnMs(0);
  const rows = STRATEGY_IDS.map((id): StrategyWhatIf => {
    const run = session.strategies[id];
    const applicable = run?.applicable ?? false;
    const calls = applicable ? readyCalls(session, id, turn, timing.requestAt) : [];
    const input = whatIfCalls(session.recording, turn, calls, defaultMs);
    return {
      id,
      applicable,
      pending: !applicable && run?.naReason === PENDING_REASON,
      readyMs: calls.map((c) => c.readyMs),
      result: calls.length > 0 ? whatIfSchedules(input, streamEndMs) : null,
    };
  });
  const durations = readyCalls(session, selected, turn, timing.requestAt).map((c) => {
    const d = toolDurationWithSource(session.recording, turn, c, defaultMs);
    return { name: c.name, ms: d.ms, source: d.source, safe: isConcurrencySafe(session.recording, c.name) };
  });
  return { turn, streamEndMs, rows, durations };
}
