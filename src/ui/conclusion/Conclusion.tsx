// The conclusion line, pinned under the transport controls above the panels it sums up: one sentence, in the
// current language, generated from the selected strategy's verdict facts. It names the failing frame with a button
// that seeks there.
import { useMemo } from 'react';
import type { FrameIndex, Session, StrategyId } from '../../core/types';
import type { Translate } from '../../i18n';
import { conclusionFacts, conclusionSentence, shownVerdict } from './facts';
import './conclusion.css';

export interface ConclusionProps {
  session: Session;
  strategy: StrategyId;
  t: Translate;
  onSeek: (frame: FrameIndex) => void;
}

export function Conclusion({ session, strategy, t, onSeek }: ConclusionProps) {
  const fact = useMemo(() => conclusionFacts(session, strategy), [session, strategy]);
  // core's verdict, or a third one, warning, when the stream promised a call it never sent (facts.shownVerdict);
  // the warning's frame gets the seek button too
  const verdict = shownVerdict(session, strategy);
  const frame = fact.kind === 'fail-parse' || fact.kind === 'fail-call' || fact.kind === 'warn-no-call' ? fact.frame : undefined;
  const glyph = verdict === 'ok' ? '✓' : verdict === 'fail' ? '✗' : verdict === 'warn' ? '⚠' : '–';
  return (
    <p className={`ss-conclusion ss-verdict-${verdict === 'n/a' ? 'na' : verdict}`} role="status" aria-label={t('panels.conclusion.label')}>
      <span className="ss-conclusion-glyph" aria-hidden="true">
        {glyph}
      </span>{' '}
      <strong>{t(`verdict.${verdict}`)}</strong> · <span>{conclusionSentence(fact, t(`strategy.${strategy}.label`), t)}</span>
      {frame !== undefined ? (
        <>
          {' '}
          <button type="button" className="ss-conclusion-seek" onClick={() => onSeek(frame as FrameIndex)}>
            {t('panels.compare.divergesAt', { frame })}
          </button>
        </>
      ) : null}
    </p>
  );
}
