// The parse-attempt list of a long run (tens of thousands of attempts, e.g. parse-each-fragment on a long stream),
// virtualized with @tanstack/react-virtual (rows have variable heights: a long input or a failure's plain-words
// reason wraps). Loaded on first use (./AttemptList.tsx), so a first screen with a short run does not carry the
// virtualizer. The scroll box takes focus, so the keyboard scrolls it and Tab walks its rows.
//
// Seek path (see docs/performance.md): when the frame changes, the offset that brings the newest attempt into view
// is computed from the virtualizer's measurements (followRow) and given to the virtualizer before it picks its
// range, so this render already shows that row; a layout effect then writes scrollTop. Rows are measured only
// from ResizeObserver entries (measureRow), never by a synchronous layout read while React commits.
import { useCallback, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { Attempt, ATTEMPTS_VIEWPORT_PX, estimatedRowPx } from './AttemptRow';
import { isIn, type AttemptListProps } from './AttemptList';
import { followRow } from './follow';
import { useOnShown } from './onShown';

const OVERSCAN = 6;

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

export default function VirtualAttemptList({ run, count, frame, t, onSeek, labelledBy, hoveredFrames, onHoverFrames }: Required<AttemptListProps>) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const table = run.attempts;
  const v = useVirtualizer<HTMLDivElement, Element>({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => estimatedRowPx(table.ok[i] === 1),
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
  // shown again after a seek made while hidden: the offset written then did not take
  const shown = useOnShown((el) => {
    if (followed) el.scrollTop = applied.current = followed.top;
  });
  const setScroller = useCallback(
    (el: HTMLDivElement | null) => {
      scroller.current = el;
      applied.current = 0;
      return shown(el);
    },
    [shown],
  );
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
          const at = table.frame[item.index];
          return at !== undefined && item.index < count ? (
            <Attempt
              key={item.key}
              run={run}
              index={item.index}
              count={count}
              top={item.start}
              t={t}
              current={at === frame}
              linked={hoveredFrames ? isIn(at, hoveredFrames) : false}
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
