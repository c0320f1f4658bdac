/**
 * Fetching recordings for the loader: the size limit, a fetcher that can give a body's bytes undecoded (off the
 * page's main thread when a Web Worker can run), reading a body in slices that yield to the page, and a small cache.
 *
 * Contract: `defaultFetch(url, signal)` resolves to the body's text, `defaultFetch.bytes` to its bytes; both reject
 * with `HTTP <status>` for a failed response and with a TooLargeError for a body over MAX_RECORDING_BYTES: by
 * Content-Length before reading, and by the bytes counted as they arrive (a gzipped or chunked body declares no
 * decoded size), the download cancelled at the limit. `cachedFetch` keeps the last 8 bodies per kind, and shares a
 * request still in flight with a second ask for the same URL.
 */
import { fetchBytesOffThread } from '../worker/fetchClient';
import { checkDeclaredSize, readBodyLimited, TooLargeError } from '../worker/readBody';

import { MAX_RECORDING_BYTES } from './recordingLimit';

export { TooLargeError, MAX_RECORDING_BYTES };

/**
 * A text fetcher that may also give a file's bytes undecoded. A recording fetched as bytes is analysed exactly like
 * the same file opened from disk, and the page never decodes a large text on its main thread (`Response.text()`
 * decodes a whole response in one long task); the analysis worker decodes it.
 */
export interface TextFetch {
  (url: string, signal: AbortSignal): Promise<string>;
  /** `expected`: the size the recordings' index gives, when it gives one (a hint: the limit is still checked). */
  bytes?: (url: string, signal: AbortSignal, expected?: number) => Promise<Uint8Array>;
}

/** A recording at most this large (by the index's size) is fetched on the page: reading it takes no long task, and
 * starting a worker for it would take longer than the read. */
export const PAGE_FETCH_BYTES = 512 * 1024;

async function fetchOk(url: string, signal: AbortSignal): Promise<Response> {
  const res = await fetch(url, { signal, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  checkDeclaredSize(res, MAX_RECORDING_BYTES);
  return res;
}

/**
 * Resolves in a later macrotask (a zero-delay timer): what the caller does next runs in a task of its own. The
 * store's copy of worker/tasks.ts's (one import less between the page's first chunks: the shared module was a chunk
 * of its own).
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** Lets the page run other tasks: `scheduler.yield()` where the browser has it, else a posted message. */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return nextTask();
  return new Promise((r) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      r();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * A response's body read from its stream, yielding to the page after every `sliceMs` of reading (a large body that
 * is already there, from a local server or the cache, would be read by `Response.arrayBuffer()` in one long task),
 * and stopped with a TooLargeError once more than `limit` bytes have arrived.
 */
export function readBodySliced(res: Response, sliceMs = 8, pause: () => Promise<void> = yieldToPage, limit = MAX_RECORDING_BYTES): Promise<Uint8Array> {
  return readBodyLimited(res, limit, { sliceMs, pause });
}

const DECODER = new TextDecoder();

export const defaultFetch: TextFetch = Object.assign(async (url: string, signal: AbortSignal): Promise<string> => DECODER.decode(await readBodySliced(await fetchOk(url, signal))), {
  // in a Web Worker where one can run (nothing of the body on the page's main thread), else read here in slices; a
  // recording the index says is small is read here at once
  bytes: async (url: string, signal: AbortSignal, expected?: number): Promise<Uint8Array> =>
    (expected !== undefined && expected <= PAGE_FETCH_BYTES ? null : await fetchBytesOffThread(url, signal, MAX_RECORDING_BYTES)) ??
    readBodySliced(await fetchOk(url, signal)),
});

/**
 * Keeps the last few texts (and byte bodies) fetched, so re-analysing a shipped recording with other faults does not
 * fetch it again. The result can fetch bytes when `fetchText` can.
 */
export function cachedFetch(fetchText: TextFetch): TextFetch {
  const cached = <T>(get: (url: string, signal: AbortSignal, expected?: number) => Promise<T>) => {
    // by URL, the request itself: a body asked for again while still on its way shares that request (unless the one
    // who asked first gave up on it: its signal aborted before the body was in), and a failed one is forgotten, so
    // the next ask fetches again
    const cache = new Map<string, { value: Promise<T>; signal: AbortSignal; done: boolean }>();
    return (url: string, signal: AbortSignal, expected?: number): Promise<T> => {
      const hit = cache.get(url);
      if (hit !== undefined && (hit.done || !hit.signal.aborted)) return hit.value;
      const entry = { value: get(url, signal, expected), signal, done: false };
      cache.set(url, entry);
      entry.value.then(
        () => (entry.done = true),
        () => cache.get(url) === entry && cache.delete(url),
      );
      if (cache.size > 8) cache.delete(cache.keys().next().value as string);
      return entry.value;
    };
  };
  const text = cached((url, signal) => fetchText(url, signal));
  const { bytes } = fetchText;
  return bytes ? Object.assign(text, { bytes: cached(bytes) }) : text;
}
