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

/** `lazyView(() => import('./X'), (m) => m.X)`: the view X, loaded on its first render. */
export function lazyView<M, P extends object>(importer: () => Promise<M>, pick: (m: M) => ComponentType<P>): ComponentType<P> {
  const next = retryingImport(importer);
  const make = () =>
    lazy(() =>
      next().then(
        (m) => ({ default: pick(m) }),
        (e: unknown) => {
          failed.add(() => (view = make()));
          throw e;
        },
      ),
    );
  let view = make();
  return (props: P) => createElement(view as ComponentType<P>, props);
}
