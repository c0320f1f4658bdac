// Renders its children in a task after the one in which it first mounted: a player's first render cut in parts, so
// that none is one long task (embed.html behind its poster, where nobody sees the half-rendered player).
// Until then it renders an empty marker, `data-ss-pending`, which tells the page the player is not all there yet
// (embed-main.tsx keeps the poster until no marker is left). With `now` it renders at once, in the same place, so
// nothing remounts when `now` changes. Once shown, it stays.
import { useEffect, useState, type ReactNode } from 'react';

export function NextTask({ children, now = false }: { children: ReactNode; now?: boolean }) {
  const [shown, setShown] = useState(now);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), 0);
    return () => clearTimeout(timer);
  }, [shown]);
  return shown || now ? <>{children}</> : <span data-ss-pending="" hidden />;
}
