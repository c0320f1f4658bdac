// The timeline scrubber across the full width: a native range input named "Frame" (value = 0-based frame index,
// aria-valuetext in words) over the Track drawing, with details of the frame and its markers on hover and on
// keyboard focus (the details go when the pointer leaves the track). "Space by time" places frames by recorded
// time: the native thumb cannot follow a non-linear scale, so a drawn playhead takes its place and pointer presses
// on the track seek by x while the slider keeps the keyboard and the accessible name.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type PointerEvent } from 'react';
import { frameIndex } from '../../core/types';
import { frameKindAt } from '../../core/wire/signal-table';
import { useActions, useLab, usePlayer } from '../../store/react';
import { playTimes } from '../../store/timebase';
import { predictionPending } from '../../store/tourPending';
import { useT } from '../shell/useT';
import { columnFrames, frameToX, timePositions, xToFrame } from './geometry';
import { frameValueText, markerText, markersIn, turnRelativeTime } from './describe';
import { ScrubberFoot } from './ScrubberFoot';
import { MARKERS_HEIGHT, Track } from './Track';
import './scrubber.css';
import { getFrame } from '../../core/sse/frame-table';
import { Region } from '../shell/Region';

function useWidth(): [React.RefCallback<HTMLDivElement>, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    // With a ResizeObserver, its first report gives the width at the next rendering step. Reading clientWidth here
    // would force a layout of the whole page inside React's commit, a large part of the task that mounts the
    // scrubber on a large recording.
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

/** `foot` false: without its legend and scale (a narrow player shows ScrubberFoot under its sticky transport). */
export function Scrubber({ foot = true }: { foot?: boolean }) {
  const { t, lang } = useT();
  const actions = useActions();
  const session = usePlayer((s) => s.session);
  const frame = usePlayer((s) => s.frame);
  const allMarkers = usePlayer((s) => s.markers);
  // a tour's prediction not yet revealed: no marker after the current frame (they would give the answer away)
  const guarded = useLab((s) => predictionPending(s.tour));
  const markers = useMemo(() => (guarded ? allMarkers.filter((m) => m.frame <= frame) : allMarkers), [guarded, allMarkers, frame]);
  const hoveredFrames = usePlayer((s) => s.hoveredFrames);
  const scale = usePlayer((s) => s.scrubScale);
  const [ref, width] = useWidth();
  const [hoverX, setHoverX] = useState<number | null>(null);
  // details for the focused slider only when focus came from the keyboard (a click leaves focus on the slider,
  // and its details must not stay once the pointer has left the track)
  const [focused, setFocused] = useState(false);
  // Escape dismisses the details until the pointer moves or focus comes back (WCAG 1.4.13)
  const [dismissed, setDismissed] = useState(false);
  const tipId = useId();

  const n = session?.frames.count ?? 0;
  // recorded times, as the clock plays them with timing "recorded": only while the track is spaced by time (on 1M
  // frames they took 26 ms of the render that installs the session, for a scale off by default)
  const positions = useMemo(() => (session && scale === 'time' ? timePositions(playTimes(session, 'recorded')) : null), [session, scale]);
  const dragging = useRef(false);
  const seekAt = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    actions.seek(frameIndex(xToFrame(e.clientX - rect.left, n, width, positions)));
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    setHoverX(e.clientX - rect.left);
    setDismissed(false);
    if (positions && dragging.current) seekAt(e);
  };
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!positions || n === 0 || e.button !== 0) return;
    dragging.current = true;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    seekAt(e);
  };
  const onUp = () => {
    dragging.current = false;
  };
  const onLeave = () => {
    setHoverX(null);
    setFocused(false);
  };

  let tip: { x: number; lines: string[] } | null = null;
  if (session && n > 0 && !dismissed && (hoverX !== null || focused)) {
    const [from, to] = hoverX !== null ? columnFrames(hoverX, n, width, positions) : [frame, frame];
    const f = hoverX !== null ? xToFrame(hoverX, n, width, positions) : frame;
    const fr = getFrame(session.frames, f);
    const head = [
      t('app.frame.visible', { index: f, total: n }),
      t('app.frame.time', { ms: turnRelativeTime(session, f) }),
      fr?.event ?? '',
      t('app.frame.turn', { turn: (fr?.turn ?? 0) + 1 }),
      t(`app.kind.${frameKindAt(session.kinds, f)}`),
    ].join(' · ');
    const x = hoverX ?? frameToX(frame, n, width, positions);
    tip = { x, lines: [head, ...markersIn(markers, from, to).map((m) => markerText(m, session, t, lang))] };
  }
  const x = (f: number) => frameToX(f, n, width, positions);

  return (
    <Region className="ss-scrubber-wrap" aria-label={t('app.timeline')}>
      <div
        className={`ss-scrubber${positions ? ' ss-scrubber-time' : ''}`}
        ref={ref}
        data-scale={positions ? 'time' : 'frames'}
        onPointerMove={onMove}
        onPointerLeave={onLeave}
        onPointerDown={onDown}
        onPointerUp={onUp}
        onPointerCancel={onUp}
      >
        {session && width > 0 && <Track kinds={session.kinds} markers={markers} width={width} positions={positions} />}
        {session && hoveredFrames && n > 0 && width > 0 && (
          <div
            className="ss-scrub-hovered"
            aria-hidden="true"
            style={{
              left: x(hoveredFrames[0]) - 2,
              width: Math.max(4, x(hoveredFrames[1]) - x(hoveredFrames[0]) + 4),
            }}
          />
        )}
        {positions && session && n > 0 && width > 0 ? (
          <div className="ss-scrub-playhead" aria-hidden="true" style={{ left: x(frame) - 8, top: MARKERS_HEIGHT - 6 }} />
        ) : null}
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
          onFocus={(e) => {
            setFocused(typeof e.currentTarget.matches !== 'function' || e.currentTarget.matches(':focus-visible'));
            setDismissed(false);
          }}
          onBlur={() => setFocused(false)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && tip) {
              setDismissed(true);
              e.stopPropagation();
            } else if (e.key !== 'Escape' && e.key !== 'Tab') setFocused(true);
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
      {foot && <ScrubberFoot />}
    </Region>
  );
}
