/**
 * Reading a response body while counting its bytes, so a size limit holds whatever the headers say: a server that
 * compresses (Content-Encoding: gzip) or streams (chunked) sends no Content-Length for the decoded body, so only the
 * bytes as they arrive can be checked.
 *
 * Contract: `readBodyLimited(res, limit, opts?)` resolves with the whole body (one Uint8Array) once it is read, or
 * rejects with a `TooLargeError` as soon as more than `limit` bytes have arrived (the stream is cancelled then: no
 * more is downloaded) or when Content-Length already says more than `limit` (nothing is read). With `opts.pause`,
 * it awaits `pause()` after every `sliceMs` of reading (the page's main thread yields to other tasks). A body that
 * cannot be streamed is read whole and then checked. Used by the fetch worker and by the page's fallback path.
 */

/** A body over the size limit. `size` is the declared size (Content-Length) when that is what refused it. */
export class TooLargeError extends Error {
  override readonly name = 'TooLargeError';
  constructor(
    readonly limit: number,
    readonly size?: number,
  ) {
    const mb = (n: number) => (n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
    super(size === undefined ? `more than ${mb(limit)} MB arrived, over the ${mb(limit)} MB limit: reading stopped` : `${(size / (1024 * 1024)).toFixed(1)} MB, over the ${mb(limit)} MB limit`);
  }
}

export interface ReadOptions {
  sliceMs?: number;
  pause?: () => Promise<void>;
}

/** Throws a TooLargeError when Content-Length says more than `limit` (and cancels the body). */
export function checkDeclaredSize(res: Response, limit: number): void {
  const header = res.headers.get('content-length');
  const length = header === null ? Number.NaN : Number(header);
  // a compressed body's Content-Length is its compressed size: a lower bound of what arrives, still a refusal
  if (Number.isFinite(length) && length > limit) {
    void res.body?.cancel().catch(() => undefined);
    throw new TooLargeError(limit, length);
  }
}

export async function readBodyLimited(res: Response, limit: number, opts: ReadOptions = {}): Promise<Uint8Array> {
  checkDeclaredSize(res, limit);
  const reader = res.body?.getReader();
  if (!reader) {
    const whole = new Uint8Array(await res.arrayBuffer());
    if (whole.byteLength > limit) throw new TooLargeError(limit);
    return whole;
  }
  const parts: Uint8Array[] = [];
  let total = 0;
  const { pause, sliceMs = 8 } = opts;
  let since = performance.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      void reader.cancel().catch(() => undefined);
      throw new TooLargeError(limit);
    }
    parts.push(value);
    if (pause && performance.now() - since >= sliceMs) {
      await pause();
      since = performance.now();
    }
  }
  if (parts.length === 1 && parts[0]) return parts[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
