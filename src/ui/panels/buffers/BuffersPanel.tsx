// Panel (2), parameter buffers: one box per buffer of the selected strategy at frame f, its text so far with the
// fragments tinted alternately and separated by a non-colour cue, the current frame's fragment emphasized, empty
// fragments shown as a visible ∅ '' token. Hovering or clicking a box selects its call in every panel.
import { memo } from 'react';
import { frameIndex, type BufferLog, type FrameIndex } from '../../../core/types';
import { buffersAt } from '../../../core/session/view';
import { sameCall, type CallRef, type PanelProps } from '../types';
import type { Translate } from '../../i18n';
import { bufferView } from './segments';
import '../panels.css';
import { translateIsolated } from '../../i18n/parts';

interface BoxProps {
  buffer: BufferLog;
  frame: FrameIndex;
  t: Translate;
  selected: boolean;
  hovered: boolean;
  onSelectCall: (call: CallRef | null) => void;
  onHoverCall: (call: CallRef | null) => void;
}

const BufferBox = memo(function BufferBox({ buffer, frame, t, selected, hovered, onSelectCall, onHoverCall }: BoxProps) {
  const view = bufferView(buffer, frame);
  const call: CallRef | null = buffer.key === null ? null : { turn: buffer.turn, key: buffer.key };
  const label =
    buffer.key === null ? t('panels.buffers.shared') : t('panels.buffers.call', { name: buffer.name ?? '?', id: buffer.callId ?? '?', key: buffer.key });
  const title =
    buffer.key === null
      ? label
      : translateIsolated(t, 'panels.buffers.call', { name: buffer.name ?? '?', id: buffer.callId ?? '?', key: buffer.key }, ['name', 'id', 'key']);
  return (
    <article
      className={`ss-buffer${selected ? ' ss-selected' : ''}${hovered ? ' ss-hovered' : ''}`}
      aria-label={label}
      aria-current={selected ? 'true' : undefined}
      onMouseEnter={call ? () => onHoverCall(call) : undefined}
      onMouseLeave={call ? () => onHoverCall(null) : undefined}
    >
      <header className="ss-buffer-head">
        {call ? (
          <button type="button" className="ss-linkish" aria-pressed={selected} onClick={() => onSelectCall(selected ? null : call)}>
            {title}
          </button>
        ) : (
          <strong>{title}</strong>
        )}
        <span className="ss-muted">
          {t('panels.buffers.turn', { turn: buffer.turn + 1 })} · {t('panels.buffers.stats', { fragments: view.fragments, chars: view.length })}
        </span>
      </header>
      {view.hidden > 0 ? <p className="ss-note">{t('panels.buffers.window', { shown: view.length - view.hidden, total: view.length })}</p> : null}
      <p className="ss-buffer-text">
        {view.segments.length === 0 ? <span className="ss-muted">{t('panels.buffers.noText')}</span> : null}
        {view.segments.map((s) => (
          <span
            key={s.fragment}
            className={`ss-frag ${s.fragment % 2 === 0 ? 'ss-frag-even' : 'ss-frag-odd'}${s.current ? ' ss-frag-current' : ''}${s.empty ? ' ss-frag-empty' : ''}`}
            data-frame={s.frame}
            title={s.current ? t('panels.buffers.current') : undefined}
          >
            {s.empty ? (
              <abbr title={t('panels.buffers.emptyFragment')}>∅ &apos;&apos;</abbr>
            ) : (
              s.text
            )}
          </span>
        ))}
      </p>
    </article>
  );
});

/**
 * A buffer looks the same at every frame after its last fragment: past it, the box gets one fixed frame, so its
 * memo holds and a seek re-renders only the buffers still growing at the new frame.
 */
function settledFrame(buffer: BufferLog, frame: FrameIndex): FrameIndex {
  const last = buffer.fragments[buffer.fragments.length - 1]?.frame;
  return last !== undefined && frame > last ? frameIndex(last + 1) : frame;
}

export function BuffersPanel({ session, strategy, frame, t, selectedCall, hoveredCall, onSelectCall, onHoverCall }: PanelProps) {
  const run = session.strategies[strategy];
  const buffers = buffersAt(run, frame);
  return (
    <section className="ss-panel ss-buffers" aria-label={t('panels.buffers.title')}>
      <header className="ss-panel-head">
        <h2>{t('panels.buffers.title')}</h2>
        <span className="ss-muted">{t(`strategy.${strategy}.label`)}</span>
      </header>
      {!run.applicable ? (
        <p className="ss-note">{t('panels.buffers.na', { reason: t(run.naReason ?? 'na.generic') })}</p>
      ) : buffers.length === 0 ? (
        <p className="ss-muted">{t('panels.buffers.none')}</p>
      ) : (
        <div className="ss-buffer-list">
          {buffers.map((b) => {
            const call = b.key === null ? null : { turn: b.turn, key: b.key };
            return (
              <BufferBox
                key={b.id}
                buffer={b}
                frame={settledFrame(b, frame)}
                t={t}
                selected={sameCall(call, selectedCall)}
                hovered={sameCall(call, hoveredCall)}
                onSelectCall={onSelectCall}
                onHoverCall={onHoverCall}
              />
            );
          })}
        </div>
      )}
    </section>
  );
}
