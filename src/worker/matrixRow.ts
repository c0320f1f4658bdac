/**
 * One row of the strategy matrix: a recording analysed with every strategy, reduced to a verdict and the first
 * failing frame per strategy.
 *
 * Contract: pure, never throws (core's analyzeText never does; anything unexpected becomes an unreadable row with
 * its message). Used by the matrix worker and by the page's idle-slice fallback alike.
 */
import { analyzeText } from '../core/session/analyze';
import type { Anomaly, StrategyId, StrategyRun, Verdict, WireId } from '../core/types';
import { STRATEGY_IDS } from '../core/types';
import { english } from '../core/load/english';

export interface MatrixCell {
  verdict: Verdict;
  /** The first failing frame, for `fail`; the frame of the warning, for `warn`. */
  frame?: number;
  /**
   * ok by core's rules, but a turn ends with finish_reason tool_calls and carries no call: shown as a third
   * verdict, a warning (as the conclusion line does).
   */
  warn?: true;
}

export type MatrixRow =
  | { id: string; ok: true; wire: WireId; frames: number; cells: Record<StrategyId, MatrixCell> }
  | { id: string; ok: false; message: string };

/** A run's cell: its verdict, the first failing frame, or a warning when the stream promised a call it never sent. */
export function matrixCell(run: StrategyRun, noCall: Anomaly | undefined): MatrixCell {
  let frame: number | undefined;
  for (const v of run.verdicts) if (v.verdict === 'fail' && v.frame !== undefined && (frame === undefined || v.frame < frame)) frame = v.frame;
  if (run.verdict === 'fail' && frame !== undefined) return { verdict: 'fail', frame };
  if (run.verdict === 'fail') return { verdict: 'fail' };
  if (run.verdict === 'ok' && run.applicable && noCall) return { verdict: 'ok', warn: true, ...(noCall.frame !== undefined ? { frame: noCall.frame } : {}) };
  return { verdict: run.verdict };
}

/** A recording's row: analysed with every strategy after these faults (default none) are applied, in order. */
export function matrixRow(id: string, input: string | Uint8Array, name: string, faults: readonly string[] = []): MatrixRow {
  try {
    const r = analyzeText(input, name, faults.length > 0 ? { faults } : undefined);
    if (!r.ok) return { id, ok: false, message: english(r.error) };
    const s = r.session;
    const cells = {} as Record<StrategyId, MatrixCell>;
    const noCall = s.anomalies.find((a) => a.code === 'finish-tool-calls-without-call');
    for (const sid of STRATEGY_IDS) cells[sid] = matrixCell(s.strategies[sid], noCall);
    return { id, ok: true, wire: s.wire, frames: s.frames.count, cells };
  } catch (e) {
    return { id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}
