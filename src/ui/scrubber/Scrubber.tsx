// The timeline scrubber across the full width: a native range input named "Frame" (value = 0-based frame index,
// aria-valuetext in words) over the Track drawing, with details of the frame and its markers on hover and focus.
import { useCallback, useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { frameIndex } from '../../core/types';
import { useActions, usePlayer } from '../../store/react';
import { useT } from '../shell/useT';
import { columnFrames, xToFrame } from './geometry';
import { frameValueText, markerText, markersIn, turnRelativeTime } from './describe';
import { Legend } from './Legend';
import { MARKERS_HEIGHT, Track } from './Track';

function useWidth(): [React.RefCallback<HTMLDivElement>, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    // With a ResizeObserver, its first report gives the width at the next rendering step. Reading clientWidth here
    // forced a layout of the whole page inside React's commit: 25-28 ms of a 55-83 ms task when a 100,000-frame
    // recording opened by URL mounted the scrubber (Chromium trace).
    if (typeof ResizeObserver === 'undefined') {
      setWidth(Math.floor(el.clientWidth));
      return;
    }
    observer.current = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w !== undefined) setWidth(Math.floor(w));
    });
    observer.current.observe(el);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width];
}

export function Scrubber() {
  const { t, lang } = useT();
  const actions = useActions();
  const session = usePlayer((s) => s.session);
  const frame = usePlayer((s) => s.frame);
  const markers = usePlayer((s) => s.markers);
  const hoveredFrames = usePlayer((s) => s.hoveredFrames);
  const [ref, width] = useWidth();
  const [hoverX, setHoverX] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  // Escape dismisses the details until the pointer moves or focus comes back (WCAG 1.4.13)
  const [dismissed, setDismissed] = useState(false);
  const tipId = useId();

  const n = session?.frames.length ?? 0;
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    setHoverX(e.clientX - rect.left);
    setDismissed(false);
  };

  let tip: { x: number; lines: string[] } | null = null;
  if (session && n > 0 && !dismissed && (hoverX !== null || focused)) {
    const [from, to] = hoverX !== null ? columnFrames(hoverX, n, width) : [frame, frame];
    const f = hoverX !== null ? xToFrame(hoverX, n, width) : frame;
    const fr = session.frames[f];
    const head = [
      t('app.frame.visible', { index: f, total: n }),
      t('app.frame.time', { ms: turnRelativeTime(session, f) }),
      fr?.event ?? '',
      t('app.frame.turn', { turn: (fr?.turn ?? 0) + 1 }),
      t(`app.kind.${session.kinds[f] ?? 'other'}`),
    ].join(' · ');
    const x = hoverX ?? (n <= 1 ? width / 2 : 8 + (frame / (n - 1)) * (width - 16));
    tip = { x, lines: [head, ...markersIn(markers, from, to).map((m) => markerText(m, session, t, lang))] };
  }

  return (
    <section className="ss-scrubber-wrap" aria-label={t('app.timeline')}>
      <div className="ss-scrubber" ref={ref} onPointerMove={onMove} onPointerLeave={() => setHoverX(null)}>
        {session && width > 0 && <Track kinds={session.kinds} markers={markers} width={width} />}
        {session && hoveredFrames && session.frames.length > 0 && (
          <div
            className="ss-scrub-hovered"
            aria-hidden="true"
            style={{
              left: `${(hoveredFrames[0] / session.frames.length) * 100}%`,
              width: `${(Math.max(1, hoveredFrames[1] - hoveredFrames[0] + 1) / session.frames.length) * 100}%`,
            }}
          />
        )}
        <input
          type="range"
          className="ss-slider"
          style={{ top: MARKERS_HEIGHT - 8 }}
          min={0}
          max={Math.max(0, n - 1)}
          step={1}
          value={frame}
          disabled={!session || n === 0}
          aria-label={t('app.frame.slider')}
          aria-valuetext={session ? frameValueText(session, frame, t) : undefined}
          aria-describedby={focused && tip ? tipId : undefined}
          onChange={(e) => actions.seek(frameIndex(Number(e.target.value)))}
          onFocus={() => {
            setFocused(true);
            setDismissed(false);
          }}
          onBlur={() => setFocused(false)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && tip) {
              setDismissed(true);
              e.stopPropagation();
            }
          }}
        />
        {tip && (
          <div id={tipId} role="tooltip" className="ss-tooltip" style={{ left: Math.min(Math.max(0, tip.x - 120), Math.max(0, width - 240)) }}>
            {tip.lines.map((line, i) => (
              <div key={i}>{line}</div>
            ))}
          </div>
        )}
      </div>
      <Legend t={t} />
    </section>
  );
}
