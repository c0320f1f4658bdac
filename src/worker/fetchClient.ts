/**
 * The page side of fetching a recording's bytes in a Web Worker (./fetch.worker.ts), so that taking in a large body
 * never runs on the page's main thread; the bytes arrive as a transferred buffer (no copy).
 *
 * Contract: `fetchBytesOffThread(url, signal, limit)` resolves with the bytes, rejects with an Error carrying the
 * worker's message (`HTTP 404`, the browser's fetch error), with a TooLargeError past the size limit (declared or
 * counted as the bytes arrived, ./readBody.ts), or with an AbortError when `signal`
 * aborts, and resolves with null when no worker can run here (none in this environment, or it failed to start): the
 * caller then fetches on the page. A relative URL is resolved against the page's address first. The worker is
 * always terminated once the promise settles.
 */
import type { FetchReply, FetchRequest } from './fetch.worker';
import { TooLargeError } from './readBody';

const defaultWorker = () => new Worker(new URL('./fetch.worker.ts', import.meta.url), { type: 'module', name: 'streamscope-fetch' });

export function fetchBytesOffThread(url: string, signal: AbortSignal, limit: number, create: () => Worker = defaultWorker): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('fetch cancelled', 'AbortError'));
    if (typeof Worker === 'undefined' && create === defaultWorker) return resolve(null);
    let worker: Worker;
    try {
      worker = create();
    } catch {
      return resolve(null);
    }
    const finish = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(new DOMException('fetch cancelled', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort);
    worker.addEventListener('message', (e: MessageEvent<FetchReply>) => {
      finish();
      const reply = e.data;
      if (reply.ok) resolve(new Uint8Array(reply.bytes));
      else if (reply.tooLarge) reject(new TooLargeError(reply.tooLarge.limit, reply.tooLarge.size));
      else reject(new Error(reply.message));
    });
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      finish();
      resolve(null);
    });
    const base = typeof location !== 'undefined' ? location.href : undefined;
    const request: FetchRequest = { url: new URL(url, base).href, limit };
    worker.postMessage(request);
  });
}
