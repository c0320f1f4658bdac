// Fetching a recording's bytes in a Web Worker: the worker's job answers with the bytes (their buffer listed for
// transfer) or with the page's own messages; the page's client resolves, rejects, aborts (terminating the worker) and
// falls back (null) when no worker can run.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fetchBytesJob, type FetchReply, type FetchRequest } from '../../src/worker/fetch.worker';
import { fetchBytesOffThread } from '../../src/worker/fetchClient';

const LIMIT = 1024 * 1024;

const fakeFetch = (async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.endsWith('/ok.jsonl')) return new Response(Uint8Array.of(1, 2, 3), { status: 200 });
  if (url.endsWith('/big.jsonl')) return new Response('x', { status: 200, headers: { 'content-length': String(LIMIT * 3) } });
  if (url.endsWith('/offline.jsonl')) throw new TypeError('Failed to fetch');
  return new Response('no', { status: 404 });
}) as typeof fetch;

async function job(url: string) {
  const replies: { reply: FetchReply; transfer: Transferable[] }[] = [];
  await fetchBytesJob({ url, limit: LIMIT }, (reply, transfer) => replies.push({ reply, transfer }), fakeFetch);
  expect(replies).toHaveLength(1);
  return replies[0] as { reply: FetchReply; transfer: Transferable[] };
}

/** A stand-in Worker that runs the job on its own "thread" (a macrotask), replies through structured clone. */
class FakeWorker extends EventTarget {
  terminated = false;
  requests: FetchRequest[] = [];
  constructor(private readonly hold = false) {
    super();
  }
  postMessage(req: FetchRequest) {
    this.requests.push(req);
    if (this.hold) return;
    setTimeout(() => void fetchBytesJob(req, (reply, transfer) => this.dispatchEvent(new MessageEvent('message', { data: structuredClone(reply, { transfer }) })), fakeFetch), 0);
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('the fetch worker job', () => {
  test('the bytes, with their buffer to transfer', async () => {
    const { reply, transfer } = await job('http://h/ok.jsonl');
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(Array.from(new Uint8Array(reply.bytes))).toEqual([1, 2, 3]);
    expect(transfer).toEqual([reply.bytes]);
  });

  test('failures carry the page-side messages', async () => {
    expect((await job('http://h/missing.jsonl')).reply).toEqual({ ok: false, message: 'HTTP 404' });
    expect((await job('http://h/big.jsonl')).reply).toEqual({ ok: false, message: '3.0 MB, over the 1 MB limit', tooLarge: { limit: LIMIT, size: LIMIT * 3 } });
    expect((await job('http://h/offline.jsonl')).reply).toEqual({ ok: false, message: 'Failed to fetch' });
  });
});

describe('fetchBytesOffThread', () => {
  const signal = () => new AbortController().signal;

  test('resolves with the bytes and terminates the worker; a relative URL is resolved against the page', async () => {
    vi.stubGlobal('location', { href: 'http://h/app/index.html?rec=ok' });
    const worker = new FakeWorker();
    const bytes = await fetchBytesOffThread('./ok.jsonl', signal(), LIMIT, () => worker as unknown as Worker);
    expect(Array.from(bytes ?? [])).toEqual([1, 2, 3]);
    expect(worker.requests).toEqual([{ url: 'http://h/app/ok.jsonl', limit: LIMIT }]);
    expect(worker.terminated).toBe(true);
  });

  test("rejects with the worker's message", async () => {
    const worker = new FakeWorker();
    await expect(fetchBytesOffThread('http://h/missing.jsonl', signal(), LIMIT, () => worker as unknown as Worker)).rejects.toThrow('HTTP 404');
    expect(worker.terminated).toBe(true);
  });

  test('an abort rejects with an AbortError and terminates the worker', async () => {
    const worker = new FakeWorker(true);
    const ctl = new AbortController();
    const p = fetchBytesOffThread('http://h/ok.jsonl', ctl.signal, LIMIT, () => worker as unknown as Worker);
    ctl.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminated).toBe(true);
    const pre = new AbortController();
    pre.abort();
    await expect(fetchBytesOffThread('http://h/ok.jsonl', pre.signal, LIMIT, () => worker as unknown as Worker)).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('null (fetch on the page instead) when the worker cannot be created or fails to start', async () => {
    const throwing = () => {
      throw new Error('blocked by CSP');
    };
    await expect(fetchBytesOffThread('http://h/ok.jsonl', signal(), LIMIT, throwing)).resolves.toBeNull();
    const worker = new FakeWorker(true);
    const p = fetchBytesOffThread('http://h/ok.jsonl', signal(), LIMIT, () => worker as unknown as Worker);
    worker.dispatchEvent(new Event('error', { cancelable: true }));
    await expect(p).resolves.toBeNull();
    expect(worker.terminated).toBe(true);
    // no Worker in this environment (Node): the default creates none
    await expect(fetchBytesOffThread('http://h/ok.jsonl', signal(), LIMIT)).resolves.toBeNull();
  });
});
