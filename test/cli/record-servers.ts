/**
 * Two local servers for the recorder's credential tests (127.0.0.1, port 0; two ports are two origins):
 * `a` echoes what it was sent in reads cut where a test wants them, and redirects; `b` only counts what reaches it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const KEY = 'sk-echo-0123456789abcdef';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const enc = new TextEncoder();

export interface Servers {
  a: string;
  b: string;
  /** Requests that reached b, with their headers. */
  bSeen: IncomingMessage['headers'][];
  /** Requests that reached a, with their method and path. */
  aSeen: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/** Writes `parts` one by one, each flushed as its own TCP segment with a pause between (so each is one read). */
async function writeParts(res: import('node:http').ServerResponse, parts: Uint8Array[]): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.flushHeaders();
  for (const p of parts) {
    res.write(p);
    await sleep(40);
  }
  res.end();
}

const concat = (...parts: (string | number[] | Uint8Array)[]): Uint8Array => {
  const bytes = parts.map((p) => (typeof p === 'string' ? enc.encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  let o = 0;
  for (const b of bytes) {
    out.set(b, o);
    o += b.length;
  }
  return out;
};

export async function startServers(): Promise<Servers> {
  const bSeen: IncomingMessage['headers'][] = [];
  const aSeen: Servers['aSeen'] = [];
  let bBase = '';
  const a: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      aSeen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      const key = String(req.headers['x-api-key'] ?? KEY);
      const url = new URL(req.url ?? '/', 'http://x');
      void (async () => {
        switch (url.pathname) {
          case '/split': {
            // the key echoed across two reads: "…sk-echo-01" | "23456789abcdef…"
            const at = 10;
            return writeParts(res, [enc.encode(`data: {"echo":"${key.slice(0, at)}`), enc.encode(`${key.slice(at)}"}\n\n`), enc.encode('data: [DONE]\n\n')]);
          }
          case '/invalid-utf8':
            // a read that is not valid UTF-8 on its own (it ends in the first byte of 日, and holds a stray 0xff),
            // with the key in it; then the rest of the character
            return writeParts(res, [concat('data: {"echo":"', [0xff], key, ' ', [0xe6]), concat([0x97, 0xa5], '"}\n\n'), enc.encode('data: [DONE]\n\n')]);
          case '/echo': {
            // every request header and the whole URL, cut into 7-byte reads
            const body = enc.encode(`data: ${JSON.stringify({ headers: req.headers, url: req.url })}\n\n`);
            const parts: Uint8Array[] = [];
            for (let i = 0; i < body.length; i += 7) parts.push(body.slice(i, i + 7));
            res.writeHead(200, { 'content-type': 'text/event-stream' });
            res.flushHeaders();
            for (const p of parts) {
              res.write(p);
              await sleep(2);
            }
            res.end('data: [DONE]\n\n');
            return;
          }
          case '/cross':
            res.writeHead(307, { location: `${bBase}/land?X-Amz-Signature=sig-from-redirect-0123` });
            return res.end();
          case '/same':
            res.writeHead(307, { location: '/split' });
            return res.end();
          default:
            res.writeHead(404);
            return res.end();
        }
      })();
    });
  });
  const b: Server = createServer((req, res) => {
    req.resume();
    bSeen.push(req.headers);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`data: ${JSON.stringify({ reached: 'b', headers: req.headers })}\n\ndata: [DONE]\n\n`);
  });
  for (const s of [a, b]) {
    s.on('connection', (socket) => socket.setNoDelay(true));
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  }
  const base = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  bBase = base(b);
  return {
    a: base(a),
    b: bBase,
    bSeen,
    aSeen,
    close: async () => {
      for (const s of [a, b]) {
        s.closeAllConnections();
        await new Promise<void>((r) => s.close(() => r()));
      }
    },
  };
}
