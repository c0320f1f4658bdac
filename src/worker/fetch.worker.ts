/**
 * A Web Worker that fetches one file and hands its bytes to the page without copying them (the buffer is
 * transferred): the response body is received, buffered and copied on this thread, never on the page's main thread
 * (where taking in a large body that is already there, from a local server or the cache, is one long task).
 *
 * Contract: answers one `{url, limit}` request (an absolute URL; `limit` in bytes) with `{ok: true, bytes}` or
 * `{ok: false, message}`; the messages are the page's own: `HTTP <status>`, the size limit, or the browser's fetch
 * error. The limit is checked against Content-Length and then against the bytes as they arrive (a gzipped or chunked
 * body declares no decoded size): past it, the download is cancelled and the reply carries `tooLarge` (the limit,
 * and the declared size when that refused it). Never leaves the page waiting: anything thrown becomes a reply.
 */
import { readBodyLimited, TooLargeError } from './readBody';

export interface FetchRequest {
  url: string;
  limit: number;
}
export type FetchReply = { ok: true; bytes: ArrayBuffer } | { ok: false; message: string; tooLarge?: { limit: number; size?: number } };

export async function fetchBytesJob(req: FetchRequest, post: (reply: FetchReply, transfer: Transferable[]) => void, fetchImpl: typeof fetch = fetch): Promise<void> {
  try {
    const res = await fetchImpl(req.url, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = await readBodyLimited(res, req.limit);
    // the transferred buffer must hold exactly the body (one streamed part may be a view into a larger one)
    const bytes = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? (body.buffer as ArrayBuffer) : body.slice().buffer;
    post({ ok: true, bytes }, [bytes]);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (e instanceof TooLargeError) post({ ok: false, message, tooLarge: { limit: e.limit, ...(e.size !== undefined && { size: e.size }) } }, []);
    else post({ ok: false, message }, []);
  }
}

// in a worker (not when a test imports this module): answer the one request
if (typeof WorkerGlobalScope !== 'undefined' && typeof self !== 'undefined' && self instanceof WorkerGlobalScope) {
  const scope = self as unknown as { postMessage(m: FetchReply, t: Transferable[]): void };
  self.addEventListener('message', (event: MessageEvent<FetchRequest>) => {
    void fetchBytesJob(event.data, (reply, transfer) => scope.postMessage(reply, transfer));
  });
}
