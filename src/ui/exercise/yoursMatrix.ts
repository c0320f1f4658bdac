// The strategy matrix's "Your strategy" column (issue 31): the learner's last run code (kept in the browser by the
// exercise, ./codec.ts) run in the sandbox on every line of the matrix (every shipped recording, and the shown one
// under each lesson fault: ../matrix/faultRows.ts), one at a time, each judged as a built-in strategy's cell is
// (worker/matrixRow.ts matrixCell). Computed when the matrix is open and the learner has run
// code on the shown recording; a new run (a new 'yours' run in the session) computes the column again.
import { useEffect, useState } from 'react';
import { analyzeText } from '../../core/session/analyze';
import { learnerRun, learnerTurns } from '../../core/strategies/learner';
import type { StrategyRun } from '../../core/types';
import { english } from '../../core/load/english';
import type { MatrixLine } from '../matrix/faultRows';
import { runLearnerCode } from '../../worker/learnerClient';
import { matrixCell, type MatrixCell } from '../../worker/matrixRow';
import { nextTask } from '../../worker/tasks';
import { savedCode } from './codec';
import { useExerciseHost } from './mode';

/** Per line key, the learner's cell (or the message of a recording that could not be read); null: no column. */
export type YoursCells = Map<string, MatrixCell | { message: string }> | null;

export function useYoursCells(lines: readonly MatrixLine[], base: string, learner: StrategyRun | undefined): YoursCells {
  const [cells, setCells] = useState<YoursCells>(null);
  const { storageKey } = useExerciseHost();
  const ran = learner !== undefined && learner.naReason !== 'no-code';
  useEffect(() => {
    const code = ran ? savedCode(storageKey) : undefined;
    if (code === undefined) {
      setCells(null);
      return;
    }
    const ctl = new AbortController();
    const known = new Map<string, MatrixCell | { message: string }>();
    setCells(new Map(known));
    void (async () => {
      for (const line of lines) {
        if (ctl.signal.aborted) return;
        try {
          const res = await fetch(`${base}${line.rec.file}`, { signal: ctl.signal });
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          const text = await res.text();
          await nextTask();
          const r = analyzeText(text, line.rec.file, { strategies: [], ...(line.faults.length > 0 && { faults: line.faults }) });
          if (!r.ok) throw new Error(english(r.error));
          const result = await runLearnerCode(code, learnerTurns(r.session), { signal: ctl.signal });
          const run = learnerRun(r.session, result.outcome);
          known.set(line.key, matrixCell(run, r.session.anomalies.find((a) => a.code === 'finish-tool-calls-without-call')));
        } catch (e) {
          if (ctl.signal.aborted) return;
          known.set(line.key, { message: e instanceof Error ? e.message : String(e) });
        }
        if (!ctl.signal.aborted) setCells(new Map(known));
      }
    })();
    return () => ctl.abort();
  }, [lines, base, learner, ran, storageKey]);
  return cells;
}
