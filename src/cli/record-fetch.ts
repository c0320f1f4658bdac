/**
 * The recorder's request: fetch with redirects followed by hand, so that credentials never leave for another origin.
 *
 * Contract: `fetchFollowing(url, init, hooks)` sends the request with `redirect: 'manual'` and follows up to
 * MAX_REDIRECTS redirects (301, 302, 303, 307, 308 with a Location) itself: 303, and 301/302 after a POST, go on
 * as GET without a body (as fetch does); 307/308 keep the method and body. A redirect to another origin (scheme,
 * host or port differ from the first URL's) is not followed when `hooks.credentialed` (the request carries a
 * credential header): the result is `{kind: 'refused'}` with the 3xx response and where it pointed, and nothing is
 * sent there. Without credentials it is followed. `hooks.onHop` sees each URL before it is requested (the recorder
 * adds its credential values to what it scrubs). Errors of fetch (network, abort) are thrown as fetch throws them.
 */
export const MAX_REDIRECTS = 10;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface Hop {
  status: number;
  to: URL;
}

export type Fetched =
  | { kind: 'response'; res: Response; hops: Hop[] }
  | { kind: 'refused'; res: Response; to: URL; hops: Hop[] }
  | { kind: 'too-many'; res: Response; hops: Hop[] };

export interface FetchHooks {
  credentialed: boolean;
  onHop?: (hop: Hop) => void;
}

export async function fetchFollowing(url: URL, init: { method: string; headers: Headers; body: string | null; signal: AbortSignal }, hooks: FetchHooks): Promise<Fetched> {
  const origin = url.origin;
  let current = url;
  let method = init.method;
  let body = init.body;
  const headers = new Headers(init.headers);
  const hops: Hop[] = [];
  for (;;) {
    const res = await fetch(current, { method, headers, body, signal: init.signal, redirect: 'manual' });
    const location = res.headers.get('location');
    if (!REDIRECTS.has(res.status) || location === null) return { kind: 'response', res, hops };
    let to: URL;
    try {
      to = new URL(location, current);
    } catch {
      return { kind: 'response', res, hops };
    }
    if (to.protocol !== 'http:' && to.protocol !== 'https:') return { kind: 'response', res, hops };
    const hop = { status: res.status, to };
    if (to.origin !== origin && hooks.credentialed) {
      await res.body?.cancel().catch(() => {});
      return { kind: 'refused', res, to, hops };
    }
    if (hops.length >= MAX_REDIRECTS) {
      await res.body?.cancel().catch(() => {});
      return { kind: 'too-many', res, hops };
    }
    await res.body?.cancel().catch(() => {});
    hops.push(hop);
    hooks.onHop?.(hop);
    if (res.status === 303 ? method !== 'HEAD' : (res.status === 301 || res.status === 302) && method === 'POST') {
      method = 'GET';
      body = null;
      headers.delete('content-type');
      headers.delete('content-length');
    }
    current = to;
  }
}
