// Under the timeline: its legend and "Space by time". Inside the Scrubber's region on a wide player; on a narrow one
// App puts it under the sticky transport, so that only the track, the buttons and the position stay pinned (about
// half the height: at 400 px the whole transport covered a third of the screen, the exercise's editor beneath it).
// Memoized with its own subscription: a seek does not render the legend again.
import { memo, useId } from 'react';
import { useActions, usePlayer } from '../../store/react';
import { useT } from '../shell/useT';
import { Legend } from './Legend';

/** `grouped`: outside the Scrubber's region (a narrow player), a group named for the timeline of its own. */
export const ScrubberFoot = memo(function ScrubberFoot({ grouped = false }: { grouped?: boolean }) {
  const { t } = useT();
  const actions = useActions();
  const scale = usePlayer((s) => s.scrubScale);
  const scaleId = useId();
  return (
    <div className="ss-scrub-foot" {...(grouped && { role: 'group', 'aria-label': t('app.timeline') })}>
      <Legend t={t} />
      <label className="ss-scrub-scale" title={t('app.timeline.scale.hint')}>
        <input type="checkbox" checked={scale === 'time'} aria-describedby={scaleId} onChange={(e) => actions.setScrubScale(e.target.checked ? 'time' : 'frames')} />{' '}
        {t('app.timeline.scale')}
        <span id={scaleId} className="ss-visually-hidden">
          {t('app.timeline.scale.hint')}
        </span>
      </label>
    </div>
  );
});
