/**
 * A server on 127.0.0.1 (port 0) for the recorder's safety tests, answering by path:
 * - `/sse`: a short SSE stream (two events and [DONE]);
 * - `/hold`: one SSE event, then nothing until `release()` (a recording in progress, for as long as a test needs);
 * - `/big-error?mb=N`: HTTP 500 with N MB of text (1 MB writes), then nothing until `release()`;
 * - `/escape-status`: written by hand on the socket (Node's own server refuses such a status line): HTTP 500 whose
 *   status text and body carry terminal sequences (clear screen, retitle, colour, CSI as C1, RLO, U+2028, U+200B);
 * - `/escape-type`: 200 whose Content-Type carries C1 CSI and RLO bytes (fetch reads header bytes as Latin-1).
 * `requests` counts what arrived, by path.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const EVIL = '\u001b[2J\u001b]0;pwned\u0007\u001b[31m FAKE OK';
export const EVIL_BODY = `{"error":"${EVIL} \u009b31m \u202eevil.exe \u2028 next\u200bline"}`;

export interface HostileServer {
  base: string;
  requests: string[];
  /** Lets every held response (`/hold`, `/big-error`) finish. */
  release(): void;
  close(): Promise<void>;
}

const event = (text: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text }, finish_reason: null }] })}\n\n`;

function rawAnswer(socket: Socket, path: string): void {
  if (path === '/escape-status') {
    const body = Buffer.from(EVIL_BODY, 'utf8');
    socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 500 ${EVIL}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`, 'latin1'), body]));
  } else {
    const body = Buffer.from(event('hi') + 'data: [DONE]\n\n');
    const type = Buffer.from('text/plain \u00c2\u009b2J \u00e2\u0080\u00ae', 'latin1');
    socket.end(Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: ', 'latin1'), type, Buffer.from(`\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`), body]));
  }
}

export async function startHostileServer(): Promise<HostileServer> {
  const requests: string[] = [];
  let released = false;
  const waiting: (() => void)[] = [];
  const held = () => (released ? Promise.resolve() : new Promise<void>((r) => waiting.push(r)));
  const respond = async (path: string, query: URLSearchParams, res: ServerResponse) => {
    if (path === '/sse' || path === '/hold') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(event('first'));
      if (path === '/hold') await held();
      res.end(event('second') + 'data: [DONE]\n\n');
    } else if (path === '/big-error') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      const mb = Buffer.alloc(1024 * 1024, 'overloaded   please\tretry\n');
      for (let i = 0; i < Number(query.get('mb') ?? 1); i++) {
        if (!res.write(mb)) await new Promise((r) => res.once('drain', r));
      }
      await held();
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname);
    req.resume();
    req.on('end', () => {
      if (url.pathname.startsWith('/escape-')) rawAnswer(req.socket, url.pathname);
      else void respond(url.pathname, url.searchParams, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    release: () => {
      released = true;
      for (const r of waiting.splice(0)) r();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
