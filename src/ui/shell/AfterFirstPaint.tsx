// Renders its children only after the frame in which it first mounted has been painted: for an area below the fold
// whose code need not be fetched before the page's first paint (the self-check footer), or whose render need not
// lengthen the first view's (a hidden tab's panel). With `now` it renders at once (the tab that is chosen), in the
// same place, so nothing remounts when `now` changes. Once shown, it stays. Until then, `fallback` (a placeholder
// that keeps the part's place) if given.
import { useEffect, useState, type ReactNode } from 'react';

export function AfterFirstPaint({ children, now = false, fallback = null }: { children: ReactNode; now?: boolean; fallback?: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      timer = setTimeout(() => setShown(true), 0);
    };
    // a task posted from an animation frame callback runs after that frame is painted
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(show) : (show(), undefined);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [shown]);
  return shown || now ? <>{children}</> : <>{fallback}</>;
}
