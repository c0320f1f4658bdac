// A list kept mounted in a hidden tab panel (the narrow layout's tabs, shell/Panels.tsx) cannot be scrolled while it
// has no box: a seek made then leaves it at the top. `useOnShown(cb)` returns a callback ref that calls `cb` when the
// element gets a height again (and when it is first observed with one), from ResizeObserver entries, so nothing
// reads layout to find out. The ref returns its cleanup (React 19), which disconnects the observer.
import { useCallback, useRef } from 'react';

export function useOnShown(onShown: (el: HTMLElement) => void): (el: HTMLElement | null) => (() => void) | undefined {
  const latest = useRef(onShown);
  latest.current = onShown;
  return useCallback((el: HTMLElement | null) => {
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    let had = false;
    const observer = new ResizeObserver((entries) => {
      const has = (entries[entries.length - 1]?.contentRect.height ?? 0) > 0;
      if (has && !had) latest.current(el);
      had = has;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
}
