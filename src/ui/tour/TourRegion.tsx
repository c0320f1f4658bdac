// The guided tour: a region named "Tour" / "导览" with the step's title and caption, a step counter, the panel to
// look at, a prediction to make before the next frame is revealed, and Previous step / Next step buttons. The
// highlighted panel is marked on the player root (data-highlight) and scrolled into view on each step, below the
// card, which stays in view (sticky). While a prediction waits, the timeline hides later markers and the
// conclusion waits too (store/tourPending predictionPending).
import { useEffect, useId, useRef } from 'react';
import { useActions, useLab } from '../../store/react';
import { registerMessages, translateData } from '../../i18n';
import { tour } from '../../i18n/messages/tour';
import { useT } from '../shell/useT';
import { useExerciseHost } from '../exercise/mode';
import './tour.css';
import { Region } from '../shell/Region';
import { useReducedMotion } from '../theme/theme';

// this view's strings (both languages) come with its code, not with the first page
registerMessages(tour);

export function TourRegion() {
  const { t, lang } = useT();
  const a = useActions();
  const tour = useLab((s) => s.tour);
  const error = useLab((s) => s.tourError);
  const highlight = useLab((s) => s.highlight);
  const ref = useRef<HTMLElement>(null);
  const groupName = useId();
  const stepIndex = tour?.step ?? -1;
  // a step where the learner writes the strategy opens the exercise editor (it stays open after: the code is theirs)
  const opensExercise = tour?.steps[stepIndex]?.exercise === true;
  const exerciseHost = useExerciseHost();
  useEffect(() => {
    if (opensExercise) exerciseHost.setOn(true);
  }, [opensExercise, stepIndex, exerciseHost]);

  // a reader who asked for less motion gets the target at once, not a smooth scroll
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    if (!highlight || stepIndex < 0) return;
    const root = ref.current?.closest('.ss-player');
    const target = root?.querySelector(`[data-tour-target~="${highlight}"]`) ?? root?.querySelector(HIGHLIGHT_SELECTORS[highlight] ?? '.none');
    if (target instanceof HTMLElement && typeof target.scrollIntoView === 'function') {
      // the card is sticky at the top: the target must land below it, not under it
      const card = (ref.current?.offsetHeight ?? 0) + 8;
      target.style.scrollMarginTop = `${card}px`;
      // a target taller than the room below the card shows its top (its heading), not its bottom
      const tall = target.offsetHeight > window.innerHeight - card;
      target.scrollIntoView({ block: tall ? 'start' : 'nearest', behavior: reducedMotion ? 'auto' : 'smooth' });
    }
  }, [highlight, stepIndex, reducedMotion]);

  if (!tour) {
    if (!error) return null;
    return (
      <Region className="ss-tour ss-tour-error" aria-label={t('lab.tour.region')} ref={ref}>
        <p role="alert">{translateData(t, error.key, error.params)}</p>
        <button type="button" onClick={() => a.closeTour()}>
          {t('lab.tour.close')}
        </button>
      </Region>
    );
  }
  const step = tour.steps[tour.step];
  if (!step) return null;
  const total = tour.steps.length;
  const predict = step.predict;
  const answer = predict?.choices.find((c) => c.correct);
  const chosen = tour.chosen !== null ? predict?.choices[tour.chosen] : undefined;
  return (
    <Region className="ss-tour" aria-label={t('lab.tour.region')} ref={ref} data-step={tour.step}>
      <header className="ss-tour-head">
        <p className="ss-tour-title">{tour.title[lang]}</p>
        <p className="ss-tour-counter" aria-live="polite">
          {t('lab.tour.counter', { n: tour.step + 1, total })}
        </p>
      </header>
      {step.title && <h2 className="ss-tour-step-title">{step.title[lang]}</h2>}
      <p className="ss-tour-caption">{step.caption[lang]}</p>
      {step.highlight && <p className="ss-tour-look">{t('lab.tour.lookAt', { panel: t(`lab.tour.panel.${step.highlight}`) })}</p>}
      {predict && (
        <fieldset className="ss-tour-predict">
          <legend>{t('lab.tour.predict')}</legend>
          <p>{predict.question[lang]}</p>
          <div role="radiogroup" aria-label={predict.question[lang]}>
            {predict.choices.map((c, i) => (
              <label key={i} className="ss-tour-choice">
                <input type="radio" name={groupName} checked={tour.chosen === i} disabled={tour.revealed} onChange={() => a.tourChoose(i)} />
                <span>{c.label[lang]}</span>
              </label>
            ))}
          </div>
          {tour.revealed ? (
            <div className="ss-tour-answer" role="status">
              <p>
                {chosen ? (chosen.correct ? t('lab.tour.right') : t('lab.tour.wrong', { answer: answer?.label[lang] ?? '' })) : t('lab.tour.answer', { answer: answer?.label[lang] ?? '' })}
              </p>
              {predict.explain && <p>{predict.explain[lang]}</p>}
            </div>
          ) : (
            <button type="button" className="ss-tour-reveal" onClick={() => a.tourReveal()}>
              {t('lab.tour.reveal')}
            </button>
          )}
        </fieldset>
      )}
      <div className="ss-tour-nav">
        <button type="button" disabled={tour.step === 0} onClick={() => void a.tourStep(tour.step - 1)}>
          {t('lab.tour.prev')}
        </button>
        <button type="button" disabled={tour.step >= total - 1} onClick={() => void a.tourStep(tour.step + 1)}>
          {t('lab.tour.next')}
        </button>
        <button type="button" className="ss-tour-close" onClick={() => a.closeTour()}>
          {t('lab.tour.close')}
        </button>
      </div>
    </Region>
  );
}

/** Where each highlight points in the player (class names of the other areas' roots). */
export const HIGHLIGHT_SELECTORS: Record<string, string> = {
  raw: '.ss-raw',
  buffers: '.ss-buffers',
  results: '.ss-results',
  // the waterfall's own slot, there from the first render: the waterfall's code loads later (LazyWaterfall), and a
  // step that started before it arrived scrolled nowhere
  waterfall: '.wf-lazy, .wf',
  scrubber: '.ss-scrubber-wrap',
  conclusion: '.ss-conclusion',
  lab: '.ss-lab',
  matrix: '.ss-matrix',
  exercise: '.ss-exercise',
};
