/**
 * The loaders' English sentences, as one template table keyed by a problem's code (and its wording variant), and
 * the sentence of a problem.
 *
 * Contract: pure, never throws. `english(problem)` is the English of a LoadIssue or LoadFailure: its template
 * (`templateId(code, params)`) filled from its params (./messages.ts `fill`), after "line N (byte B): " when it has
 * a place. A problem that carries its own `message` (one made without a template here: a fault, an analysis that
 * threw, the session's wire-not-detected) says that; one with neither says its code. The CLI prints these sentences
 * and the app's English catalog is built from them (i18n/messages/load.ts); a page's analysis never imports this
 * module. Issue and failure codes never share a name (a unit test checks), so one table serves both.
 */
import type { LoadFailure, LoadIssue } from '../types';
import { fill, templateId, type FailureCode, type Params } from './messages';

/** Issue templates: the sentence after "line N (byte B): " (when an issue has a place). */
export const ISSUE_TEMPLATES = {
  'bad-json': 'not JSON, line skipped: {error}',
  'bad-event-shape': 'expected an event [timeMs, "code", data], got {type}; line skipped',
  'bad-time': 'the time is {type} {value}, expected a finite number of ms; line skipped',
  'bad-event-data.chunk': '"chunk" data is {type}, expected a string',
  'bad-event-data.bytes': '"bytes" data is {type}, expected a base64 string',
  'bad-event-data.end': '"end" needs {"status": "complete" | "aborted" | "error"}, got {type}',
  'bad-event-data.final': '"final" needs {"turn": n, "message": {...}}, got {type}',
  'bad-event-data.tool': '"tool" needs {"turn": n, "callId": "...", "name": "...", "durationMs": n}',
  'bad-event-data.tool-duration': '"tool" durationMs is {type}, expected a finite number >= 0',
  'bad-event-data.mark': '"mark" needs {"zh": "...", "en": "..."}, got {type}',
  'bad-base64.padding': '"bytes" data is not valid base64: padding "=" at character {at} does not end a 4-character group',
  'bad-base64.length': '"bytes" data is not valid base64: {count} characters cannot encode whole bytes',
  'bad-base64.char': '"bytes" data is not valid base64: character {at} ({char}) is not base64',
  'bad-header-field.localized': 'header field "{field}" ignored: expected {"zh": "...", "en": "..."}, got {type}',
  'bad-header-field.one-of': 'header field "{field}" ignored: {value} is not one of {allowed}',
  'bad-header-field.provenance': 'header field "{field}" ignored: provenance is {type}, not an object',
  'bad-header-field.provenance-kind': 'header field "{field}" ignored: provenance.kind {value} is not one of {allowed}',
  'bad-header-field.expected': 'header field "{field}" ignored: expected {expected}, got {type}',
  'bad-header-field.unnamed-tool': 'header field "{field}" ignored: {count} entry has no string "name"',
  'bad-header-field.unnamed-tools': 'header field "{field}" ignored: {count} entries have no string "name"',
  'unknown-event-code': 'unknown event code {event} ignored (and any later lines with it)',
  'implicit-turn': '"{event}" before any "req": starting turn 0 at 0 ms',
  'unknown-turn': '"{event}" names turn {turn}, which has no "req" before it',
  'turn-number-mismatch': '"req" says turn {turn} but it is request number {index}; using {index}',
  'no-turns': 'the recording has no "req" and no "chunk": nothing to replay',
  'har-approximate-timing': "HAR keeps no per-chunk times: each turn's events are spread evenly between its first and last received byte",
  'har-bad-entry.started': 'HAR entry {entry}: "startedDateTime" is {type} and not a date; its request is placed at 0 ms',
  'har-bad-entry.padding': 'HAR entry {entry}: the base64 body is invalid (padding "=" at character {at} does not end a 4-character group); the turn has no chunks',
  'har-bad-entry.length': 'HAR entry {entry}: the base64 body is invalid ({count} characters cannot encode whole bytes); the turn has no chunks',
  'har-bad-entry.char': 'HAR entry {entry}: the base64 body is invalid (character {at} ({char}) is not base64); the turn has no chunks',
  'har-empty-body': 'HAR entry {entry}: the event-stream response has no body text in the HAR',
  'ndjson-bad-line.not-json': 'not JSON, line skipped: {error}',
  'ndjson-bad-line.not-container': 'expected a JSON object or array, got {type}; line skipped',
  'sse-unusual-start': 'read as SSE text because of the file name, but the first line starts with {start}, not a field or a comment',
} as const;

/** Failure templates: the sentence after "line N (byte B): " (when a failure has a place). */
export const FAILURE_TEMPLATES = {
  empty: 'the file is empty',
  'jsonl-empty': 'the file is empty (expected a header line {"streamscope": 1, ...})',
  'unknown-format': 'not a Streamscope recording, SSE text, HAR or NDJSON: the first line starts with {start}',
  internal: 'could not read the file: {error}',
  'header-missing': 'the header is missing: line 1 is an event [timeMs, code, data], not {"streamscope": 1, ...}',
  'line1-not-header': 'line 1 is {type}, not a recording header {"streamscope": 1, ...}',
  'har-not-json': 'the HAR file is not JSON: {error}',
  'json-too-large': 'the file is one JSON document of {size} bytes (line 1 is not a recording header), too large to read whole: save the stream as a .jsonl recording or SSE text instead',
  'header-not-json': 'the header is not JSON: {error}',
  'json-not-recording': 'the file is one JSON document ({type}) but neither a HAR (no "log.entries") nor a recording (line 1 is not {"streamscope": 1, ...})',
  'header-not-object': 'the header is {type}, not an object with "streamscope": 1',
  'header-no-version': 'the header has no "streamscope" field (expected "streamscope": 1)',
  'header-newer-version': 'the file is Streamscope recording format version {version}; this app reads version 1',
  'header-bad-version': '"streamscope" is {value}, expected 1',
  'har-no-entries': 'HAR: "log.entries" is missing or not an array',
  'har-no-stream': 'HAR: none of its {count} entries has a "text/event-stream" response, so there is no stream to replay',
  utf16: 'the file is UTF-16 {endian} text, not UTF-8: convert it to UTF-8 first (for example iconv -f UTF-16 -t UTF-8)',
  utf32: 'the file is UTF-32 {endian} text, not UTF-8: convert it to UTF-8 first (for example iconv -f UTF-32 -t UTF-8)',
  gzip: 'the file is gzip-compressed: decompress it first (gunzip), then open the result',
  zip: 'the file is a zip archive: extract the recording from it first',
  pdf: 'the file is a PDF document, not a recording or SSE text',
  png: 'the file is a PNG image, not a recording or SSE text',
  binary: 'the file is binary data, not text: {count} of its first {sample} bytes are NUL, control bytes or invalid UTF-8 (the first at byte {at})',
} as const;

/** Every failure code. */
export const LOAD_FAILURE_CODES = Object.keys(FAILURE_TEMPLATES) as readonly FailureCode[];

/** "line N (byte B)": a problem's place, as the English sentences say it. */
export function where(line: number, byteOffset: number): string {
  return `line ${line} (byte ${byteOffset})`;
}

const TEMPLATES: Readonly<Record<string, string>> = { ...ISSUE_TEMPLATES, ...FAILURE_TEMPLATES };

/** A problem's English sentence (see the contract above); `placed: false` leaves out the place (a caller saying it). */
export function english(problem: LoadIssue | LoadFailure, { placed = true }: { placed?: boolean } = {}): string {
  const { code, params, line, byteOffset, message } = problem;
  if (message !== undefined) return message;
  const template = code === undefined ? undefined : TEMPLATES[templateId(code, params)];
  if (template === undefined) return code ?? '';
  const sentence = fill(template, (params ?? {}) as Params);
  return placed && line !== undefined && byteOffset !== undefined ? `${where(line, byteOffset)}: ${sentence}` : sentence;
}
