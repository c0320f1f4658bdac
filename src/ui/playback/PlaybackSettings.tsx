// The playback settings: speed (changeable while playing), time mode and loop. Inside PlaybackControls on a wide
// player; on a narrow one App shows them under the sticky transport, a group of their own ("Playback settings").
// A component of its own, memoized, with its own subscriptions: a seek does not render it again.
import { memo, useId } from 'react';
import { SPEEDS, TIME_MODES, type TimeMode } from '../../store/timebase';
import { useActions, usePlayer } from '../../store/react';
import { formatNumber } from '../../i18n';
import { useT } from '../shell/useT';

export const PlaybackSettings = memo(function PlaybackSettings({ grouped = false }: { grouped?: boolean }) {
  const { t, lang } = useT();
  const a = useActions();
  const speed = usePlayer((s) => s.speed);
  const timeMode = usePlayer((s) => s.timeMode);
  const loop = usePlayer((s) => s.loop);
  const id = useId();
  const fields = (
    <>
      <div className="ss-field">
        <label htmlFor={`${id}-speed`}>{t('app.speed')}</label>
        <select id={`${id}-speed`} value={speed} onChange={(e) => a.setSpeed(Number(e.target.value))}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {formatNumber(lang, s, s < 1 ? 2 : 0)}×
            </option>
          ))}
        </select>
      </div>
      <div className="ss-field">
        <label htmlFor={`${id}-mode`}>{t('app.timeMode')}</label>
        <select id={`${id}-mode`} value={timeMode} onChange={(e) => a.setTimeMode(e.target.value as TimeMode)}>
          {TIME_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`app.timeMode.${m}`)}
            </option>
          ))}
        </select>
      </div>
      <label className="ss-field ss-check">
        <input type="checkbox" checked={loop} onChange={(e) => a.setLoop(e.target.checked)} />
        {t('app.loop')}
      </label>
    </>
  );
  return grouped ? (
    <div className="ss-playback ss-playback-settings" role="group" aria-label={t('app.playback.settings')}>
      {fields}
    </div>
  ) : (
    fields
  );
});
