// The conclusion line as the player shows it: while a tour step waits for the learner's prediction, it says so
// instead of giving the answer away; once the answer is revealed (or outside a prediction) it is the conclusion.
import type { FrameIndex, Session, StrategyId } from '../../core/types';
import { predictionPending } from '../../store/tourPending';
import { useLab } from '../../store/react';
import type { Translate } from '../../i18n';
import { Conclusion } from './Conclusion';

export function GuardedConclusion(props: { session: Session; strategy: StrategyId; t: Translate; onSeek: (frame: FrameIndex) => void }) {
  const pending = useLab((s) => predictionPending(s.tour));
  if (!pending) return <Conclusion {...props} />;
  return (
    <p className="ss-conclusion ss-verdict-pending" role="status" aria-label={props.t('panels.conclusion.label')}>
      {props.t('panels.conclusion.predictFirst')}
    </p>
  );
}
