/**
 * Loading: a file's content -> a Recording, whatever of the accepted formats it is in.
 *
 * Contract: `load(input, name?)` never throws. What is plainly not UTF-8 text (UTF-16/32, gzip, zip, PDF, PNG,
 * binary data) is refused first by ./sniff.ts, with a coded failure saying what it is and what to do. Else the
 * format is detected from the content (the name's extension is only a tie-breaker): a v1 recording (`.jsonl`,
 * line 1 {"streamscope": 1}), raw SSE text (what `curl -N` prints), a HAR (JSON with `log.entries`), or NDJSON
 * of data payloads. An unreadable file gives `{ok: false, error}` with one sentence naming what and where (line
 * and byte offset when it is about a line); a readable file with bad parts gives a Recording whose `issues` name them. No quadratic work: every format is
 * read in one or two linear passes, so a 10 MB single line loads in well under a second.
 */
import type { LoadResult } from '../types';
import { loadHar } from './har';
import { errorText, excerpt, failure, isObject, issue } from './issues';
import { jsonType } from './messages';
import { loadJsonl } from './jsonl';
import { loadNdjson } from './ndjson';
import { sniff } from './sniff';
import { toSource, type Source } from './source';
import { recordingFromSse } from './sse-text';

export { recordingFromSse, blockRanges, type SseOptions } from './sse-text';
export { decodeBase64, encodeBase64 } from './base64';
export type { LoadIssueCode, LoadFailureCode } from './issues';
export { ISSUE_TEMPLATES, FAILURE_TEMPLATES, LOAD_FAILURE_CODES, templateId, placeholders, type IssueTemplateId } from './messages';

const SSE_EXTENSIONS = ['sse', 'txt', 'event-stream', 'log'];
const SSE_LINE = /^(?::|(?:data|event|id|retry)(?::|$))/;

function extension(name: string | undefined): string {
  const m = name ? /\.([a-z0-9-]+)$/i.exec(name) : null;
  return m ? (m[1] as string).toLowerCase() : '';
}

/** The first line that is not empty, cut to a prefix long enough to classify it. */
function firstNonEmptyLine(text: string): string {
  const m = /[^\r\n]/.exec(text);
  if (!m) return '';
  const start = m.index;
  const end = text.slice(start, start + 256).search(/[\r\n]/);
  return text.slice(start, end === -1 ? start + 256 : start + end);
}

function firstLine(text: string): string {
  const nl = text.indexOf('\n');
  const line = nl === -1 ? text : text.slice(0, nl);
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

function loadSse(input: string | Uint8Array, head: string): LoadResult {
  const recording = recordingFromSse(input);
  if (!SSE_LINE.test(head)) {
    recording.issues.push(
      issue('sse-unusual-start', { start: excerpt(head) }, 1, 0),
    );
  }
  return { ok: true, recording };
}

function loadJsonish(src: Source, ext: string): LoadResult {
  const line1 = firstLine(src.text);
  let v1: unknown;
  let e1: unknown;
  try {
    v1 = JSON.parse(line1);
  } catch (e) {
    e1 = e;
  }
  if (e1 === undefined) {
    if (isObject(v1) && 'streamscope' in v1) return loadJsonl(src);
    if (isObject(v1) && isObject(v1.log)) return loadHar(v1);
    if (Array.isArray(v1) && typeof v1[0] === 'number' && typeof v1[1] === 'string') {
      return failure('header-missing', {}, 1, 0);
    }
    if (ext === 'jsonl') return loadJsonl(src);
    if (typeof v1 === 'object' && v1 !== null) return loadNdjson(src);
    return failure('line1-not-header', { type: jsonType(v1) }, 1, 0);
  }
  let whole: unknown;
  try {
    whole = JSON.parse(src.text);
  } catch (e2) {
    if (ext === 'har') return failure('har-not-json', { error: errorText(e2) });
    return failure('header-not-json', { error: errorText(e1) }, 1, 0);
  }
  if (isObject(whole) && isObject(whole.log)) return loadHar(whole);
  return failure('json-not-recording', { type: jsonType(whole) }, 1, 0);
}

/**
 * A regular expression run on the whole text (`search(/\S/)` here, others in the readers) leaves that text as the
 * engine's last match input (RegExp.input, `$_`), which keeps it alive after loading until some other match runs:
 * the whole file's text, held through the analysis. One match on an empty string lets it go.
 */
const forgetLastMatch = (): void => void /^/.exec('');

/** Reads a recording in any accepted format. Never throws. */
export function load(input: string | Uint8Array, name?: string): LoadResult {
  try {
    return loadAny(input, name);
  } finally {
    forgetLastMatch();
  }
}

/** How much of a byte input is decoded to tell its format (the SSE reader decodes the rest itself, once). */
const HEAD_BYTES = 64 * 1024;

/**
 * The text the format is told from: the whole input when it is a string or short, else its first HEAD_BYTES
 * decoded (BOM stripped). Undefined when that head cannot decide: no character but whitespace in it, or the first
 * line's classifying prefix reaching its end (where a character may be cut).
 */
function headText(input: string | Uint8Array): string | undefined {
  if (typeof input === 'string' || input.length <= HEAD_BYTES) return undefined;
  const head = new TextDecoder('utf-8', { fatal: false }).decode(input.subarray(0, HEAD_BYTES));
  const start = head.search(/\S/);
  return start === -1 || start + 256 >= head.length - 4 ? undefined : head;
}

function loadAny(input: string | Uint8Array, name?: string): LoadResult {
  try {
    const refused = sniff(input);
    if (refused) return refused;
    const ext = extension(name);
    // A large byte input is classified from its head: SSE (the common large file) is then decoded only once, by
    // the SSE reader; the other formats read the whole text.
    const head = headText(input);
    let src: Source | undefined;
    const text = head ?? (src = toSource(input, name)).text;
    const whole = (): Source => (src ??= toSource(input, name));
    const start = text.search(/\S/);
    if (start === -1) return failure('empty', {}, 1, 0);
    const c = text.charCodeAt(start);
    if (c === 123 /* { */ || c === 91 /* [ */) return loadJsonish(whole(), ext);
    const line = firstNonEmptyLine(text);
    if (SSE_LINE.test(line) || SSE_EXTENSIONS.includes(ext)) return loadSse(input, line);
    if (ext === 'jsonl') return loadJsonl(whole());
    return failure('unknown-format', { start: excerpt(line) }, 1, 0);
  } catch (e) {
    // Defensive only: every reader reports problems as values. Still, a bug must not crash the page.
    return failure('internal', { error: errorText(e) });
  }
}
