/**
 * Loading: a file's content -> a Recording, whatever of the accepted formats it is in.
 *
 * Contract: `load(input, name?, opts?)` never throws (but for ./readers.ts `ReaderMissing`, below) (`opts`: how it reads, never what: source.ts LoadOptions). What is plainly not UTF-8 text (UTF-16/32, gzip, zip, PDF, PNG,
 * binary data) is refused first by ./sniff.ts, with a coded failure saying what it is and what to do. Else the
 * format is detected from the content (the name's extension is only a tie-breaker): a v1 recording (`.jsonl`,
 * line 1 {"streamscope": 1}), raw SSE text (what `curl -N` prints), a HAR (JSON with `log.entries`), or NDJSON
 * of data payloads. An unreadable file gives `{ok: false, error}` with one sentence naming what and where (line
 * and byte offset when it is about a line); a readable file with bad parts gives a Recording whose `issues` name them. No quadratic work: every format is
 * read in one or two linear passes, so even a single line of many megabytes costs time linear in its length.
 *
 * The readers of raw SSE, HAR and NDJSON and the base64 decoder of `bytes` events are installed (./readers.ts;
 * ./index.ts installs them, so every importer of core/load has them). Where they are not, a file that needs one
 * throws `ReaderMissing`: a page, whose shipped recordings are v1 files of text chunks, then fetches them and
 * loads again (core/session/lazy.ts).
 */
import type { LoadResult } from '../types';
import { errorText, excerpt, failure, isObject, issue } from './issues';
import { jsonType } from './messages';
import { loadJsonl } from './jsonl';
import { SAMPLE, sniff } from './sniff';
import { LineReader } from './line-reader';
import { reader, ReaderMissing } from './readers';
import { headIsWhole, headText, startBytes, toSource, wholeBytes, wholeText, type LoadInput, type LoadOptions, type Source } from './source';

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

function firstLine(src: Source): string {
  const reader = new LineReader(src);
  reader.next();
  return reader.text;
}

/** Raw SSE: one turn whose chunks are views of the input's bytes (pieces are joined into one buffer, not a string). */
function loadSse(input: LoadInput, src: Source, head: string): LoadResult {
  const recording = reader('sse')(typeof input === 'string' ? input : wholeBytes(src));
  if (SSE_LINE.test(head)) return { ok: true, recording };
  return { ok: true, recording: { ...recording, issues: [...recording.issues, issue('sse-unusual-start', { start: excerpt(head) }, 1, 0)] } };
}

function loadJsonish(src: Source, ext: string): LoadResult {
  const line1 = firstLine(src);
  let v1: unknown;
  let e1: unknown;
  try {
    v1 = JSON.parse(line1);
  } catch (e) {
    e1 = e;
  }
  if (e1 === undefined) {
    if (isObject(v1) && 'streamscope' in v1) return loadJsonl(src);
    if (isObject(v1) && isObject(v1.log)) return reader('har')(v1);
    if (Array.isArray(v1) && typeof v1[0] === 'number' && typeof v1[1] === 'string') {
      return failure('header-missing', {}, 1, 0);
    }
    if (ext === 'jsonl') return loadJsonl(src);
    if (typeof v1 === 'object' && v1 !== null) return reader('ndjson')(src);
    return failure('line1-not-header', { type: jsonType(v1) }, 1, 0);
  }
  let whole: unknown;
  try {
    whole = JSON.parse(wholeText(src));
  } catch (e2) {
    if (e2 instanceof RangeError) return failure('json-too-large', { size: src.size });
    if (ext === 'har') return failure('har-not-json', { error: errorText(e2) });
    return failure('header-not-json', { error: errorText(e1) }, 1, 0);
  }
  if (isObject(whole) && isObject(whole.log)) return reader('har')(whole);
  return failure('json-not-recording', { type: jsonType(whole) }, 1, 0);
}

/**
 * A regular expression run on the whole text (`search(/\S/)` here, others in the readers) leaves that text as the
 * engine's last match input (RegExp.input, `$_`), which keeps it alive after loading until some other match runs:
 * the whole file's text, held through the analysis. One match on an empty string lets it go.
 */
const forgetLastMatch = (): void => void /^/.exec('');

/** Reads a recording in any accepted format. Never throws. */
export function load(input: LoadInput, name?: string, opts?: LoadOptions): LoadResult {
  try {
    return loadAny(input, name, opts);
  } finally {
    forgetLastMatch();
  }
}

/**
 * The start of the input, decoded (about HEAD_BYTES): enough to classify it. When that is all white space and the
 * input goes on, the first line with content instead, from its first character that is not white space.
 */
function headOf(src: Source): string {
  const head = headText(src);
  if (/\S/.test(head) || headIsWhole(src)) return head;
  const reader = new LineReader(src);
  while (reader.next()) {
    const at = reader.text.search(/\S/);
    if (at !== -1) return reader.text.slice(at);
  }
  return '';
}

function loadAny(input: LoadInput, name?: string, opts?: LoadOptions): LoadResult {
  try {
    const src = toSource(input, name, opts);
    const refused = sniff(typeof input === 'string' ? input : startBytes(src.pieces ?? [], SAMPLE));
    if (refused) return refused;
    const ext = extension(name);
    const text = headOf(src);
    const start = text.search(/\S/);
    if (start === -1) return failure('empty', {}, 1, 0);
    const c = text.charCodeAt(start);
    if (c === 123 /* { */ || c === 91 /* [ */) return loadJsonish(src, ext);
    const head = firstNonEmptyLine(text);
    if (SSE_LINE.test(head) || SSE_EXTENSIONS.includes(ext)) return loadSse(input, src, head);
    if (ext === 'jsonl') return loadJsonl(src);
    return failure('unknown-format', { start: excerpt(head) }, 1, 0);
  } catch (e) {
    if (e instanceof ReaderMissing) throw e;
    // Defensive only: every reader reports problems as values. Still, a bug must not crash the page.
    return failure('internal', { error: errorText(e) });
  }
}
