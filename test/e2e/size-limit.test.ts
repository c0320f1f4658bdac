// The page's 200 MB limit counted while a recording arrives, in Chromium (docs/hostile-inputs.md, "Size limits
// while reading").
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, watchErrors, ready, theBrowser, withBrowser } from './browser';

withBrowser();

// The size limit while reading, in Chromium: a server in front of the built app (every other path passed through)
// sends a recording past the 200 MB limit chunked with no Content-Length, and gzip-encoded with the compressed size
// as Content-Length (far under the limit). The fetch worker counts the bytes as they arrive and stops.
describe('a recording past the size limit while it arrives', () => {
  const LIMIT = 200 * 1024 * 1024;
  const LINE = `${JSON.stringify([1, 'chunk', 'data: {"choices":[{"index":0,"delta":{"content":"x"}}]}\n\n'])}\n`;
  const BLOCK = Buffer.from(LINE.repeat(Math.floor((1024 * 1024) / LINE.length)));
  const HEAD = Buffer.from('{"streamscope":1,"wire":"openai-chat"}\n[0,"req",{}]\n');
  /** Blocks in the gzip-encoded body: 64 MB past the limit. */
  const BLOCKS = Math.ceil((LIMIT + 64 * 1024 * 1024) / BLOCK.length);
  /** Blocks the chunked body would send if nobody stopped it: 1 GB past the limit (the same block again, so no memory),
   * so a download cancelled late on a busy machine (a full e2e run once saw all of 64 MB past the limit sent) still shows as
   * cancelled, and one never cancelled does not. */
  const CHUNKED_BLOCKS = Math.ceil((LIMIT + 1024 * 1024 * 1024) / BLOCK.length);
  let gzipped: Buffer;
  let proxy: Server;
  let base = '';
  let chunkedSent = 0;

  beforeAll(async () => {
    const parts: Buffer[] = [];
    const gz = createGzip({ level: 1 });
    gz.on('data', (b: Buffer) => parts.push(b));
    const done = new Promise((r) => gz.on('end', r));
    gz.write(HEAD);
    for (let i = 0; i < BLOCKS; i++) gz.write(BLOCK);
    gz.end();
    await done;
    gzipped = Buffer.concat(parts);
    proxy = createServer((req, res) => {
      const path = req.url ?? '/';
      if (path.startsWith('/recordings/__big-chunked.jsonl')) {
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        res.write(HEAD);
        let n = 0;
        let closed = false;
        res.on('close', () => (closed = true));
        const write = () => {
          while (!closed && n < CHUNKED_BLOCKS) {
            n++;
            chunkedSent = n;
            if (!res.write(BLOCK)) return void res.once('drain', write);
          }
          res.end();
        };
        write();
        return;
      }
      if (path.startsWith('/recordings/__big-gzip.jsonl')) {
        res.writeHead(200, { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip', 'content-length': gzipped.length });
        res.end(gzipped);
        return;
      }
      void fetch(appUrl(path.slice(1))).then(async (r) => {
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/octet-stream' });
        res.end(Buffer.from(await r.arrayBuffer()));
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;
  }, 60_000);

  afterAll(async () => {
    proxy.closeAllConnections();
    await new Promise((r) => proxy.close(r));
  });

  test('chunked (no Content-Length) and gzip-encoded (compressed Content-Length): stopped at the limit, named, the previous recording kept', async () => {
    expect(gzipped.length).toBeLessThan(LIMIT / 50);
    const page = await theBrowser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${base}?lang=en&rec=agent-run`);
    await ready(page);
    const frames = await page.locator('input[type=range]:not([disabled])').first().getAttribute('max');
    for (const name of ['__big-chunked.jsonl', '__big-gzip.jsonl']) {
      await page.evaluate((rec) => {
        history.pushState(null, '', `?lang=en&rec=${rec}`);
        dispatchEvent(new PopStateEvent('popstate'));
      }, name);
      // the values are shown bidi-isolated (U+2068 ... U+2069)
      const alert = page.getByRole('alert').filter({ hasText: /MB limit while it was arriving/ });
      await alert.waitFor({ timeout: 45_000 });
      await expect.poll(() => alert.textContent()).toMatch(new RegExp(`^\u2068?${name.replace('.', '\\.')}\u2069? passed the \u2068?200\u2069? MB limit`));
      // the recording shown before is still there, its slider usable
      await expect.poll(() => page.locator('input[type=range]:not([disabled])').first().getAttribute('max')).toBe(frames);
    }
    // the worker cancelled the download: the server did not get to send everything
    expect(chunkedSent).toBeLessThan(CHUNKED_BLOCKS);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
