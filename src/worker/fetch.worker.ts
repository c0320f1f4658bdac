/**
 * A Web Worker that fetches one file and hands its bytes to the page without copying them (the buffer is
 * transferred): the response body is received, buffered and copied on this thread, never on the page's main thread
 * (where a 24 MB body already there took tasks of 25-45 ms to take in).
 *
 * Contract: answers one `{url, limit}` request (an absolute URL; `limit` in bytes) with `{ok: true, bytes}` or
 * `{ok: false, message}`; the messages are the page's own: `HTTP <status>`, `<size> MB, over the <limit> MB limit`, or
 * the browser's fetch error. Never leaves the page waiting: anything thrown becomes `{ok: false, message}`.
 */
export interface FetchRequest {
  url: string;
  limit: number;
}
export type FetchReply = { ok: true; bytes: ArrayBuffer } | { ok: false; message: string };

export async function fetchBytesJob(req: FetchRequest, post: (reply: FetchReply, transfer: Transferable[]) => void, fetchImpl: typeof fetch = fetch): Promise<void> {
  try {
    const res = await fetchImpl(req.url, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const length = Number(res.headers.get('content-length'));
    if (Number.isFinite(length) && length > req.limit) {
      void res.body?.cancel();
      throw new Error(`${(length / (1024 * 1024)).toFixed(1)} MB, over the ${req.limit / (1024 * 1024)} MB limit`);
    }
    const bytes = await res.arrayBuffer();
    post({ ok: true, bytes }, [bytes]);
  } catch (e) {
    post({ ok: false, message: e instanceof Error ? e.message : String(e) }, []);
  }
}

// in a worker (not when a test imports this module): answer the one request
if (typeof WorkerGlobalScope !== 'undefined' && typeof self !== 'undefined' && self instanceof WorkerGlobalScope) {
  const scope = self as unknown as { postMessage(m: FetchReply, t: Transferable[]): void };
  self.addEventListener('message', (event: MessageEvent<FetchRequest>) => {
    void fetchBytesJob(event.data, (reply, transfer) => scope.postMessage(reply, transfer));
  });
}
