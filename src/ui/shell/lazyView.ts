// A view whose code loads on demand (React.lazy) and whose failed chunk can be fetched again. React.lazy keeps a
// rejected import for good, so an error boundary's Retry would show the same failure forever, and a browser keeps a
// failed module URL failed (core/retryImport.ts). A failed view stays failed (React's own re-renders must not fetch
// again and again) until `retryFailedViews()`, which the error boundary's Retry calls: each failed view then gets a
// fresh lazy component, whose import asks for the failed URL again under a new query.
import { createElement, lazy, type ComponentType } from 'react';
import { retryingImport } from '../../core/retryImport';

const failed = new Set<() => void>();

/** Lets every view whose code failed to load try again on its next render. */
export function retryFailedViews(): void {
  for (const renew of failed) renew();
  failed.clear();
}

/** A lazy view that can be asked for ahead of its first render (`preload`). */
export type PreloadableView<P> = ComponentType<P> & { preload(): Promise<void>; isReady(): boolean };

/** `lazyView(() => import('./X'), (m) => m.X)`: the view X, loaded on its first render. */
export function lazyView<M, P extends object>(importer: () => Promise<M>, pick: (m: M) => ComponentType<P>): PreloadableView<P> {
  const next = retryingImport(importer);
  // `preload` keeps the import it started for the first render; a view already in when it is first rendered is
  // rendered at once (a lazy component suspends on its first render even then: one frame without it)
  let loading: Promise<M> | null = null;
  let ready: ComponentType<P> | null = null;
  let rendered = false;
  const load = () =>
    (loading ??= next().then(
      (m) => {
        ready = pick(m);
        return m;
      },
      (e: unknown) => {
        loading = null;
        throw e;
      },
    ));
  const make = () =>
    lazy(() =>
      load().then(
        (m) => ({ default: pick(m) }),
        (e: unknown) => {
          failed.add(() => (view = make()));
          throw e;
        },
      ),
    );
  let view = make();
  const View = (props: P) => {
    // only before the lazy component has ever rendered: switching to the module's own component later would
    // mount the view afresh
    if (!rendered && ready) return createElement(ready, props);
    rendered = true;
    return createElement(view as ComponentType<P>, props);
  };
  View.preload = () => load().then(() => undefined);
  View.isReady = () => ready !== null;
  return View;
}
