// The verdict of each strategy on the current session, as glyph + words (never colour alone), with the first
// failing frame; clicking a strategy selects it.
import type { StrategyId, StrategyRun } from '../../core/types';
import { isPending } from '../../core/session/session';
import { useActions, usePlayer } from '../../store/react';
import type { Translate } from '../i18n';

export const VERDICT_GLYPH = { ok: '✓', fail: '✗', 'n/a': '–' } as const;

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
  if (!strategies) return null;
  return (
    <ul className="ss-lab-verdicts">
      {ids.map((id) => {
        const run = strategies[id];
        if (isPending(run)) return null;
        return (
          <li key={id} className={`ss-lab-v-${run.verdict === 'n/a' ? 'na' : run.verdict}`} data-strategy={id} data-verdict={run.verdict}>
            <button type="button" aria-pressed={id === selected} onClick={() => a.setStrategy(id)}>
              <span aria-hidden="true" className="ss-lab-glyph">
                {VERDICT_GLYPH[run.verdict]}
              </span>{' '}
              {t('lab.verdict.line', { strategy: t(`app.strategy.${id}`), verdict: verdictWords(t, run) })}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
