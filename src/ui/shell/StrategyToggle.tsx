// The strategy toggle: a radiogroup named "Assembly strategy"; a strategy that does not apply to the recording's
// wire is disabled, and its reason, told about the recording's own wire, is that radio's description (tied with
// aria-describedby, shown as its tooltip) rather than a paragraph under the group that pushes the player down.
// It sits under the transport controls, beside the conclusion it changes; `compact` (presenter mode, embeds) packs
// it into as few lines as it can.
import { useId } from 'react';
import { LEARNER_ID, STRATEGY_IDS, type Session, type StrategyId, type StrategyRun } from '../../core/types';
import { useActions, usePlayer } from '../../store/react';
import type { Translate } from '../../i18n';
import { naReasonKey } from '../../i18n/codes';
import { useT } from './useT';
import { useExerciseHost, useExerciseMode } from '../exercise/mode';

function naReason(session: Session | null, id: StrategyId, t: Translate): string | null {
  const run = session?.strategies[id];
  if (!session || !run || run.applicable) return null;
  const reason = run.naReason
    ? t(naReasonKey(run.naReason, session.wire))
    : t('app.strategy.naFallback', { wire: t(`app.wire.${session.wire}`) });
  return t('app.strategy.na', { strategy: t(`app.strategy.${id}`), reason });
}

export function StrategyToggle({ compact = false }: { compact?: boolean }) {
  const { t } = useT();
  const actions = useActions();
  const strategy = usePlayer((s) => s.strategy);
  const session = usePlayer((s) => s.session);
  const code = usePlayer((s) => s.code);
  const base = useId();
  const labelId = `${base}-label`;
  const exercise = useExerciseMode();
  const exerciseHost = useExerciseHost();
  // the learner's strategy is offered once it has run (or when the link selects it): before, it has nothing to show
  // (a session made before the learner's strategy existed has no run for it: the same as one not run)
  const learner = session?.strategies[LEARNER_ID] as StrategyRun | undefined;
  const yours = strategy === LEARNER_ID || (learner !== undefined && learner.naReason !== 'no-code');
  const ids: StrategyId[] = yours ? [...STRATEGY_IDS, LEARNER_ID] : [...STRATEGY_IDS];
  const reasons = ids.map((id) => ({ id, reason: id === LEARNER_ID ? null : naReason(session, id, t) }));

  return (
    <div className={`ss-strategy${compact ? ' ss-strategy-compact' : ''}`}>
      <div role="radiogroup" aria-labelledby={labelId} className="ss-radiogroup">
        <span id={labelId} className="ss-group-label">
          {t('app.strategy.group')}
        </span>
        {reasons.map(({ id, reason }) => (
          <label key={id} className={`ss-radio${reason ? ' ss-radio-na' : ''}`} title={reason ?? undefined}>
            <input
              type="radio"
              name={`${base}-strategy`}
              value={id}
              checked={strategy === id}
              disabled={reason !== null}
              aria-describedby={reason ? `${base}-na-${id}` : undefined}
              onChange={() => actions.setStrategy(id)}
            />
            <span>{t(`app.strategy.${id}`)}</span>
            {reason && (
              <span className="ss-na-tag" aria-hidden="true">
                ({t('app.strategy.naShort')})
              </span>
            )}
          </label>
        ))}
        {/* the selected strategy's code (Python by default: the course's language), in the switch's own row so it
            takes no line of its own on the first screen */}
        <button type="button" className="ss-button ss-code-toggle" aria-pressed={code !== null} onClick={() => actions.setCode(code === null ? 'py' : null)}>
          {'</> '}
          {t('code.open')}
        </button>
        {/* compact (an embed, presenter mode): only while the exercise is on (exercise=1 or a tour step), so a small
            embed's switch keeps to its rows and the page decides whether its readers write code */}
        {(!compact || exercise) && (
          <button type="button" className="ss-button ss-exercise-toggle" aria-pressed={exercise} onClick={() => exerciseHost.setOn(!exercise)}>
            {'✎ '}
            {t('app.exercise.open')}
          </button>
        )}
      </div>
      {/* Outside the labels, so a reason describes its radio without becoming part of the radio's name. */}
      {reasons.map(({ id, reason }) =>
        reason ? (
          <span key={id} id={`${base}-na-${id}`} className="ss-visually-hidden">
            {reason}
          </span>
        ) : null,
      )}
    </div>
  );
}
