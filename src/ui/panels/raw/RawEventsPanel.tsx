// Panel (1), raw events: a virtualized list, one row per frame (index, turn-relative time, event type, kind glyph,
// chunk marks, data preview), the current row highlighted and kept in view, and the current frame expanded below.
// Clicking a row seeks to it.
//
// Rows have one fixed height (listWindow.ts), so a seek computes the new scroll offset and the rows to render in
// the same render, with no measuring: the only DOM access per seek is writing scrollTop when the current row was
// out of view. The viewport height is measured by a ResizeObserver, only when it changes. After a far jump (every
// row rewritten) the seek's own frame lays out only the rows in view; the rows beyond each edge, there for a scroll
// that has not happened, follow when the page is next idle. The current frame's detail below the list is fetched
// after the player's first paint and follows a seek one painted frame later (shell/useAfterPaint.ts).
import { Fragment, memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type UIEvent } from 'react';
import { frameIndex, type FrameIndex, type Session } from '../../../core/types';
import type { PanelProps } from '../types';
import type { Translate } from '../../../i18n';
import { formatNumber, isolate, type Lang } from '../../../i18n';
import { translateIsolated } from '../../i18n/parts';
import { DEFAULT_VIEWPORT_PX, OVERSCAN, followFrame, rowStep, totalHeight, visibleRows, windowCapacity, windowPlacement } from './listWindow';
import { payloadPieces, previewText, type PreviewPiece } from './payload';
import { KIND_GLYPH, chunkInfo, columnWidths, latestTurnMs, turnRelativeMs } from './rows';
import '../panels.css';
import { getFrame } from '../../../core/sse/frame-table';
import { frameKindAt, signalsAt } from '../../../core/wire/signal-table';
import { Region } from '../../shell/Region';
import { SEEKS_IDLE_MS, SEEKS_QUIET_MS, whenQuietThenIdle } from '../../shell/whenIdle';
import { AfterFirstPaint } from '../../shell/AfterFirstPaint';
import { LazyPanelPart } from '../../shell/ErrorBoundary';
import { lazyView } from '../../shell/lazyView';
import { useAfterPaint } from '../../shell/useAfterPaint';

/** The characters the time column's 5.5em holds in the list's monospace font. */
const TIME_CHARS = 9;

// the current frame's detail sits below the list: its code (and the pretty-printing it alone uses) is fetched just
// after the player's first paint, not before it; a chunk that does not arrive is a notice with a retry in its place
const FrameDetail = lazyView(() => import('./FrameDetail'), (m) => m.FrameDetail);
/** Its place, kept while its code loads (about its usual height): the page below does not move up and back (a
 * waterfall further down would come near the viewport and load for nothing). A component, not one shared element:
 * every player on a page renders its own. */
const DetailWait = () => <div className="ss-frame-detail ss-frame-detail-wait" aria-hidden="true" />;

interface RowProps {
  session: Session;
  index: number;
  current: boolean;
  hovered: boolean;
  lang: Lang;
  t: Translate;
  onSeek: (frame: FrameIndex) => void;
  onHoverFrames: (range: [number, number] | null) => void;
}

/** The preview's pieces: the app's words plain, what the stream carried isolated (<bdi>). */
function Preview({ pieces }: { pieces: readonly PreviewPiece[] }) {
  return pieces.map((p, i) => (
    <Fragment key={i}>
      {i > 0 ? ' · ' : ''}
      {p.label}
      {p.label && p.value !== undefined ? ' ' : ''}
      {p.value !== undefined ? <bdi>{p.value}</bdi> : null}
    </Fragment>
  ));
}

/** An event name with nothing that bidi isolation could change (no right-to-left letter, no direction control): the
 * row's hidden name is then one text node; any other name is isolated (<bdi>), so a recorded override cannot reorder
 * the words around it. (Two more nodes per row were a tenth of the rows' layout in every seek.) */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Recorded text for a tooltip (one string: no <bdi> there): isolated (U+2068 ... U+2069) unless printable ASCII. */
const bidiSafe = (text: string): string => (PRINTABLE_ASCII.test(text) ? text : isolate(text));

const Row = memo(function Row({ session, index, current, hovered, lang, t, onSeek, onHoverFrames }: RowProps) {
  const frame = getFrame(session.frames, index);
  if (!frame) return null;
  const kind = frameKindAt(session.kinds, index);
  const time = formatNumber(lang, turnRelativeMs(session, frame), 1);
  const chunks = chunkInfo(session.frames, index);
  const marks = `${chunks?.split ? '⇹' : ''}${chunks?.shared ? '▤' : ''}`;
  const params = { index, time, event: frame.event, kind: t(`panels.raw.kind.${kind}`) };
  const words = t('panels.raw.row', params);
  const pieces = payloadPieces(session.wire, signalsAt(session.signals, index), frame.data);
  // the tooltip: the app's words and what the stream carried, each recorded part isolated
  const tip = [
    PRINTABLE_ASCII.test(frame.event) ? words : t('panels.raw.row', { ...params, event: isolate(frame.event) }),
    previewText(pieces, bidiSafe),
    chunks?.split ? t('panels.raw.chunk.split', { first: chunks.first, last: chunks.last }) : '',
  ];
  // Named in words ("Frame 12, 1,543.0 ms, content_block_start, tool arguments") by a visually hidden span, the
  // visible cells being hidden from assistive technology (no aria-label, so the name never disagrees with the
  // visible text); the payload and the split, if any, are its tooltip and description. One Tab stop for the list
  // (roving tabindex): only the current row is tabbable.
  return (
    <button
      type="button"
      className={`ss-raw-row ss-kind-${kind}${current ? ' ss-current' : ''}${hovered ? ' ss-hovered' : ''}${chunks?.newChunk ? ' ss-chunk-start' : ''}`}
      aria-current={current ? 'true' : undefined}
      tabIndex={current ? 0 : -1}
      title={tip.filter(Boolean).join(' · ')}
      data-frame={index}
      onClick={() => onSeek(frame.index)}
      onMouseEnter={() => onHoverFrames([index, index])}
      onMouseLeave={() => onHoverFrames(null)}
      onFocus={() => onHoverFrames([index, index])}
      onBlur={() => onHoverFrames(null)}
    >
      <span className="ss-visually-hidden">{PRINTABLE_ASCII.test(frame.event) ? words : translateIsolated(t, 'panels.raw.row', params, ['event'])}</span>
      <span className="ss-raw-glyph" title={t(`panels.raw.kind.${kind}`)} aria-hidden="true">
        {KIND_GLYPH[kind]}
      </span>
      <span className="ss-raw-index" aria-hidden="true">{index}</span>
      <span className="ss-raw-time" aria-hidden="true">{time}</span>
      <span className="ss-raw-event" aria-hidden="true">{frame.event}</span>
      <span className="ss-raw-marks" aria-hidden="true">
        {marks}
      </span>
      <span className="ss-raw-data" aria-hidden="true">
        <Preview pieces={pieces} />
      </span>
    </button>
  );
});

/** The list's viewport height: measured when it changes (ResizeObserver), never during a seek. */
function useViewportHeight(): [(el: HTMLDivElement | null) => void, number] {
  const [height, setHeight] = useState(DEFAULT_VIEWPORT_PX);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver((entries) => {
      const h = entries[0]?.contentRect.height;
      if (h !== undefined && h > 0) setHeight(h);
    });
    observer.current.observe(el);
  }, []);
  return [ref, height];
}

interface Scroll {
  /** The offset the list is rendered for (and the element is scrolled to). */
  top: number;
  /** The frame, session and viewport height it was last made to follow. */
  frame: number;
  session: Session;
  viewport: number;
  /** Rows rendered beyond each edge of the viewport: none right after a far jump, OVERSCAN once the page was idle. */
  overscan: number;
  /** The row whose slot (key) is 0: the first row in view after the last far jump. */
  base: number;
}

const NO_HOVER = (): void => {};

/** The rendered rows' box, at row `start`'s place (listWindow's windowPlacement). */
function windowStyle(start: number, count: number): CSSProperties {
  const { offset, overlap } = windowPlacement(start, count);
  const style: CSSProperties & Record<'--ss-raw-overlap', string> = { transform: `translateY(${offset}px)`, '--ss-raw-overlap': `${overlap}px` };
  return style;
}

const RawList = memo(function RawList({ session, frame, lang, t, onSeek, hoveredFrames, onHoverFrames = NO_HOVER }: Pick<PanelProps, 'session' | 'frame' | 'lang' | 't' | 'onSeek' | 'hoveredFrames' | 'onHoverFrames'>) {
  const count = session.frames.count;
  const widths = useMemo(() => columnWidths(session.frames), [session.frames]);
  // the time column widens only for times longer than its 5.5em holds ("99,952,600.0" in a 28-hour recording)
  const latest = useMemo(() => latestTurnMs(session), [session]);
  const timeChars = formatNumber(lang, latest, 1).length;
  const [measureRef, viewport] = useViewportHeight();
  const el = useRef<HTMLDivElement | null>(null);
  const setRef = useCallback(
    (node: HTMLDivElement | null) => {
      el.current = node;
      measureRef(node);
    },
    [measureRef],
  );
  const [scroll, setScroll] = useState<Scroll>(() => ({ top: followFrame(0, viewport, frame, count), frame, session, viewport, overscan: OVERSCAN, base: 0 }));
  let current = scroll;
  if (scroll.frame !== frame || scroll.session !== session || scroll.viewport !== viewport) {
    // Follow the frame during render (React's "adjust state while rendering"): this render already shows its row.
    // A new viewport height (first measured, or resized) follows again, so the current row is never half hidden.
    const from = scroll.session === session ? scroll.top : 0;
    const top = followFrame(from, viewport, frame, count);
    // A jump past the overscan rewrites every row: render only the rows in view now (about half of them, and most of
    // a seek's layout), the rest when the page is idle. A step or a short move keeps them: it rewrites a few rows.
    const far = Math.abs(top - from) > OVERSCAN * rowStep(count);
    const base = far ? visibleRows(top, viewport, count, 0)[0] : scroll.session === session ? scroll.base : 0;
    current = { top, frame, session, viewport, overscan: far ? 0 : scroll.overscan, base };
    setScroll(current);
  }
  // after a far jump, the rows beyond the viewport come back once no seek has come for SEEKS_QUIET_MS (a drag or
  // playback keeps them away: each of its frames would pay for rows the next jump drops), in the next idle moment
  useEffect(() => {
    if (current.overscan === OVERSCAN) return;
    return whenQuietThenIdle(() => setScroll((s) => (s.overscan === OVERSCAN ? s : { ...s, overscan: OVERSCAN })), SEEKS_QUIET_MS, SEEKS_IDLE_MS);
  }, [current.overscan, current.top]);
  // What the element is scrolled to, as far as we know: written by us or reported by its scroll events.
  const applied = useRef(0);
  useLayoutEffect(() => {
    const node = el.current;
    if (node && applied.current !== current.top) {
      applied.current = current.top;
      node.scrollTop = current.top;
    }
  }, [current.top]);
  const onScroll = useCallback((e: UIEvent<HTMLDivElement>) => {
    const top = e.currentTarget.scrollTop;
    applied.current = top;
    setScroll((s) => (s.top === top ? s : { ...s, top }));
  }, []);

  const [start, end] = visibleRows(current.top, viewport, count, current.overscan);
  // Keyed by slot, not by frame: a jump re-uses the same buttons with new text instead of replacing them, all of them
  // (the slots count from the first row in view after it, so the rows in view are slots 0 to n-1 after every far
  // jump; counted from frame 0, a jump kept about half and made the rest anew). The slots are the full window's,
  // with its overscan, so a row keeps its key (and focus) when the overscan rows come back, and a scroll by one row
  // moves one button.
  const slots = windowCapacity(viewport, count);
  const rows = [];
  for (let i = start; i < end; i++) {
    rows.push(<Row key={(((i - current.base) % slots) + slots) % slots} session={session} index={i} current={i === frame} hovered={hoveredFrames ? i >= hoveredFrames[0] && i <= hoveredFrames[1] : false} lang={lang} t={t} onSeek={onSeek} onHoverFrames={onHoverFrames} />);
  }
  // Up / Down move through the rows (Left / Right step frames everywhere in the player); focus follows the
  // current row when it was inside the list.
  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      e.preventDefault();
      const next = Math.min(count - 1, Math.max(0, frame + (e.key === 'ArrowDown' ? 1 : -1)));
      if (next !== frame) onSeek(frameIndex(next));
    },
    [count, frame, onSeek],
  );
  useEffect(() => {
    const node = el.current;
    if (!node || !node.contains(document.activeElement)) return;
    const row = node.querySelector<HTMLElement>('[aria-current="true"]');
    if (row && row !== document.activeElement) row.focus({ preventScroll: true });
  }, [frame]);
  return (
    <div
      className="ss-raw-scroll"
      ref={setRef}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      aria-label={t('panels.raw.list')}
      role="group"
      style={{ '--ss-raw-index-ch': `${widths.index}ch`, '--ss-raw-event-ch': `${widths.event}ch`, ...(timeChars > TIME_CHARS && { '--ss-raw-time-w': `${timeChars}ch` }) } as CSSProperties}
    >
      <div className="ss-raw-rows" style={{ height: totalHeight(count) }}>
        {/* the rows in flow inside one moved box: a jump moves one box, not every row (a row each with its own
            transform was a layer each to update and paint in every seek) */}
        <div className="ss-raw-window" style={windowStyle(start, count)}>
          {rows}
        </div>
      </div>
    </div>
  );
});

export function RawEventsPanel({ session, frame, lang, t, theme, onSeek, hoveredFrames, onHoverFrames }: PanelProps) {
  const count = session.frames.count;
  // the detail below the list follows a painted frame later: a seek's own frame is the list's and the other panels'
  const current = getFrame(session.frames, useAfterPaint(frame, session));
  return (
    <Region className="ss-panel ss-raw" aria-label={t('panels.raw.title')}>
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
          <RawList session={session} frame={frame} lang={lang} t={t} onSeek={onSeek} hoveredFrames={hoveredFrames ?? null} {...(onHoverFrames ? { onHoverFrames } : {})} />
          {current ? (
            <AfterFirstPaint fallback={<DetailWait />}>
              <LazyPanelPart areaKey="app.area.frameDetail" t={t} fallback={<DetailWait />}>
                <FrameDetail session={session} frame={current} t={t} theme={theme} />
              </LazyPanelPart>
            </AfterFirstPaint>
          ) : null}
        </>
      )}
    </Region>
  );
}

