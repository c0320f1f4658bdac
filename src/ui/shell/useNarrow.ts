// Whether the player itself (not the window: an embed can sit in a narrow column of a wide page) is narrower than
// NARROW_PX, watched with a ResizeObserver. Below it the three panels become tabs.
import { useLayoutEffect, useState, type RefObject } from 'react';

export const NARROW_PX = 700;

export function useNarrow(ref: RefObject<HTMLElement | null>, limit = NARROW_PX): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const width = el.getBoundingClientRect().width;
      // a hidden player (width 0) keeps its last layout
      if (width > 0) setNarrow(width < limit);
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, limit]);
  return narrow;
}
