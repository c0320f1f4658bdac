/**
 * A lazily imported chunk that a later call can fetch again after a failed fetch (an offline moment, a server
 * redeployed under the page).
 *
 * Why: a browser keeps a module whose fetch failed in its module map, so importing the same URL again fails at once,
 * with no request (Chromium 150 does, as the HTML standard long said; Debian's Chromium 156 fetches it again, where
 * the query below costs nothing). The URL a failed import names in its error (Chromium: "Failed to fetch
 * dynamically imported module: <url>", Firefox: "error loading dynamically imported module: <url>") is imported
 * again with a `retry=N` query: another module URL, so a new fetch; the chunks it imports are found relative to it,
 * without the query, so they are the page's own modules. When the error names no URL (Safari), the import itself is
 * called again, as before.
 *
 * Contract: `retryingImport(importer)` returns a function that imports like `importer` until one call fails, and
 * after that imports the failed URL with a new query each call, until one succeeds; from then on every call gives
 * that module. Callers keep their own "loading" promise (one call per attempt).
 *
 * The default importer is a native `import()` of a URL, marked for Vite and for webpack (a Docusaurus site bundles
 * the package with webpack, which would otherwise warn "Critical dependency" and replace it with a failing stub).
 *
 * In core, though it is no analysis, because every layer that loads code on demand imports it: the store (the lab's
 * store), the UI (lazily loaded views) and src/i18n (a language's strings), which may import only core.
 */

/** The module URL a failed dynamic import names, if its message names one. */
export function failedModuleUrl(e: unknown): string | undefined {
  const message = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
  const m = /dynamically imported module:?\s+(\S+)/i.exec(message);
  const url = m?.[1]?.replace(/[.,;)]+$/, '');
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** The URL of retry number `n` of `url`. */
export function retryUrl(url: string, n: number): string {
  const u = new URL(url);
  u.searchParams.set('retry', String(n));
  return u.href;
}

export function retryingImport<T>(importer: () => Promise<T>, importUrl: (url: string) => Promise<T> = (url) => import(/* webpackIgnore: true */ /* @vite-ignore */ url) as Promise<T>): () => Promise<T> {
  let failed: string | undefined;
  let attempt = 0;
  let loaded: T | undefined;
  const remember = (p: Promise<T>): Promise<T> =>
    p.then(
      (m) => {
        loaded = m;
        return m;
      },
      (e: unknown) => {
        failed ??= failedModuleUrl(e);
        throw e;
      },
    );
  return () => {
    if (loaded !== undefined) return Promise.resolve(loaded);
    if (failed === undefined) return remember(importer());
    attempt++;
    return remember(importUrl(retryUrl(failed, attempt)));
  };
}
