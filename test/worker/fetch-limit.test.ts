// The size limit holds while a body arrives, not only by Content-Length: a real local HTTP server sends a body
// larger than the limit chunked (no Content-Length) and gzip-encoded (Content-Length = the small compressed size).
// The fetch worker's job and the page's fallback read stop at the limit with a TooLargeError (the download is
// cancelled: the server sees the connection go before it sent everything); the loader says so in the catalog's
// words and keeps the recording already shown.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readBodySliced, TooLargeError, type TextFetch } from '../../src/store/loader';
import { createPlayerStore } from '../../src/store/player';
import type { Analyzer } from '../../src/store/state';
import { fetchBytesJob, type FetchReply } from '../../src/worker/fetch.worker';
import { manualScheduler, twoTurnSession } from '../store/fixture';

const LIMIT = 256 * 1024;
const PIECE = new Uint8Array(64 * 1024).fill(0x61);
/** Pieces the chunked route sends in all: 4 MB, 16 times the limit. */
const PIECES = 64;
const GZIPPED = gzipSync(new Uint8Array(LIMIT * 8).fill(0x62));

let server: Server;
let base = '';
const sent = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    if (path === '/chunked') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      let n = 0;
      sent.set(path, 0);
      const write = () => {
        while (n < PIECES) {
          n++;
          sent.set(path, n);
          if (!res.write(PIECE)) return void res.once('drain', write);
        }
        res.end();
      };
      res.on('close', () => sent.set(path, n));
      write();
    } else if (path === '/gzip') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip', 'content-length': GZIPPED.length });
      res.end(GZIPPED);
    } else if (path === '/small') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(PIECE.subarray(0, 1000));
      res.end(PIECE.subarray(0, 24));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function job(path: string): Promise<FetchReply> {
  const replies: FetchReply[] = [];
  await fetchBytesJob({ url: `${base}${path}`, limit: LIMIT }, (reply) => replies.push(reply), fetch);
  expect(replies).toHaveLength(1);
  return replies[0] as FetchReply;
}

describe('the fetch worker counts bytes as they arrive', () => {
  test('a chunked body without Content-Length: stopped at the limit, named, and the download cancelled', async () => {
    expect(GZIPPED.length).toBeLessThan(LIMIT);
    const reply = await job('/chunked');
    expect(reply).toMatchObject({ ok: false, tooLarge: { limit: LIMIT } });
    expect(reply.ok === false && reply.tooLarge?.size).toBeUndefined();
    expect(reply.ok === false && reply.message).toContain('over the 0.3 MB limit');
    // the server did not get to send all 4 MB (it may have buffered a few pieces past the limit)
    await expect.poll(() => sent.get('/chunked') ?? 0).toBeLessThan(PIECES);
  });

  test('a gzip-encoded body whose Content-Length (compressed) is under the limit: the decoded bytes are counted', async () => {
    expect(await job('/gzip')).toMatchObject({ ok: false, tooLarge: { limit: LIMIT } });
  });

  test('a body under the limit arrives whole, its buffer exactly the body', async () => {
    const reply = await job('/small');
    expect(reply.ok).toBe(true);
    if (reply.ok) expect(reply.bytes.byteLength).toBe(1024);
  });
});

describe('the page fallback (no worker) counts too', () => {
  const pause = async () => undefined;
  test('chunked and gzipped bodies past the limit reject with a TooLargeError; a small one is read', async () => {
    for (const path of ['/chunked', '/gzip']) {
      const e = await readBodySliced(await fetch(`${base}${path}`), 0, pause, LIMIT).catch((x: unknown) => x);
      expect(e, path).toBeInstanceOf(TooLargeError);
      expect((e as TooLargeError).limit).toBe(LIMIT);
    }
    expect((await readBodySliced(await fetch(`${base}/small`), 0, pause, LIMIT)).byteLength).toBe(1024);
  });
});

describe('the loader names the limit and keeps the recording shown', () => {
  const INDEX = JSON.stringify({ recordings: [{ id: 'big', file: 'big.jsonl', group: 'lesson', title: { zh: '大', en: 'Big' } }] });
  function player(error: Error) {
    const fetchText: TextFetch = Object.assign(async () => INDEX, { bytes: async () => Promise.reject(error) });
    const session = twoTurnSession();
    const analyze: Analyzer = async () => ({ ok: true, session });
    return { store: createPlayerStore({ analyze, fetchText, scheduler: manualScheduler() }), session };
  }

  test('counted while arriving, and declared by Content-Length: each its own sentence; the session stays', async () => {
    for (const [error, key, params] of [
      [new TooLargeError(200 * 1024 * 1024), 'app.error.tooLargeWhileReading', { name: 'big.jsonl', limit: '200' }],
      [new TooLargeError(200 * 1024 * 1024, 463 * 1024 * 1024), 'app.error.tooLarge', { name: 'big.jsonl', limit: '200', size: '463' }],
    ] as const) {
      const { store, session } = player(error);
      await store.actions.loadRecording({ input: 'data: {}\n\n', name: 'first.sse' });
      expect(store.getState().session).toBe(session);
      await store.actions.loadRecording('big');
      expect(store.getState().status).toEqual({ kind: 'error', notice: { key, params } });
      expect(store.getState().session).toBe(session);
    }
  });

  test('an input over the limit (a kept file, an embedder) is refused before analysis, by its byte length', async () => {
    const { store, session } = player(new Error('unused'));
    await store.actions.loadRecording({ input: 'data: {}\n\n', name: 'first.sse' });
    await store.actions.loadRecording({ input: new Uint8Array(200 * 1024 * 1024 + 1), name: 'huge.sse' });
    expect(store.getState().status).toEqual({ kind: 'error', notice: { key: 'files.tooLarge', params: { name: 'huge.sse', size: '200.0', limit: 200 } } });
    expect(store.getState().session).toBe(session);
  });
});
