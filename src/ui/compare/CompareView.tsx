// Compare mode: every strategy at the current frame side by side (verdict, calls ready so far, last attempt),
// with the frame where each first diverges from the selected one and where the strategies first diverge at all.
import { useMemo } from 'react';
import { STRATEGY_IDS, type FrameIndex, type Session, type StrategyId } from '../../core/types';
import { attemptAt, attemptCountUpTo, callsUpTo } from '../../core/session/view';
import { registerMessages, type Translate } from '../../i18n';
import { checks } from '../../i18n/messages/checks';
import { firstDivergence, firstDivergenceAmong } from './divergence';
import '../conclusion/conclusion.css';
import { Region } from '../shell/Region';

// this view's strings (both languages) come with its code, not with the first page
registerMessages(checks);

export interface CompareViewProps {
  session: Session;
  strategy: StrategyId;
  frame: FrameIndex;
  t: Translate;
  onSeek: (frame: FrameIndex) => void;
}

export function CompareView({ session, strategy, frame, t, onSeek }: CompareViewProps) {
  const divergence = useMemo(() => {
    const selected = session.strategies[strategy];
    const per = new Map(STRATEGY_IDS.map((id) => [id, id === strategy ? null : firstDivergence(selected, session.strategies[id])]));
    const all = firstDivergenceAmong(STRATEGY_IDS.map((id) => session.strategies[id]));
    return { per, all };
  }, [session, strategy]);
  return (
    <Region className="ss-compare" aria-label={t('panels.compare.title', { frame })}>
      <h2>{t('panels.compare.title', { frame })}</h2>
      <p>
        {divergence.all === null ? (
          t('panels.compare.firstNone')
        ) : (
          <>
            {t('panels.compare.first', { frame: divergence.all })}{' '}
            <button type="button" onClick={() => onSeek(divergence.all as FrameIndex)}>
              {t('panels.compare.divergesAt', { frame: divergence.all })}
            </button>
          </>
        )}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('panels.compare.strategy')}</th>
            <th scope="col">{t('panels.compare.verdict')}</th>
            <th scope="col">{t('panels.compare.calls')}</th>
            <th scope="col">{t('panels.compare.last')}</th>
            <th scope="col">{t('panels.compare.diverges')}</th>
          </tr>
        </thead>
        <tbody>
          {STRATEGY_IDS.map((id) => {
            const run = session.strategies[id];
            const count = attemptCountUpTo(run, frame);
            const last = attemptAt(run, count - 1);
            const d = divergence.per.get(id) ?? null;
            return (
              <tr key={id} className={id === strategy ? 'ss-selected' : undefined}>
                <th scope="row">
                  {t(`strategy.${id}.label`)} {id === strategy ? t('panels.compare.selected') : null}
                </th>
                <td>
                  <span aria-hidden="true">{run.verdict === 'ok' ? '✓ ' : run.verdict === 'fail' ? '✗ ' : '– '}</span>
                  {t(`verdict.${run.verdict}`)}
                </td>
                <td>{run.applicable ? callsUpTo(run, frame).length : t('panels.compare.none')}</td>
                <td>
                  {last
                    ? t('panels.compare.lastAttempt', { frame: last.frame, status: t(last.ok ? 'panels.results.parsed' : 'panels.results.failed') })
                    : t('panels.compare.none')}
                </td>
                <td>
                  {id === strategy || !run.applicable ? (
                    t('panels.compare.none')
                  ) : d === null ? (
                    t('panels.compare.same')
                  ) : (
                    <button type="button" onClick={() => onSeek(d)}>
                      {t('panels.compare.divergesAt', { frame: d })}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Region>
  );
}
