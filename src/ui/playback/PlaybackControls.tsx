// Playback controls: marker / turn / frame steps, play-pause, speed (changeable while playing), time mode, loop,
// and the current position in words. `minimal` (an embed's controls=min) keeps play / pause and the position only.
// `settings` false: without speed, time mode and loop (a narrow player shows PlaybackSettings under its sticky
// transport).
import { useActions, usePlayer } from '../../store/react';
import { turnRelativeTime } from '../scrubber/describe';
import { useT } from '../shell/useT';
import { PlaybackSettings } from './PlaybackSettings';
import { getFrame } from '../../core/sse/frame-table';

interface StepButton {
  key: string;
  glyph: string;
  label: string;
  shortcut: string;
  run: () => void;
}

export function PlaybackControls({ minimal = false, settings = true }: { minimal?: boolean; settings?: boolean }) {
  const { t } = useT();
  const a = useActions();
  const playing = usePlayer((s) => s.playback === 'playing');
  const session = usePlayer((s) => s.session);
  const frame = usePlayer((s) => s.frame);
  const disabled = !session || session.frames.count === 0;

  const back: StepButton[] = [
    { key: 'mb', glyph: '[', label: t('app.markerBack'), shortcut: '[', run: a.prevMarker },
    { key: 'tb', glyph: '«', label: t('app.turnBack'), shortcut: 'Shift+ArrowLeft', run: () => a.stepTurn(-1) },
    { key: 'fb', glyph: '‹', label: t('app.stepBack'), shortcut: 'ArrowLeft', run: () => a.step(-1) },
  ];
  const forward: StepButton[] = [
    { key: 'ff', glyph: '›', label: t('app.stepForward'), shortcut: 'ArrowRight', run: () => a.step(1) },
    { key: 'tf', glyph: '»', label: t('app.turnForward'), shortcut: 'Shift+ArrowRight', run: () => a.stepTurn(1) },
    { key: 'mf', glyph: ']', label: t('app.markerForward'), shortcut: ']', run: a.nextMarker },
  ];
  const button = (b: StepButton) => (
    <button key={b.key} type="button" className="ss-button ss-icon" onClick={b.run} disabled={disabled} aria-label={b.label} title={b.label} aria-keyshortcuts={b.shortcut}>
      <span aria-hidden="true">{b.glyph}</span>
    </button>
  );

  const f = session ? getFrame(session.frames, frame) : undefined;
  return (
    <div className="ss-playback" role="group" aria-label={t('app.playback')}>
      <div className="ss-buttons">
        {!minimal && back.map(button)}
        <button
          type="button"
          className="ss-button ss-play"
          onClick={a.toggle}
          disabled={disabled}
          aria-label={playing ? t('app.pause') : t('app.play')}
          aria-keyshortcuts="Space"
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span> {playing ? t('app.pause') : t('app.play')}
        </button>
        {!minimal && forward.map(button)}
      </div>
      {!minimal && settings && <PlaybackSettings />}
      {session && f && (
        <p className="ss-position">
          <strong>{t('app.frame.visible', { index: frame, total: session.frames.count })}</strong>
          {' · '}
          {t('app.frame.time', { ms: turnRelativeTime(session, frame) })}
          {' · '}
          {t('app.frame.turn', { turn: f.turn + 1 })}
          {' · '}
          <code>{f.event}</code>
        </p>
      )}
    </div>
  );
}
