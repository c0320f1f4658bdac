/**
 * The recording proxy: an HTTP server on 127.0.0.1 that any agent can point its base URL at; every request goes on
 * to the upstream and comes back as one turn of a recording (docs/recording.md).
 *
 * Contract: `startProxy(options, io)` never throws. It checks that `--out` does not exist, listens (a port in use,
 * or one that needs privileges, or a --listen that is not this machine's: `{ok: false}` with one line, exit 2, and
 * nothing is written), creates the file (exclusively) and resolves to a handle with the port. Each request is an
 * Exchange (proxy-exchange.ts); the header (provenance `captured`: the upstream's host, the first client's
 * User-Agent, `--title`, `--note`) is written when the first request arrives, and times count from then.
 * `stop(note)` stops listening, ends every turn still open `aborted` with the note (Ctrl-C: "interrupted
 * (Ctrl-C)"), closes every connection, closes the file (the final credential check, proxy-file.ts) and resolves to
 * the exit code and one line: 0 with the turns recorded; 1 when no request came (the empty file is removed) or a
 * credential value was still in the file (removed). Every line for the terminal goes through `io.log`.
 */
import { Agent as HttpAgent, createServer, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { AddressInfo, LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { WireId } from '../core/types';
import type { ProxyOptions } from './proxy-args';
import { Exchange, type ExchangeContext } from './proxy-exchange';
import { ProxyFile } from './proxy-file';
import { ToolClock } from './proxy-tools';
import { checkOut } from './record-out';
import { redactUrl } from './record-redact';

export interface ProxyIo {
  /** One line for the terminal (stderr in the CLI), without its newline. */
  log(line: string): void;
  /** Name resolution for the upstream (tests replace it; default: the system's). */
  lookup?: LookupFunction;
}

export interface ProxyResult {
  exitCode: number;
  message: string;
  turns: number;
  toolTimes: number;
}

export interface RunningProxy {
  port: number;
  /** The base URL to give the client: http://HOST:PORT */
  url: string;
  stop(note?: string): Promise<ProxyResult>;
  /** The performance.now() the recording's times count from (the first request's arrival), once there is one. */
  origin(): number | undefined;
}

export type Started = { ok: true; proxy: RunningProxy } | { ok: false; exitCode: number; message: string };

/** Loopback only: this machine's own programs can reach it, no other. */
const loopback = (host: string): boolean => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** The path a request of this wire goes to (for a warning when the client seems to speak another one). */
const WIRE_PATH: Record<WireId, RegExp> = {
  'openai-chat': /\/chat\/completions$/,
  'anthropic-messages': /\/messages$/,
  'openai-responses': /\/responses$/,
  gemini: /:(stream)?[gG]enerateContent$/,
};

function listenError(e: NodeJS.ErrnoException, o: ProxyOptions): string {
  if (e.code === 'EADDRINUSE') return `port ${o.port} on ${o.listen} is in use (EADDRINUSE): another program listens there; choose another --proxy port`;
  if (e.code === 'EACCES') return `cannot listen on port ${o.port} (EACCES): ports under 1024 need privileges; choose another --proxy port`;
  if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND') return `--listen ${o.listen}: not an address of this machine (${e.code})`;
  return `cannot listen on ${o.listen}:${o.port} (${e.code ?? e.message})`;
}

export async function startProxy(o: ProxyOptions, io: ProxyIo): Promise<Started> {
  const refused = checkOut(o.out, '', o.force);
  if (refused !== null) return { ok: false, exitCode: 2, message: refused };
  const active = new Set<Exchange>();
  const clock = new ToolClock();
  const agent = o.upstream.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  let t0: number | undefined;
  let warnedPath = false;

  const first = (file: ProxyFile, req: IncomingMessage, body: unknown): void => {
    if (file.isStarted) return;
    const ua = req.headers['user-agent'] ?? 'none';
    const model = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).model : undefined;
    // the wall-clock time of the recording's 0 ms (the first request's arrival)
    const when = new Date(performance.timeOrigin + (t0 ?? performance.now())).toISOString();
    const title = o.title ?? `${o.upstream.host} · agent run · ${when.slice(0, 16).replace('T', ' ')}`;
    file.start({
      title: { zh: title, en: title },
      wire: o.wire,
      provenance: {
        kind: 'captured',
        source: `npm run record --proxy: ${redactUrl(o.upstream)}`,
        notes:
          `Captured ${when} through the Streamscope recording proxy (Node ${process.version}) between the client (User-Agent ${ua}) and ${o.upstream.host}. ` +
          `Each read's time is performance.now() when it reached the proxy, in ms since the first request; a tool's duration is the gap from the end of the turn that asked for it to the request that brought its result back (the tool and the agent's own work in between).` +
          (o.note ? ` Note: ${o.note}` : ''),
      },
      server: o.upstream.host,
      client: ua,
      recordedAt: when,
      ...(typeof model === 'string' ? { model } : {}),
      ...(o.note ? { note: o.note } : {}),
    });
  };

  const ctxOf = (f: ProxyFile): ExchangeContext => ({
    upstream: o.upstream,
    wire: o.wire,
    redact: o.redact,
    timeoutMs: o.timeoutMs,
    maxBodyBytes: o.maxBodyBytes,
    file: f,
    clock,
    now: () => {
      t0 ??= performance.now();
      return performance.now() - t0;
    },
    first: (req, body) => first(f, req, body),
    log: io.log,
    agent,
    ...(io.lookup ? { lookup: io.lookup } : {}),
  });
  /** Set once the file is open: a request before that (none can come, the port is not printed yet) is refused. */
  const ready: { ctx?: ExchangeContext } = {};

  const server = createServer({ noDelay: true }, (req, res) => {
    const ctx = ready.ctx;
    if (!ctx) return void res.destroy();
    if (!(req.url ?? '').startsWith('/')) {
      // absolute-form (`GET http://host/...`): a client using this as an HTTP proxy; it would name any host
      io.log(`${req.method ?? '?'} ${(req.url ?? '').slice(0, 80)}: refused (400): send requests to the proxy's base URL, not through it as an HTTP proxy`);
      res.writeHead(400, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ error: { type: 'streamscope_proxy_error', message: 'streamscope recording proxy: send requests to its base URL (http://HOST:PORT/v1/...), not through it as an HTTP proxy' } }));
      return;
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!warnedPath && req.method === 'POST' && !WIRE_PATH[o.wire].test(path)) {
      warnedPath = true;
      io.log(`warning: POST ${path} does not look like ${o.wire}; its turns are recorded as ${o.wire} anyway (is --wire right?)`);
    }
    const ex = new Exchange(ctx, req, res);
    active.add(ex);
    void ex.done.then(() => active.delete(ex));
  });
  const listened = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    server.once('error', resolve);
    server.listen(o.port, o.listen, () => resolve(undefined));
  });
  if (listened) return { ok: false, exitCode: 2, message: listenError(listened, o) };
  server.on('error', (e) => io.log(`the server failed: ${e.message}`));

  const created = ProxyFile.create(o.out, o.force);
  if (!(created instanceof ProxyFile)) {
    await new Promise((r) => server.close(r));
    return { ok: false, exitCode: 2, message: created.error };
  }
  ready.ctx = ctxOf(created);
  const port = (server.address() as AddressInfo).port;
  const host = o.listen.includes(':') ? `[${o.listen}]` : o.listen;
  if (!loopback(o.listen)) io.log(`warning: listening on ${o.listen}, not only on this machine: anyone who can reach port ${port} can send requests through the proxy to ${o.upstream.host}, and they are recorded too`);
  io.log(`proxy listening on http://${host}:${port} → ${redactUrl(o.upstream)} (${o.wire}), recording to ${o.out} (written as ${created.path} until it ends); point the client's base URL here, Ctrl-C ends the recording`);

  let stopping: Promise<ProxyResult> | undefined;
  const stop = (note = 'interrupted (Ctrl-C)'): Promise<ProxyResult> => {
    stopping ??= (async () => {
      const closing = new Promise((r) => server.close(r));
      for (const ex of active) ex.abort(note);
      server.closeAllConnections();
      await Promise.all([...active].map((ex) => ex.done));
      await closing;
      agent.destroy();
      const closed = created.close();
      const tools = clock.answered;
      if (!closed.kept) return { exitCode: 1, turns: closed.turns, toolTimes: tools, message: created.scrub(closed.message) };
      return { exitCode: 0, turns: closed.turns, toolTimes: tools, message: `recorded ${closed.turns} ${closed.turns === 1 ? 'turn' : 'turns'} with ${tools} tool ${tools === 1 ? 'time' : 'times'} in ${o.out}` };
    })();
    return stopping;
  };
  return { ok: true, proxy: { port, url: `http://${host}:${port}`, stop, origin: () => t0 } };
}
