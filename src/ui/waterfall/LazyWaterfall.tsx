// The span waterfall, loaded on demand: it sits below the fold, so the first paint does not wait for its code.
// An empty placeholder holds its place until Waterfall.tsx and its d3 maths are imported (React.lazy), which
// happens when the section comes within a viewport's height of being seen (IntersectionObserver, LOAD_MARGIN), so a
// page nobody scrolls never fetches it and the code is there by the time the learner reaches it. Only near (not yet
// seen), it loads when the page is next idle (requestIdleCallback, at most IDLE_WAIT_MS later): on a course page of
// several players, the first view of each comes before the waterfall of any (docs/performance.md); once it is in
// view, at once. Once loaded, while
// the section is out of view it keeps the props it last showed, so seeking does not re-render a waterfall nobody
// sees; it catches up as soon as it is back in view. Without IntersectionObserver it loads at once.
import { memo, Suspense, useEffect, useRef, useState, type ReactElement } from 'react';
import type { WaterfallProps } from './Waterfall';
import { lazyView } from '../shell/lazyView';
import { whenIdle } from '../shell/whenIdle';

const Waterfall = memo(lazyView(() => import('./Waterfall'), (m) => m.Waterfall));

/** How far below (and above) the viewport the waterfall starts loading: one viewport height. */
export const LOAD_MARGIN = '100% 0px';
/** The longest a near waterfall waits for the page to be idle before it loads anyway. */
export const IDLE_WAIT_MS = 1500;

/** Space kept for the waterfall before it loads, so the page does not jump (about its usual height). */
const PLACEHOLDER_HEIGHT = '28rem';

interface Seen {
  /** The section is in (or near) the viewport now. */
  inView: boolean;
  /** It has been, at least once: the code is loaded. */
  loaded: boolean;
  /** The props it showed when it left the viewport. */
  frozen: WaterfallProps | null;
}

export function LazyWaterfall(props: WaterfallProps): ReactElement {
  const host = useRef<HTMLDivElement | null>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const [seen, setSeen] = useState<Seen>(() =>
    typeof IntersectionObserver === 'undefined' ? { inView: true, loaded: true, frozen: null } : { inView: false, loaded: false, frozen: null },
  );
  useEffect(() => {
    const el = host.current;
    if (!el || typeof IntersectionObserver === 'undefined') return undefined;
    const last = (entries: IntersectionObserverEntry[]) => entries[entries.length - 1]?.isIntersecting ?? false;
    // near the viewport: load the code once the page is idle; actually visible: at once, and follow the player (else
    // keep the last props shown)
    let cancelIdle: (() => void) | undefined;
    const near = new IntersectionObserver((entries) => {
      if (!last(entries) || cancelIdle) return;
      cancelIdle = whenIdle(() => setSeen((s) => (s.loaded ? s : { ...s, loaded: true })), IDLE_WAIT_MS);
    }, { rootMargin: LOAD_MARGIN });
    const visible = new IntersectionObserver((entries) => {
      const inView = last(entries);
      setSeen((s) => {
        if (inView) return s.inView ? s : { inView: true, loaded: true, frozen: null };
        return !s.inView && s.frozen ? s : { inView: false, loaded: s.loaded, frozen: latest.current };
      });
    });
    near.observe(el);
    visible.observe(el);
    return () => {
      cancelIdle?.();
      near.disconnect();
      visible.disconnect();
    };
  }, []);

  // space only (no region yet): the waterfall's own section names itself once it is there
  const placeholder = <div className="wf-placeholder" style={{ minHeight: PLACEHOLDER_HEIGHT }} />;
  const shown = seen.inView || !seen.frozen ? props : seen.frozen;
  return (
    <div className="wf-lazy" ref={host} data-in-view={seen.inView ? 'true' : 'false'}>
      {seen.loaded ? (
        <Suspense fallback={placeholder}>
          <Waterfall {...shown} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
