/**
 * Command-line options of `npm run record` (docs/cli.md), parsed and checked.
 *
 * Contract: `parseRecordArgs(argv)` never throws; it returns the options, or one line saying which option is wrong
 * and why (the CLI prints it and exits 2). The request body file is read and parsed here, so a bad body is also a
 * bad option. Nothing is printed or written. USAGE shows the other mode too, `--proxy` (a recording proxy for a whole
 * agent run), whose options proxy-args.ts parses.
 */
import { readFileSync } from 'node:fs';
import { WIRES, type WireId } from '../core/types';
import { PROXY_USAGE } from './proxy-args';

export interface RecordOptions {
  wire: WireId;
  url: URL;
  method: string;
  bodyFile: string;
  body: unknown;
  out: string;
  /** Request headers in the order given. */
  headers: [string, string][];
  /** Extra header names (lower-case) whose values are never written. */
  redact: string[];
  timeoutMs: number;
  title?: string;
  /** Replace an existing `out` (a regular file, never a link) once the recording ends. */
  force?: boolean;
}

export type ParsedArgs = { ok: true; options: RecordOptions } | { ok: false; error: string } | { ok: 'help' };

export const USAGE = `usage: npm run record -- --wire W --url URL --body request.json --out FILE [--header "K: V"]... [--redact-header NAME]... [--timeout MS] [--method POST] [--title TEXT] [--force]
  --wire            ${WIRES.join(' | ')}
  --header          a request header, repeatable; Authorization, x-api-key and other credentials are sent (never to
                    another origin on a redirect) but never written, nor their values echoed back
  --redact-header   also keep this header's value out of the file, repeatable
  --timeout         give up after MS milliseconds (default 600000); what arrived is kept, ending with status aborted
  --out             the recording; an existing file is refused unless --force, a symbolic link always, and so is
                    the --body file. It is written beside it as FILE.partial-PID and renamed to FILE when it ends
  --force           replace an existing --out (only once the recording ends; a request that gets no answer keeps it)

${PROXY_USAGE}`;

const VALUED = new Set(['--wire', '--url', '--body', '--out', '--header', '--redact-header', '--timeout', '--method', '--title']);

export function parseRecordArgs(argv: readonly string[]): ParsedArgs {
  const single = new Map<string, string>();
  const headers: [string, string][] = [];
  const redact: string[] = [];
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return { ok: 'help' };
    if (arg === '--force') {
      force = true;
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (!VALUED.has(name)) return { ok: false, error: `unknown option ${JSON.stringify(arg)} (see --help)` };
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      i++;
    }
    if (value === undefined) return { ok: false, error: `${name} needs a value` };
    if (name === '--header') {
      const colon = value.indexOf(':');
      const key = colon > 0 ? value.slice(0, colon).trim() : '';
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key)) return { ok: false, error: `--header ${JSON.stringify(value)}: expected "Name: value"` };
      headers.push([key, value.slice(colon + 1).trim()]);
    } else if (name === '--redact-header') {
      if (value.trim() === '') return { ok: false, error: '--redact-header needs a header name' };
      redact.push(value.trim().toLowerCase());
    } else {
      if (single.has(name)) return { ok: false, error: `${name} given twice` };
      single.set(name, value);
    }
  }
  for (const required of ['--wire', '--url', '--body', '--out']) {
    if (!single.has(required)) return { ok: false, error: `${required} is required (see --help)` };
  }
  const wire = single.get('--wire') ?? '';
  if (!(WIRES as readonly string[]).includes(wire)) return { ok: false, error: `--wire ${JSON.stringify(wire)}: expected one of ${WIRES.join(', ')}` };
  let url: URL;
  try {
    url = new URL(single.get('--url') ?? '');
  } catch {
    return { ok: false, error: `--url ${JSON.stringify(single.get('--url'))}: not a URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: `--url: expected http: or https:, got ${url.protocol}` };
  const timeoutText = single.get('--timeout') ?? '600000';
  const timeoutMs = Number(timeoutText);
  if (!/^\d+(\.\d+)?$/.test(timeoutText) || !(timeoutMs > 0)) return { ok: false, error: `--timeout ${JSON.stringify(timeoutText)}: expected a positive number of milliseconds` };
  const bodyFile = single.get('--body') ?? '';
  let bodyText: string;
  try {
    bodyText = readFileSync(bodyFile, 'utf8');
  } catch (e) {
    return { ok: false, error: `--body ${bodyFile}: cannot read it (${(e as NodeJS.ErrnoException).code ?? String(e)})` };
  }
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch (e) {
    return { ok: false, error: `--body ${bodyFile}: not JSON (${(e as Error).message})` };
  }
  const method = (single.get('--method') ?? 'POST').toUpperCase();
  if (!/^[A-Z]+$/.test(method)) return { ok: false, error: `--method ${JSON.stringify(method)}: not an HTTP method` };
  const out = single.get('--out') ?? '';
  if (out.trim() === '') return { ok: false, error: '--out needs a file name' };
  const title = single.get('--title');
  return {
    ok: true,
    options: { wire: wire as WireId, url, method, bodyFile, body, out, headers, redact, timeoutMs, force, ...(title === undefined ? {} : { title }) },
  };
}
