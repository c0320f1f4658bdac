/**
 * The recorder: sends one streaming request and writes what comes back, chunk by chunk, with its arrival time.
 *
 * Contract: `record(options, io)` writes the header, `req` (body, redacted headers and URL), one `chunk`/`bytes`
 * per network read as it arrives (performance.now(), ms since the request started), then `end`. It never throws:
 * it resolves to an exit code and a one-line message. HTTP error: the body is written, `end` status `error`,
 * exit 1. Timeout or `io.signal` (Ctrl-C): what arrived plus `end` status `aborted`, exit 1 / 130. A connection
 * that breaks mid-stream: `end` status `aborted` with the cause, exit 1. Credentials are sent, never written; user
 * info in the URL is sent as a Basic Authorization header instead (fetch refuses it and quotes it in its error).
 * Every credential value (record-redact.ts credentialValues) is scrubbed from the stream, across reads and in
 * bytes events (record-writer.ts); redirects are followed by hand (record-fetch.ts) and never to another origin
 * while the request carries a credential header (`end` status `error`, exit 1). A file that still holds a value
 * after all that is removed, exit 1, saying where the value was.
 * The output (./record-out.ts): `--out` is checked first (exit 2: a link, an existing file without `force`, the
 * `--body` file), the recording is written to a new temporary file beside it (named in the first log line) and put
 * in place of `--out` only when it ends (./record-finish.ts); a request that got no response at all (refused,
 * unreachable, stopped before any answer) writes nothing and leaves `--out` as it was. Only PRINTED characters of
 * an error body are kept for the message (./record-prefix.ts). The timer and the signal's listener are released in
 * `finally`, whatever happens, so the process never waits out `--timeout` after an error.
 */
import { performance } from 'node:perf_hooks';
import type { RecordOptions } from './record-args';
import { fetchFollowing, type Hop } from './record-fetch';
import { discard, keep, type RecordResult, type Running } from './record-finish';
import { checkOut, closeQuietly, createTemp } from './record-out';
import { PrintedPrefix } from './record-prefix';
import { credentialValues, isCredentialHeader, redactHeaders, redactUrl, urlCredentialValues } from './record-redact';
import { MIN_SECRET, secretForms } from './record-scrub';
import { RecordWriter } from './record-writer';

export type { RecordResult } from './record-finish';

export interface RecordIo {
  /** Aborting it stops the recording as Ctrl-C does. */
  signal?: AbortSignal;
  /** Progress lines (stderr in the CLI). */
  log?: (line: string) => void;
}

class Stop extends Error {
  constructor(readonly why: 'timeout' | 'interrupted') {
    super(why);
  }
}

const secretsOf = (o: RecordOptions): string[] => [...credentialValues(o.url, o.headers, o.redact), ...((o as { userInfoSecrets?: string[] }).userInfoSecrets ?? [])];

const describe = (e: unknown): string => {
  if (e instanceof Error) {
    const cause = (e as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${e.message}: ${cause.message}` : e.message;
  }
  return String(e);
};

/** User info in the URL is never sent in the URL (fetch refuses it, quoting it): it becomes a Basic Authorization header. */
function withoutUserInfo(o: RecordOptions): RecordOptions {
  if (o.url.username === '' && o.url.password === '') return o;
  const dec = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  const url = new URL(o.url.href);
  const pair = `${dec(url.username)}:${dec(url.password)}`;
  url.username = '';
  url.password = '';
  const has = o.headers.some(([k]) => k.toLowerCase() === 'authorization');
  const headers: [string, string][] = has ? o.headers : [...o.headers, ['Authorization', `Basic ${Buffer.from(pair).toString('base64')}`]];
  const extra = [pair, dec(o.url.password), o.url.password].filter((s) => s !== '' && s !== ':');
  return { ...o, url, headers, userInfoSecrets: extra } as RecordOptions;
}

export async function record(given: RecordOptions, io: RecordIo = {}): Promise<RecordResult> {
  const o = withoutUserInfo(given);
  const log = io.log ?? (() => {});
  const refused = checkOut(o.out, o.bodyFile, o.force === true);
  if (refused) return { exitCode: 2, message: refused, chunks: 0, bytes: 0 };
  const forms = secretForms(secretsOf(o));
  for (const [k, v] of o.headers) {
    if (isCredentialHeader(k, o.redact) && forms.tooShort.includes(v.replace(/^\S+\s+/, '')))
      log(`warning: the value of ${k} is under ${MIN_SECRET} characters, too short to look for in what the server sends back; it is written as [redacted] in req only`);
  }
  const temp = createTemp(o.out);
  if ('error' in temp) return { exitCode: 2, message: temp.error, chunks: 0, bytes: 0 };
  let writer: RecordWriter;
  try {
    writer = new RecordWriter(temp.fd, forms.secrets);
  } catch (e) {
    closeQuietly(temp.fd);
    throw e;
  }
  log(`recording to ${temp.path}; it becomes ${o.out} when the recording ends`);
  const run: Running = { writer, temp: temp.path, out: o.out, force: o.force === true };

  const controller = new AbortController();
  let stopped: Stop | undefined;
  const stop = (why: Stop['why']) => {
    if (stopped) return;
    stopped = new Stop(why);
    controller.abort(stopped);
  };
  const timer = setTimeout(() => stop('timeout'), o.timeoutMs);
  const onSignal = () => stop('interrupted');
  if (io.signal?.aborted) onSignal();
  io.signal?.addEventListener('abort', onSignal, { once: true });
  try {
    return await recordInto(o, run, controller.signal, () => stopped?.why, log);
  } catch (e) {
    // not expected (every failure above is a result): the recording so far stays in the temporary file
    try {
      writer.close();
    } catch {
      // it was closed, or cannot be: either way the file keeps what was written
    }
    return { exitCode: 1, message: `unexpected failure: ${describe(e)}; what was recorded is in ${temp.path}`, chunks: 0, bytes: 0 };
  } finally {
    clearTimeout(timer);
    io.signal?.removeEventListener('abort', onSignal);
  }
}

/** The request and its response, written by `run.writer`; `stoppedWhy()` says whether the timer or the signal fired. */
async function recordInto(o: RecordOptions, run: Running, signal: AbortSignal, stoppedWhy: () => Stop['why'] | undefined, log: (line: string) => void): Promise<RecordResult> {
  const w = run.writer;
  const shownUrl = redactUrl(o.url);
  const model = typeof o.body === 'object' && o.body !== null ? (o.body as Record<string, unknown>).model : undefined;
  const title = o.title ?? `${o.url.host} · ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
  w.header({
    title: { zh: title, en: title },
    wire: o.wire,
    provenance: {
      kind: 'captured',
      source: `npm run record: ${o.method} ${shownUrl}`,
      notes: `Captured ${new Date().toISOString()} with Node ${process.version} fetch; each chunk's time is performance.now() when the read returned, in ms since the request was sent.`,
    },
    server: o.url.host,
    ...(typeof model === 'string' ? { model } : {}),
  });

  const t0 = performance.now();
  const now = () => performance.now() - t0;
  let chunks = 0;
  let bytes = 0;
  const finish = (status: 'complete' | 'aborted' | 'error', note: string, exitCode: number, message: string): RecordResult => {
    w.flush(now());
    w.event(now(), 'end', { status, note });
    return keep(run, { exitCode, message, chunks, bytes });
  };
  const stopNote = (): { note: string; exitCode: number } => {
    const why = stoppedWhy() ?? 'interrupted';
    return why === 'timeout' ? { note: `timed out after ${o.timeoutMs} ms`, exitCode: 1 } : { note: 'interrupted (Ctrl-C)', exitCode: 130 };
  };
  const stoppedResult = (): RecordResult => {
    const { note, exitCode } = stopNote();
    return finish('aborted', note, exitCode, `${note}; kept ${chunks} chunks (${bytes} bytes) in ${o.out}`);
  };
  /** No response at all: nothing is written, `--out` stays as it was. */
  const nothingArrived = (exitCode: number, why: string): RecordResult =>
    discard(run, { exitCode, message: `${why}; nothing arrived, so nothing was written (${o.out} is as it was)`, chunks: 0, bytes: 0 });

  w.event(0, 'req', { turn: 0, method: o.method, url: shownUrl, headers: redactHeaders(o.headers, o.redact), body: o.body });
  let res: Response;
  let hops: Hop[] = [];
  try {
    const headers = new Headers(o.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    if (!headers.has('accept')) headers.set('accept', 'text/event-stream');
    const fetched = await fetchFollowing(
      o.url,
      { method: o.method, headers, body: o.method === 'GET' ? null : JSON.stringify(o.body), signal },
      {
        credentialed: o.headers.some(([k]) => isCredentialHeader(k, o.redact)),
        onHop: (hop) => {
          w.addSecrets(secretForms(urlCredentialValues(hop.to)).secrets);
          log(`following HTTP ${hop.status} to ${redactUrl(hop.to)}`);
        },
      },
    );
    hops = fetched.hops;
    if (fetched.kind === 'refused') {
      const note = `HTTP ${fetched.res.status} to another origin (${redactUrl(fetched.to)}), not followed: the request carries credentials`;
      return finish('error', note, 1, `${note}; nothing else was sent (written to ${o.out})`);
    }
    if (fetched.kind === 'too-many') {
      const note = `more than ${hops.length} redirects, not followed further`;
      return finish('error', note, 1, `${note} (written to ${o.out})`);
    }
    res = fetched.res;
  } catch (e) {
    if (stoppedWhy()) {
      const { note, exitCode } = stopNote();
      return nothingArrived(exitCode, note);
    }
    return nothingArrived(1, `request to ${shownUrl} failed: ${describe(e)}`);
  }
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && !type.includes('text/event-stream')) log(`warning: content-type is ${JSON.stringify(type)}, not text/event-stream; recording it anyway`);
  const via = hops.map((h) => `${h.status} to ${redactUrl(h.to)}`).join(', ');
  const httpNote = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${via ? ` (after ${via})` : ''}`;
  // of an error body, only what the message prints is kept (the body itself is in the file)
  const printed = res.ok ? null : new PrintedPrefix();
  try {
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const written = w.chunk(now(), value);
        chunks++;
        bytes += value.byteLength;
        printed?.push(written);
      }
    }
  } catch (e) {
    if (stoppedWhy()) return stoppedResult();
    const note = `the connection broke mid-stream (${describe(e)})`;
    return finish('aborted', note, 1, `${note} after ${chunks} chunks (${bytes} bytes); what arrived is in ${o.out}`);
  }
  if (printed) {
    printed.push(w.flush(now()));
    const body = printed.text();
    return finish('error', httpNote, 1, `${httpNote} from ${shownUrl}${body ? `: ${body}` : ''} (status and body written to ${o.out})`);
  }
  return finish('complete', httpNote, 0, `recorded ${chunks} chunks (${bytes} bytes) in ${(now() / 1000).toFixed(1)} s to ${o.out}`);
}
