// Every parse attempt so far, newest last, in a list virtualized with @tanstack/react-virtual (rows have variable
// heights: a long input or a failure's plain-words reason wraps). Each row names its frame and buffer, the input it
// saw, "parsed" or "failed" with the parser's own message and, for a failure, the plain-words reason. Clicking a
// row's label seeks to its frame; the scroll box takes focus, so the keyboard scrolls it and Tab walks its rows.
//
// Seek path (see docs/performance.md): when the frame changes, the offset that brings the newest attempt into view
// is computed from the virtualizer's measurements (followRow) and given to the virtualizer before it picks its
// range, so this render already shows that row; a layout effect then writes scrollTop. Rows are measured only
// from ResizeObserver entries (measureRow), never by a synchronous layout read while React commits.
import { memo, useCallback, useLayoutEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { FrameIndex, ParseAttempt, StrategyRun } from '../../../core/types';
import { attemptError, attemptInput } from '../../../core/session/view';
import type { Translate } from '../../../i18n';
import { explainParseFailure } from '../../conclusion/explain';
import { translateIsolated, translateNodes } from '../../i18n/parts';
import { followRow } from './follow';

const INPUT_PREVIEW = 400;
/** A row before it is measured: a parsed one is the label line and one line of input; a failed one adds the
 * parser's message and about two lines of plain-words reason. */
export const estimatedRowPx = (attempt: ParseAttempt | undefined): number => (attempt === undefined || attempt.ok ? 52 : 112);
/** Viewport before it is measured: the CSS height of `.ss-attempts-scroll` (18rem at 16 px). */
export const ATTEMPTS_VIEWPORT_PX = 288;
const OVERSCAN = 6;

export function bufferLabel(run: StrategyRun, attempt: ParseAttempt, t: Translate): ReactNode {
  const buffer = run.buffers[attempt.bufferId];
  if (!buffer || buffer.key === null)
    return attempt.key === null ? t('panels.buffers.shared') : translateIsolated(t, 'panels.buffers.key', { key: attempt.key }, ['key']);
  return translateIsolated(t, 'panels.buffers.call', { name: buffer.name ?? '?', id: buffer.callId ?? '?', key: buffer.key }, ['name', 'id', 'key']);
}

interface RowProps {
  run: StrategyRun;
  attempt: ParseAttempt;
  index: number;
  count: number;
  top: number;
  t: Translate;
  current: boolean;
  /** Its frame is lit from another panel (the store's hovered frames). */
  linked: boolean;
  onSeek: (frame: FrameIndex) => void;
  onHoverFrames: (range: [number, number] | null) => void;
  measure: (el: HTMLLIElement | null) => void;
}

const Attempt = memo(function Attempt({ run, attempt, index, count, top, t, current, linked, onSeek, onHoverFrames, measure }: RowProps) {
  const input = attemptInput(run, attempt);
  const shown = input.length > INPUT_PREVIEW ? `${input.slice(0, INPUT_PREVIEW)}…` : input;
  const error = attemptError(run, attempt);
  const why = attempt.ok ? null : explainParseFailure(input, error);
  return (
    <li
      ref={measure}
      data-index={index}
      aria-setsize={count}
      aria-posinset={index + 1}
      aria-current={current ? 'true' : undefined}
      className={`ss-attempt ${attempt.ok ? 'ss-ok' : 'ss-fail'}${current ? ' ss-current' : ''}${linked ? ' ss-linked' : ''}`}
      data-frame={attempt.frame}
      style={{ transform: `translateY(${top}px)` }}
      onMouseEnter={() => onHoverFrames([attempt.frame, attempt.frame])}
      onMouseLeave={() => onHoverFrames(null)}
    >
      <button
        type="button"
        className="ss-linkish"
        onClick={() => onSeek(attempt.frame)}
        onFocus={() => onHoverFrames([attempt.frame, attempt.frame])}
        onBlur={() => onHoverFrames(null)}
        title={t('panels.results.attempt.seek', { frame: attempt.frame })}
      >
        {translateNodes(t, 'panels.results.attempt', { frame: attempt.frame }, { buffer: bufferLabel(run, attempt, t) })}
      </button>{' '}
      <span className={`ss-status ${attempt.ok ? 'ss-ok' : 'ss-fail'}`}>
        <span aria-hidden="true">{attempt.ok ? '✓ ' : '✗ '}</span>
        <span>{t(attempt.ok ? 'panels.results.parsed' : 'panels.results.failed')}</span>
      </span>
      <code className="ss-attempt-input">{input === '' ? t('panels.results.emptyInput') : shown}</code>
      {error !== undefined ? <span className="ss-attempt-error">{error}</span> : null}
      {why ? <span className="ss-attempt-why">{t(why.key, why.params)}</span> : null}
    </li>
  );
});

/**
 * A row's height from its ResizeObserver entry; without one (the ref call during React's commit) the size known
 * so far or the estimate, so mounting rows never forces a layout.
 */
function measureRow(el: Element, entry: ResizeObserverEntry | undefined, v: Virtualizer<HTMLDivElement, Element>): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = Number(el.getAttribute('data-index'));
  return (Number.isInteger(index) ? v.itemSizeCache.get(v.options.getItemKey(index)) : undefined) ?? v.options.estimateSize(index);
}

/**
 * The scroll box's size from ResizeObserver entries only (the library's default also reads offsetHeight when it
 * mounts). A zero height (a hidden panel, or no layout at all as in jsdom) is ignored: the list keeps the last
 * known or initial viewport, so it still renders rows instead of none.
 */
function observeViewport(v: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void): () => void {
  const el = v.scrollElement;
  if (!el || typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1]?.contentRect;
    if (box && box.height > 0) cb({ width: Math.round(box.width), height: Math.round(box.height) });
  });
  observer.observe(el);
  return () => observer.disconnect();
}

const NO_HOVER = (): void => {};

export function AttemptList({ run, attempts, frame, t, onSeek, labelledBy, hoveredFrames, onHoverFrames = NO_HOVER }: {
  run: StrategyRun;
  attempts: readonly ParseAttempt[];
  frame: FrameIndex;
  t: Translate;
  onSeek: (frame: FrameIndex) => void;
  hoveredFrames?: readonly [number, number] | null;
  onHoverFrames?: (range: [number, number] | null) => void;
  /** Id of the heading that names the list. */
  labelledBy: string;
}) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const count = attempts.length;
  const v = useVirtualizer<HTMLDivElement, Element>({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => estimatedRowPx(attempts[i]),
    measureElement: measureRow,
    observeElementRect: observeViewport,
    overscan: OVERSCAN,
    initialRect: { width: 0, height: ATTEMPTS_VIEWPORT_PX },
  });

  // Follow the newest attempt when the frame moves (React's "adjust state while rendering"): the virtualizer is
  // given the new offset before it computes its range, so the row is in this render, not after a scroll event.
  // Until the reader scrolls by hand (pinned), a later render (rows measured by the ResizeObserver, taller than
  // estimated) follows again, so the newest row does not end up cut off at the bottom.
  const [followed, setFollowed] = useState<{ frame: number; count: number; top: number } | null>(null);
  const pinned = useRef(true);
  const seeked = followed === null || followed.frame !== frame || followed.count !== count;
  if (seeked) pinned.current = true;
  if (count > 0 && pinned.current) {
    const total = v.getTotalSize();
    const last = v.measurementsCache[count - 1];
    const viewport = v.scrollRect?.height || ATTEMPTS_VIEWPORT_PX;
    const top = last ? followRow(v.scrollOffset ?? 0, viewport, last, total) : 0;
    if (seeked || top !== followed.top) {
      v.scrollOffset = top;
      setFollowed({ frame, count, top });
    }
  }
  // What the element is scrolled to as far as we know (written here or reported by its scroll events), so a seek
  // writes scrollTop only when it has to and never reads it.
  const applied = useRef(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && followed && applied.current !== followed.top) {
      applied.current = followed.top;
      el.scrollTop = followed.top;
    }
  }, [followed]);
  const setScroller = useCallback((el: HTMLDivElement | null) => {
    scroller.current = el;
    applied.current = 0;
  }, []);
  const onScroll = useCallback((e: UIEvent<HTMLDivElement>) => {
    applied.current = e.currentTarget.scrollTop;
  }, []);
  const unpin = useCallback(() => {
    pinned.current = false;
  }, []);

  if (count === 0) return <p className="ss-muted">{t('panels.results.attempts.none')}</p>;
  const items = v.getVirtualItems();
  return (
    <div className="ss-attempts-scroll" ref={setScroller} onScroll={onScroll} onWheel={unpin} onPointerDown={unpin} onTouchStart={unpin} onKeyDown={unpin} role="group" aria-labelledby={labelledBy} tabIndex={0}>
      <ol className="ss-attempts" style={{ height: v.getTotalSize() }}>
        {items.map((item) => {
          const a = attempts[item.index];
          return a ? (
            <Attempt
              key={item.key}
              run={run}
              attempt={a}
              index={item.index}
              count={count}
              top={item.start}
              t={t}
              current={a.frame === frame}
              linked={hoveredFrames ? a.frame >= hoveredFrames[0] && a.frame <= hoveredFrames[1] : false}
              onSeek={onSeek}
              onHoverFrames={onHoverFrames}
              measure={v.measureElement}
            />
          ) : null;
        })}
      </ol>
    </div>
  );
}
