// A static server for a built folder that compresses what a production host compresses (gzip, level 6, as nginx
// and most CDNs do by default), for loads timed under a throttled network: Vite's preview server sends every file
// uncompressed, which on a 1.6 Mbit/s link would time the bytes three times over. Text types only (scripts, styles,
// HTML, JSON, recordings, SVG); each file is compressed once and kept. 127.0.0.1 only; a path outside the folder is
// a 404.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.json', '.jsonl', '.svg']);

export interface GzipServer {
  base: string;
  close: () => Promise<void>;
}

/**
 * `cacheControl`: the header every response carries. 'no-cache' (the default) has a browser fetch every file again
 * each time; GitHub Pages sends 'max-age=600', which lets the iframes of one page share what the first one fetched.
 */
export async function serveGzip(dir: string, opts: { cacheControl?: string } = {}): Promise<GzipServer> {
  const cacheControl = opts.cacheControl ?? 'no-cache';
  const root = normalize(dir + sep);
  const cache = new Map<string, Uint8Array>();
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!path.startsWith(root)) return void res.writeHead(404).end();
    try {
      if (statSync(path).isDirectory()) path = join(path, 'index.html');
      const ext = extname(path);
      const body = readFileSync(path);
      const gzip = COMPRESSED.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      let out: Uint8Array = body;
      if (gzip) {
        out = cache.get(path) ?? gzipSync(body, { level: 6 });
        cache.set(path, out);
      }
      res.writeHead(200, {
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'content-length': out.length,
        'cache-control': cacheControl,
        ...(gzip && { 'content-encoding': 'gzip', vary: 'accept-encoding' }),
      });
      res.end(out);
    } catch {
      res.writeHead(404).end();
    }
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the gzip server has no port');
  return {
    base: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
