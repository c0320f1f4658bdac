// Panel (1), raw events: a virtualized list, one row per frame (index, turn-relative time, event type, kind glyph,
// chunk marks, data preview), the current row highlighted and kept in view, and the current frame expanded below.
// Clicking a row seeks to it.
import { memo, useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { FrameIndex, Session } from '../../../core/types';
import type { PanelProps } from '../types';
import type { Translate } from '../../i18n';
import { formatNumber, type Lang } from '../../i18n';
import { FrameDetail } from './FrameDetail';
import { KIND_GLYPH, chunkInfo, dataPreview, turnRelativeMs } from './rows';
import '../panels.css';

const ROW_HEIGHT = 28;

interface RowProps {
  session: Session;
  index: number;
  current: boolean;
  lang: Lang;
  t: Translate;
  top: number;
  onSeek: (frame: FrameIndex) => void;
}

const Row = memo(function Row({ session, index, current, lang, t, top, onSeek }: RowProps) {
  const frame = session.frames[index];
  if (!frame) return null;
  const kind = session.kinds[index] ?? 'other';
  const time = formatNumber(lang, turnRelativeMs(session, frame), 1);
  const chunks = chunkInfo(session.frames, index);
  const marks = `${chunks?.split ? '⇹' : ''}${chunks?.shared ? '⧉' : ''}`;
  return (
    <button
      type="button"
      className={`ss-raw-row ss-kind-${kind}${current ? ' ss-current' : ''}${chunks?.newChunk ? ' ss-chunk-start' : ''}`}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
      aria-current={current ? 'true' : undefined}
      aria-label={t('panels.raw.row', { index, time, event: frame.event })}
      title={chunks?.split ? t('panels.raw.chunk.split', { first: chunks.first, last: chunks.last }) : undefined}
      onClick={() => onSeek(frame.index)}
    >
      <span className="ss-raw-glyph" title={t(`panels.raw.kind.${kind}`)} aria-hidden="true">
        {KIND_GLYPH[kind]}
      </span>
      <span className="ss-raw-index">{index}</span>
      <span className="ss-raw-time">{time}</span>
      <span className="ss-raw-event">{frame.event}</span>
      <span className="ss-raw-marks" aria-hidden="true">
        {marks}
      </span>
      <span className="ss-raw-data">{dataPreview(frame.data)}</span>
    </button>
  );
});

export function RawEventsPanel({ session, frame, lang, t, theme, onSeek }: PanelProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = session.frames.length;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  useEffect(() => {
    if (frame >= 0 && frame < count) virtualizer.scrollToIndex(frame, { align: 'auto' });
  }, [frame, count, virtualizer]);
  const current = session.frames[frame];
  return (
    <section className="ss-panel ss-raw" aria-label={t('panels.raw.title')}>
      <header className="ss-panel-head">
        <h2>{t('panels.raw.title')}</h2>
        <span className="ss-muted">{t('panels.raw.count', { count })}</span>
      </header>
      {!session.recording.timed ? <p className="ss-note">{t('panels.raw.untimed')}</p> : null}
      {count === 0 ? (
        <p className="ss-muted">{t('panels.raw.empty')}</p>
      ) : (
        <>
          <p className="ss-legend ss-muted">
            {(['reasoning', 'text', 'args', 'other'] as const).map((k) => `${KIND_GLYPH[k]} ${t(`panels.raw.kind.${k}`)}`).join(' · ')}
            {' · '}
            {t('panels.raw.chunk.legend')}
          </p>
          <div className="ss-raw-scroll" ref={scrollRef} aria-label={t('panels.raw.list')} role="group">
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => (
                <Row
                  key={item.index}
                  session={session}
                  index={item.index}
                  current={item.index === frame}
                  lang={lang}
                  t={t}
                  top={item.start}
                  onSeek={onSeek}
                />
              ))}
            </div>
          </div>
          {current ? <FrameDetail session={session} frame={current} t={t} theme={theme} /> : null}
        </>
      )}
    </section>
  );
}
