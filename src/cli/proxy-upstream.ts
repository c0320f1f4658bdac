/**
 * One request of the recording proxy, sent on to the upstream as the client sent it, its response handed back read
 * by read.
 *
 * Contract: `forward(target, method, headers, body, opts, on)` sends the request with node:http(s) (so redirects are
 * never followed and the bytes are never decoded on the way) and calls, in this order: `on.response(res)` once the
 * status and headers are in, `on.data(chunk)` for each read, then exactly one of `on.end()` or `on.fail(failure)`.
 * The request headers are the client's (raw names and order) without the hop-by-hop ones (Connection and what it
 * names, Keep-Alive, Proxy-*, TE, Trailer, Transfer-Encoding, Upgrade, Expect), with `Host` set to the upstream's
 * and `Content-Length` to the body's length. A failure says what happened in one line and whether a response had
 * begun: the upstream refused the connection, its name did not resolve, TLS failed, it sent nothing for
 * `opts.timeoutMs` (before the response or between two reads: a stall), or its connection broke mid-response.
 * `cancel()` destroys the upstream request (a client that went away, Ctrl-C); no callback follows it.
 * `hopByHop(name)` is the header filter, used for the response headers too.
 */
import { request as httpRequest, type Agent as HttpAgent, type IncomingMessage } from 'node:http';
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';

export type FailureKind = 'refused' | 'dns' | 'tls' | 'stall' | 'broken' | 'other';

export interface Failure {
  kind: FailureKind;
  /** One line: what happened, with the system's code. */
  message: string;
  /** Whether the response had begun (status and headers handed on) when it happened. */
  midResponse: boolean;
}

export interface ForwardOptions {
  timeoutMs: number;
  agent?: HttpAgent | HttpsAgent;
  /** Name resolution (tests replace it, so that no query leaves the machine). */
  lookup?: LookupFunction;
}

export interface ForwardHandlers {
  response(res: IncomingMessage): void;
  data(chunk: Buffer): void;
  end(): void;
  fail(failure: Failure): void;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect']);

export const hopByHop = (name: string, named: ReadonlySet<string> = new Set()): boolean => {
  const n = name.toLowerCase();
  return HOP_BY_HOP.has(n) || named.has(n);
};

/** The header names a Connection header lists (hop-by-hop too), from raw headers [k, v, k, v, ...]. */
export function connectionNamed(raw: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if ((raw[i] ?? '').toLowerCase() !== 'connection') continue;
    for (const token of (raw[i + 1] ?? '').split(',')) if (token.trim() !== '') out.add(token.trim().toLowerCase());
  }
  return out;
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|EPROTO$|ERR_OSSL)/;

export function describeFailure(e: unknown, target: URL, midResponse: boolean): Failure {
  const err = e as NodeJS.ErrnoException & { hostname?: string };
  const code = err.code ?? '';
  const where = target.host;
  if (code === 'ECONNREFUSED') return { kind: 'refused', midResponse, message: `the upstream ${where} refused the connection (ECONNREFUSED)` };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL')
    return { kind: 'dns', midResponse, message: `the upstream's host name ${target.hostname} did not resolve (${code})` };
  if (TLS_CODES.test(code) || /\b(SSL|TLS)\b|certificate/i.test(err.message ?? ''))
    return { kind: 'tls', midResponse, message: `TLS failed with the upstream ${where}: ${err.message ?? code}${code && !(err.message ?? '').includes(code) ? ` (${code})` : ''}` };
  if (midResponse) return { kind: 'broken', midResponse, message: `the upstream's connection broke mid-response (${code || err.message || 'closed'})` };
  return { kind: 'other', midResponse, message: `the request to the upstream ${where} failed: ${err.message ?? String(e)}${code && !(err.message ?? '').includes(code) ? ` (${code})` : ''}` };
}

export function forward(
  target: URL,
  method: string,
  rawHeaders: readonly string[],
  body: Buffer,
  opts: ForwardOptions,
  on: ForwardHandlers,
): { cancel(): void } {
  const named = connectionNamed(rawHeaders);
  const headers: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const k = rawHeaders[i] ?? '';
    const lower = k.toLowerCase();
    if (hopByHop(lower, named) || lower === 'host' || lower === 'content-length') continue;
    headers.push(k, rawHeaders[i + 1] ?? '');
  }
  headers.push('Host', target.host);
  if (body.length > 0 || !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method)) headers.push('Content-Length', String(body.length));

  let settled = false;
  let begun = false;
  let timer: NodeJS.Timeout | undefined;
  const settle = (fn: () => void) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    fn();
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const req = send(target, {
    method,
    headers,
    ...(opts.agent ? { agent: opts.agent } : {}),
    ...(opts.lookup ? { lookup: opts.lookup } : {}),
  });
  const stall = () => {
    const what = begun ? `sent nothing for ${opts.timeoutMs} ms mid-response` : `sent no response within ${opts.timeoutMs} ms`;
    settle(() => on.fail({ kind: 'stall', midResponse: begun, message: `the upstream ${target.host} ${what} (--timeout)` }));
    req.destroy();
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(stall, opts.timeoutMs);
  };
  arm();
  req.on('socket', (s) => s.setNoDelay(true));
  req.on('error', (e) => settle(() => on.fail(describeFailure(e, target, begun))));
  req.on('response', (res) => {
    if (settled) return res.destroy();
    begun = true;
    arm();
    on.response(res);
    res.on('data', (chunk: Buffer) => {
      if (settled) return;
      arm();
      on.data(chunk);
    });
    res.on('end', () => settle(() => on.end()));
    res.on('error', (e) => settle(() => on.fail(describeFailure(e, target, true))));
    res.on('close', () => {
      if (!res.complete) settle(() => on.fail(describeFailure(new Error('the connection closed before the response ended'), target, true)));
    });
  });
  req.end(body);
  return {
    cancel() {
      settle(() => {});
      req.destroy();
    },
  };
}
