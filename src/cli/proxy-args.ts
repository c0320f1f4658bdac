/**
 * Command-line options of the recording proxy, `npm run record -- --proxy PORT --upstream URL --wire W --out FILE`
 * (docs/recording.md).
 *
 * Contract: `parseProxyArgs(argv)` never throws and reads no file; it returns the options, `help`, or one line saying
 * which option is wrong and why (the CLI prints it and exits 2). `isProxyMode(argv)` says whether argv asks for the
 * proxy (a `--proxy` option), so that `record` can hand the whole argv over. The one-request recorder's options
 * (`--url`, `--body`, `--header`, `--method`) are refused here with a reason: the client sends its own requests.
 */
import { WIRES, type WireId } from '../core/types';

export interface ProxyOptions {
  /** The port to listen on; 0 picks a free one (printed when listening). */
  port: number;
  /** The interface to listen on: 127.0.0.1 unless `--listen HOST`. */
  listen: string;
  /** Where requests go: its path is put before each request's path; no query, no user info. */
  upstream: URL;
  wire: WireId;
  out: string;
  /** An upstream that sends nothing for this long (before its response, or between two reads) is given up. */
  timeoutMs: number;
  /** A request body over this many bytes is refused (413), not forwarded. */
  maxBodyBytes: number;
  /** Extra header names (lower-case) whose values are never written. */
  redact: string[];
  /** Replace an existing `out` (a regular file, never a link) once the recording ends. */
  force: boolean;
  title?: string;
  note?: string;
}

export type ParsedProxyArgs = { ok: true; options: ProxyOptions } | { ok: false; error: string } | { ok: 'help' };

export const DEFAULT_TIMEOUT_MS = 600_000;
export const DEFAULT_MAX_BODY = 64 * 1024 * 1024;

export const PROXY_USAGE = `usage: npm run record -- --proxy PORT --upstream URL --wire W --out FILE [--listen HOST] [--timeout MS] [--max-body BYTES] [--redact-header NAME]... [--title TEXT] [--note TEXT] [--force]
  records a whole agent run: point the agent's base URL at http://127.0.0.1:PORT; every request is forwarded to
  URL unchanged, every response streamed back read by read and written as one turn of FILE; Ctrl-C ends it
  --proxy           the port to listen on (0: any free port, printed); only on 127.0.0.1 unless --listen HOST
  --upstream        the model server, e.g. https://api.openai.com or http://127.0.0.1:11434 (its path, if any, goes
                    before each request's path)
  --wire            ${WIRES.join(' | ')}
  --out             the recording; written beside it as FILE.partial-PID while the proxy runs and renamed to FILE
                    when it ends; an existing FILE is refused unless --force, a symbolic link always
  --listen          another interface to listen on (e.g. 0.0.0.0): other machines can then use the proxy
  --timeout         give up on an upstream that sends nothing for MS milliseconds (default ${DEFAULT_TIMEOUT_MS})
  --max-body        refuse a request body over BYTES (default ${DEFAULT_MAX_BODY})
  --redact-header   also keep this header's value out of the file, repeatable (Authorization, x-api-key and other
                    credentials always are: they go to the upstream only)
  --title, --note   the recording's title, and a note kept in its provenance
  --force           replace an existing --out (only once the recording ends)`;

const VALUED = new Set(['--proxy', '--upstream', '--wire', '--out', '--listen', '--timeout', '--max-body', '--redact-header', '--title', '--note']);
const ONE_REQUEST = new Set(['--url', '--body', '--header', '--method']);

const nameOf = (arg: string): string => (arg.startsWith('--') && arg.indexOf('=') > 0 ? arg.slice(0, arg.indexOf('=')) : arg);

export const isProxyMode = (argv: readonly string[]): boolean => argv.some((a) => nameOf(a) === '--proxy');

export function parseProxyArgs(argv: readonly string[]): ParsedProxyArgs {
  const single = new Map<string, string>();
  const redact: string[] = [];
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return { ok: 'help' };
    if (arg === '--force') {
      force = true;
      continue;
    }
    const name = nameOf(arg);
    if (ONE_REQUEST.has(name)) return { ok: false, error: `${name} is not an option of --proxy: the client sends its own requests (see --help)` };
    if (!VALUED.has(name)) return { ok: false, error: `unknown option ${JSON.stringify(arg)} (see --help)` };
    let value: string | undefined;
    if (name !== arg) value = arg.slice(name.length + 1);
    else value = argv[++i];
    if (value === undefined) return { ok: false, error: `${name} needs a value` };
    if (name === '--redact-header') {
      if (value.trim() === '') return { ok: false, error: '--redact-header needs a header name' };
      redact.push(value.trim().toLowerCase());
    } else {
      if (single.has(name)) return { ok: false, error: `${name} given twice` };
      single.set(name, value);
    }
  }
  for (const required of ['--proxy', '--upstream', '--wire', '--out']) {
    if (!single.has(required)) return { ok: false, error: `${required} is required with --proxy (see --help)` };
  }
  const portText = single.get('--proxy') ?? '';
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port > 65535) return { ok: false, error: `--proxy ${JSON.stringify(portText)}: expected a port number from 0 to 65535` };
  const wire = single.get('--wire') ?? '';
  if (!(WIRES as readonly string[]).includes(wire)) return { ok: false, error: `--wire ${JSON.stringify(wire)}: expected one of ${WIRES.join(', ')}` };
  let upstream: URL;
  try {
    upstream = new URL(single.get('--upstream') ?? '');
  } catch {
    return { ok: false, error: `--upstream ${JSON.stringify(single.get('--upstream'))}: not a URL` };
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') return { ok: false, error: `--upstream: expected http: or https:, got ${upstream.protocol}` };
  if (upstream.username !== '' || upstream.password !== '') return { ok: false, error: '--upstream: no user info in the URL; the client sends its credentials, the proxy passes them on' };
  if (upstream.search !== '' || upstream.hash !== '') return { ok: false, error: '--upstream: no query or fragment; each request brings its own' };
  const timeoutText = single.get('--timeout') ?? String(DEFAULT_TIMEOUT_MS);
  const timeoutMs = Number(timeoutText);
  if (!/^\d+(\.\d+)?$/.test(timeoutText) || !(timeoutMs > 0)) return { ok: false, error: `--timeout ${JSON.stringify(timeoutText)}: expected a positive number of milliseconds` };
  const maxText = single.get('--max-body') ?? String(DEFAULT_MAX_BODY);
  const maxBodyBytes = Number(maxText);
  if (!/^\d+$/.test(maxText) || !(maxBodyBytes > 0)) return { ok: false, error: `--max-body ${JSON.stringify(maxText)}: expected a positive whole number of bytes` };
  const listen = single.get('--listen') ?? '127.0.0.1';
  if (listen.trim() === '') return { ok: false, error: '--listen needs a host or address' };
  const out = single.get('--out') ?? '';
  if (out.trim() === '') return { ok: false, error: '--out needs a file name' };
  const title = single.get('--title');
  const note = single.get('--note');
  return {
    ok: true,
    options: {
      port,
      listen,
      upstream,
      wire: wire as WireId,
      out,
      timeoutMs,
      maxBodyBytes,
      redact,
      force,
      ...(title === undefined ? {} : { title }),
      ...(note === undefined ? {} : { note }),
    },
  };
}
