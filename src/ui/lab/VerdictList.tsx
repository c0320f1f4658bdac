// The verdict of each strategy on the current session, as glyph + words (never colour alone), with the first
// failing frame; clicking a strategy selects it. An ok run on a turn whose stream said `finish_reason: tool_calls`
// and sent no call is shown as a warning, as the conclusion line and the matrix show it.
import { LEARNER_ID, type StrategyId, type StrategyRun } from '../../core/types';
import { isPending } from '../../core/session/pipeline';
import { useActions, usePlayer } from '../../store/react';
import type { Translate } from '../../i18n';

export const VERDICT_GLYPH = { ok: '✓', fail: '✗', 'n/a': '–' } as const;
const WARN_GLYPH = '⚠';

/** The first failing frame of a run, or null. */
export function firstFailFrame(run: StrategyRun): number | null {
  let best: number | null = null;
  for (const v of run.verdicts) if (v.verdict === 'fail' && v.frame !== undefined && (best === null || v.frame < best)) best = v.frame;
  return best;
}

export function verdictWords(t: Translate, run: StrategyRun): string {
  const at = firstFailFrame(run);
  if (run.verdict === 'fail' && at !== null) return t('lab.verdict.failAt', { frame: at });
  return t(`lab.verdict.${run.verdict}`);
}

export function VerdictList({ t, ids }: { t: Translate; ids: readonly StrategyId[] }) {
  const a = useActions();
  const strategies = usePlayer((s) => s.session?.strategies);
  const selected = usePlayer((s) => s.strategy);
  const noCall = usePlayer((s) => s.session?.anomalies.find((x) => x.code === 'finish-tool-calls-without-call'));
  if (!strategies) return null;
  // the learner's strategy (exercise mode) is judged on the faulted stream too, once it has run
  const learner = strategies[LEARNER_ID] as StrategyRun | undefined;
  const shownIds = learner === undefined || learner.naReason === 'no-code' || ids.includes(LEARNER_ID) ? ids : [...ids, LEARNER_ID];
  return (
    <ul className="ss-lab-verdicts">
      {shownIds.map((id) => {
        const run = strategies[id];
        if (isPending(run)) return null;
        const warn = run.verdict === 'ok' && run.applicable && noCall !== undefined;
        const shown = warn ? 'warn' : run.verdict;
        const words = warn
          ? `${noCall.frame !== undefined ? t('lab.verdict.warnAt', { frame: noCall.frame }) : t('lab.verdict.warn')}: ${t('lab.verdict.warn.why')}`
          : verdictWords(t, run);
        return (
          <li key={id} className={`ss-lab-v-${shown === 'n/a' ? 'na' : shown}`} data-strategy={id} data-verdict={shown}>
            <button type="button" aria-pressed={id === selected} onClick={() => a.setStrategy(id)}>
              <span aria-hidden="true" className="ss-lab-glyph">
                {warn ? WARN_GLYPH : VERDICT_GLYPH[run.verdict]}
              </span>{' '}
              {t('lab.verdict.line', { strategy: t(`app.strategy.${id}`), verdict: words })}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
