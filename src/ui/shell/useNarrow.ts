// Whether the player itself (not the window: an embed can sit in a narrow column of a wide page) is narrower than
// NARROW_PX, watched with a ResizeObserver. Below it the three panels become tabs.
// The first answer is a guess from the window's width, which reading does not lay the page out; the observer's first
// report comes after the first layout and before the first paint, and a wrong guess is corrected there at once
// (flushSync), so the wrong layout is never painted. Measuring in a layout effect instead forced the first layout of
// the whole page inside the task of React's first render, the longest task while a large recording opened.
import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

export const NARROW_PX = 700;
/** From this width the strategy code view fits beside the three panels as a fourth column. */
export const WIDE_PX = 1400;

const guess = (limit: number): boolean => typeof window !== 'undefined' && window.innerWidth > 0 && window.innerWidth < limit;

export function useNarrow(ref: RefObject<HTMLElement | null>, limit = NARROW_PX): boolean {
  const [narrow, setNarrow] = useState(() => guess(limit));
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = (width: number) => {
      // a hidden player (width 0) keeps its last layout
      if (width > 0) setNarrow(width < limit);
    };
    if (typeof ResizeObserver === 'undefined') {
      update(el.getBoundingClientRect().width);
      return;
    }
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.borderBoxSize[0];
      const width = box ? box.inlineSize : el.getBoundingClientRect().width;
      // before this frame is painted
      flushSync(() => update(width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, limit]);
  return narrow;
}
