/**
 * One request through the recording proxy: read from the client, sent on to the upstream, the response streamed
 * back read by read and written as one turn.
 *
 * Contract: `new Exchange(ctx, req, res)` reads the request body (at most `maxBodyBytes`: over it the client gets
 * 413 and nothing is forwarded or recorded), then opens a turn: first a `tool` event for each call of an earlier
 * turn whose result this request brings (proxy-tools.ts), then `req` (method, the upstream URL and the client's
 * headers with credentials redacted, the body: parsed JSON, else its text), forwards it (proxy-upstream.ts), and
 * for each read takes its time, writes it to the client, then records it with that time (decoded when compressed,
 * proxy-decode.ts). The turn
 * ends with `end`: `complete` (HTTP 2xx body ended), `error` (any other status, the body recorded; or no response:
 * refused, DNS, TLS; the client then gets 502 with a JSON error naming the cause), `aborted` (a stall: 504 to the
 * client, or its connection cut when the response had begun; a broken upstream; "client went away", the upstream
 * request cancelled; `abort(note)`, Ctrl-C). A response that is not `text/event-stream` is marked `stream: false`.
 * Redirects are handed to the client, never followed. Each end prints one line (`ctx.log`, credentials scrubbed;
 * proxy.ts escapes it for the terminal). `done` resolves when the turn has ended (or nothing was opened).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WireId } from '../core/types';
import { credentialValues, redactHeaders, redactUrl } from './record-redact';
import { decodingTap } from './proxy-decode';
import type { ProxyFile, TurnLog } from './proxy-file';
import { callsInResponse, type ToolClock } from './proxy-tools';
import { connectionNamed, forward, hopByHop, type Failure } from './proxy-upstream';

/** A response kept for reading its tool calls is cut off beyond this (its turn then has no tool times). */
const KEEP_FOR_TOOLS = 64 * 1024 * 1024;

export interface ExchangeContext {
  upstream: URL;
  wire: WireId;
  redact: readonly string[];
  timeoutMs: number;
  maxBodyBytes: number;
  file: ProxyFile;
  clock: ToolClock;
  /** ms since the recording started; the first call starts it. */
  now(): number;
  /** Called before the first turn is opened, with the first request (the header is written there). */
  first(req: IncomingMessage, body: unknown): void;
  log(line: string): void;
  agent: HttpAgent | HttpsAgent;
  lookup?: LookupFunction;
}

const jsonError = (message: string): string => JSON.stringify({ error: { type: 'streamscope_proxy_error', message: `streamscope recording proxy: ${message}` } });

export class Exchange {
  readonly done: Promise<void>;
  private resolveDone!: () => void;
  private turn: TurnLog | undefined;
  private cancelUpstream: (() => void) | undefined;
  private finished = false;
  /** The whole response was handed to the client (its turn ends once the recorded copy is decoded). */
  private responded = false;
  private reads = 0;
  private target!: URL;
  private shown = '';

  constructor(
    private readonly ctx: ExchangeContext,
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {
    this.done = new Promise((r) => (this.resolveDone = r));
    const parts: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (d: Buffer) => {
      if (over) return;
      size += d.length;
      if (size <= ctx.maxBodyBytes) return void parts.push(d);
      over = true;
      parts.length = 0;
      ctx.log(`${req.method ?? '?'} ${this.pathOf(req)}: the request body is over the --max-body limit of ${ctx.maxBodyBytes} bytes; answered 413, not forwarded, not recorded`);
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      res.end(jsonError(`the request body is over the proxy's --max-body limit of ${ctx.maxBodyBytes} bytes`), () => req.destroy());
      this.settle();
    });
    req.on('end', () => {
      if (!over) this.begin(Buffer.concat(parts));
    });
    req.on('close', () => {
      if (!req.complete && !over && !this.turn) {
        ctx.log(`${req.method ?? '?'} ${this.pathOf(req)}: the client went away before its request was complete; nothing forwarded`);
        this.settle();
      }
    });
    res.on('close', () => {
      if (this.turn && !this.finished && !this.responded) {
        this.cancelUpstream?.();
        this.finish('aborted', 'client went away', 'the client went away; the upstream request was cancelled');
      }
    });
  }

  /** Ends the exchange now (Ctrl-C): the upstream request is cancelled, the client's connection closed. */
  abort(note: string): void {
    if (this.finished || this.responded) return;
    if (!this.turn) {
      this.req.destroy();
      this.settle();
      return;
    }
    this.cancelUpstream?.();
    this.finish('aborted', note, note);
    this.res.destroy();
  }

  private pathOf(req: IncomingMessage): string {
    try {
      const u = new URL(redactUrl(targetOf(new URL('http://x'), req.url ?? '/')));
      return u.pathname + u.search;
    } catch {
      return req.url ?? '/';
    }
  }

  private settle(): void {
    this.finished = true;
    this.resolveDone();
  }

  private begin(raw: Buffer): void {
    const { ctx, req, res } = this;
    this.target = targetOf(ctx.upstream, req.url ?? '/');
    this.shown = `${req.method ?? 'GET'} ${this.pathOf(req)}`;
    const text = raw.toString('utf8');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: written as its text
    }
    const pairs: [string, string][] = [];
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) pairs.push([req.rawHeaders[i] ?? '', req.rawHeaders[i + 1] ?? '']);
    const tooShort = ctx.file.addSecretValues(credentialValues(this.target, pairs, ctx.redact));
    for (const v of tooShort) ctx.log(`warning: a credential of ${v.length} characters is too short to look for in what the upstream sends back; it is written as [redacted] in req only`);
    const at = ctx.now();
    ctx.first(req, body);
    const turn = ctx.file.openTurn();
    this.turn = turn;
    for (const run of ctx.clock.request(ctx.wire, body, at)) {
      turn.event(run.startMs, 'tool', { turn: run.turn, callId: run.callId, name: run.name, durationMs: run.durationMs });
      ctx.log(ctx.file.scrub(`turn ${turn.index} brings the result of ${run.callId} (${run.name}) of turn ${run.turn}: ${run.durationMs} ms after that turn ended`));
    }
    const headers = redactHeaders(pairs.filter(([k]) => !hopByHop(k)), ctx.redact);
    turn.event(at, 'req', { turn: turn.index, method: req.method ?? 'GET', url: redactUrl(this.target), headers, ...(raw.length > 0 ? { body } : {}) });

    let streamed = false;
    let status = 0;
    let statusText = '';
    let location = '';
    const kept: Uint8Array[] = [];
    let keptBytes = 0;
    let tap = decodingTap(undefined, () => {});
    /** When the latest read reached the proxy: its bytes (or what zlib decodes from them) are written with it. */
    let readAt = 0;
    const record = (bytes: Uint8Array) => {
      turn.chunk(readAt, bytes);
      if (keptBytes <= KEEP_FOR_TOOLS) {
        kept.push(bytes);
        keptBytes += bytes.length;
      }
    };
    const upstream = forward(this.target, req.method ?? 'GET', req.rawHeaders, raw, { timeoutMs: ctx.timeoutMs, agent: ctx.agent, ...(ctx.lookup ? { lookup: ctx.lookup } : {}) }, {
      response: (up) => {
        status = up.statusCode ?? 0;
        statusText = up.statusMessage ?? '';
        streamed = (up.headers['content-type'] ?? '').includes('text/event-stream');
        const enc = up.headers['content-encoding'];
        tap = decodingTap(Array.isArray(enc) ? enc.join(',') : enc, record);
        if (status >= 300 && status < 400 && up.headers.location) {
          try {
            location = redactUrl(new URL(up.headers.location, this.target));
          } catch {
            location = '(not a URL)';
          }
        }
        const named = connectionNamed(up.rawHeaders);
        const out: string[] = [];
        for (let i = 0; i + 1 < up.rawHeaders.length; i += 2) if (!hopByHop(up.rawHeaders[i] ?? '', named)) out.push(up.rawHeaders[i] ?? '', up.rawHeaders[i + 1] ?? '');
        try {
          res.writeHead(status, statusText, out);
        } catch {
          // a status text or header Node will not send again as it came: the status and headers without the text
          res.writeHead(status, out);
        }
        res.flushHeaders();
        this.upstreamRes = up;
      },
      data: (chunk) => {
        readAt = ctx.now();
        this.reads++;
        if (!res.write(chunk) && this.upstreamRes) {
          const up = this.upstreamRes;
          up.pause();
          res.once('drain', () => up.resume());
        }
        tap.push(chunk);
      },
      end: () => {
        const endMs = ctx.now();
        this.responded = true;
        res.end();
        void tap.finish().then((decodeNote) => {
          const httpNote = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
          const extra = [decodeNote, streamed ? undefined : `not a stream (content-type ${String(this.upstreamRes?.headers['content-type'] ?? 'none')})`].filter((s) => s !== undefined);
          const note = [location ? `${httpNote} to ${location}: handed to the client, not followed` : httpNote, ...extra].join('; ');
          const ok = status >= 200 && status < 300;
          this.finish(ok ? 'complete' : 'error', note, `${note}, ${this.reads} reads`, streamed ? {} : { stream: false }, endMs);
          if (ok) ctx.clock.ended(turn.index, endMs, callsInResponse(ctx.wire, concat(kept), streamed));
        });
      },
      fail: (f: Failure) => this.failed(f),
    });
    this.cancelUpstream = upstream.cancel;
  }

  private upstreamRes: IncomingMessage | undefined;

  private failed(f: Failure): void {
    const { res } = this;
    if (!f.midResponse && !res.headersSent) {
      const code = f.kind === 'stall' ? 504 : 502;
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(jsonError(f.message));
      this.finish(f.kind === 'stall' ? 'aborted' : 'error', f.message, `${f.message}; the client got ${code}`);
      return;
    }
    this.finish('aborted', f.message, `${f.message}; the client's connection was cut after ${this.reads} reads`);
    res.destroy();
  }

  private finish(status: 'complete' | 'aborted' | 'error', note: string, line: string, extra: Record<string, unknown> = {}, at?: number): void {
    if (this.finished || !this.turn) return;
    this.finished = true;
    const t = at ?? this.ctx.now();
    this.turn.end(t, { status, note, ...extra });
    this.ctx.log(this.ctx.file.scrub(`turn ${this.turn.index} ${this.shown}: ${line}`));
    this.resolveDone();
  }
}

/**
 * Where a request goes: the upstream's path, then the request's path and query. Built with the URL's setters, so a
 * path that starts with `//` stays a path and never names another host.
 */
export function targetOf(upstream: URL, requestUrl: string): URL {
  const q = requestUrl.indexOf('?');
  const target = new URL(upstream.href);
  target.pathname = upstream.pathname.replace(/\/+$/, '') + (q === -1 ? requestUrl : requestUrl.slice(0, q));
  target.search = q === -1 ? '' : requestUrl.slice(q);
  return target;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
