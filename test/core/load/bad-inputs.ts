// Real bad inputs, one or more per issue template and failure code the loaders have: shared by the loader-message
// tests (core) and the catalog tests (UI). Each names the template ids ('code' or 'code.variant') it must produce.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// a path, not a URL from import.meta.url: under jsdom that URL is not a file: URL
export const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(import.meta.dirname, '../../fixtures/load', name)));

export interface BadInput {
  label: string;
  input: string | Uint8Array;
  name?: string;
  /** Template ids the result must hold (issues), or the failure code. */
  ids: string[];
}

const v1 = (header: Record<string, unknown>, ...lines: string[]): string => `${JSON.stringify({ streamscope: 1, ...header })}\n${lines.join('\n')}\n`;
const REQ = '[0,"req",{}]';

const har = (entry: Record<string, unknown>): string =>
  JSON.stringify({
    log: {
      entries: [
        {
          startedDateTime: '2026-01-01T00:00:00Z',
          request: { method: 'POST', url: 'https://x/' },
          response: { content: { mimeType: 'text/event-stream', text: 'data: 1\n\n' } },
          timings: { wait: 10, receive: 20 },
          ...entry,
        },
      ],
    },
  });
const sseBody = (text: string, encoding?: string) => ({ response: { content: { mimeType: 'text/event-stream', text, ...(encoding && { encoding }) } } });

/** Readable files with problems: each issue template id at least once. */
export const ISSUE_INPUTS: BadInput[] = [
  { label: 'a line that is not JSON', input: v1({}, REQ, '{oops <img src=x onerror=alert(1)>'), ids: ['bad-json'] },
  { label: 'a line that is not an event', input: v1({}, REQ, '{"a":1}'), ids: ['bad-event-shape'] },
  { label: 'a time that is a string', input: v1({}, REQ, '["x","chunk","data: 1\\n\\n"]'), ids: ['bad-time'] },
  {
    label: 'events with data of the wrong shape',
    input: v1(
      {},
      REQ,
      '[1,"chunk",5]',
      '[1,"bytes",5]',
      '[1,"end",{"status":"nope"}]',
      '[1,"final",5]',
      '[1,"tool",{}]',
      '[1,"tool",{"callId":"c","name":"n","durationMs":-1}]',
      '[1,"mark",5]',
    ),
    ids: ['bad-event-data.chunk', 'bad-event-data.bytes', 'bad-event-data.end', 'bad-event-data.final', 'bad-event-data.tool', 'bad-event-data.tool-duration', 'bad-event-data.mark'],
  },
  { label: 'bad base64', input: v1({}, REQ, '[1,"bytes","abc=="]', '[2,"bytes","abcde"]', '[3,"bytes","ab!d"]'), ids: ['bad-base64.padding', 'bad-base64.length', 'bad-base64.char'] },
  {
    label: 'header fields of the wrong type',
    input: v1({ title: 5, wire: 'x\u202Eevil', provenance: 5, model: 5, tools: 5, expect: { a: 'maybe' } }, REQ),
    ids: ['bad-header-field.localized', 'bad-header-field.one-of', 'bad-header-field.provenance', 'bad-header-field.expected'],
  },
  { label: 'a provenance kind that is none', input: v1({ provenance: { kind: '<b>x</b>' }, tools: [{}], expect: 5 }, REQ), ids: ['bad-header-field.provenance-kind', 'bad-header-field.unnamed-tool', 'bad-header-field.expected'] },
  { label: 'two tools without names', input: v1({ tools: [{}, 5] }, REQ), ids: ['bad-header-field.unnamed-tools'] },
  { label: 'an unknown code', input: v1({}, REQ, '[1,"zzz",0]'), ids: ['unknown-event-code'] },
  { label: 'a chunk before any req', input: v1({}, '[1,"chunk","data: 1\\n\\n"]'), ids: ['implicit-turn'] },
  { label: 'turns named wrongly', input: v1({}, '[0,"req",{"turn":3}]', '[1,"final",{"turn":7,"message":{}}]'), ids: ['turn-number-mismatch', 'unknown-turn'] },
  { label: 'no turns', input: v1({}), ids: ['no-turns'] },
  { label: 'a HAR', input: fixture('two-streams.har'), name: 'two-streams.har', ids: ['har-approximate-timing'] },
  { label: 'a HAR entry with no date', input: har({ startedDateTime: 5 }), name: 'x.har', ids: ['har-bad-entry.started'] },
  { label: 'a HAR body with bad padding', input: har(sseBody('abc==', 'base64')), name: 'x.har', ids: ['har-bad-entry.padding', 'har-empty-body'] },
  { label: 'a HAR body of a bad length', input: har(sseBody('abcde', 'base64')), name: 'x.har', ids: ['har-bad-entry.length'] },
  { label: 'a HAR body with a bad character', input: har(sseBody('ab!d', 'base64')), name: 'x.har', ids: ['har-bad-entry.char'] },
  { label: 'a HAR entry without body text', input: har(sseBody('')), name: 'x.har', ids: ['har-empty-body'] },
  { label: 'NDJSON with bad lines', input: '{"type":"a"}\n{oops\n5\n', name: 'x.ndjson', ids: ['ndjson-bad-line.not-json', 'ndjson-bad-line.not-container'] },
  { label: 'SSE only by its name', input: 'hello <script>x</script>\ndata: 1\n\n', name: 'x.sse', ids: ['sse-unusual-start'] },
];

/** Unreadable files: each failure code at least once ('line1-not-header' cannot be reached from a file: see the test). */
export const FAILURE_INPUTS: BadInput[] = [
  { label: 'blank', input: '  \n ', ids: ['empty'] },
  { label: 'an empty first line in a .jsonl', input: '\nhello', name: 'x.jsonl', ids: ['jsonl-empty'] },
  { label: 'no format', input: 'hello \u202Eworld <img src=x onerror=alert(1)>', name: 'x.bin', ids: ['unknown-format'] },
  { label: 'not even text', input: 5 as unknown as string, ids: ['internal'] },
  { label: 'events without a header', input: fixture('events-without-header.jsonl'), name: 'events-without-header.jsonl', ids: ['header-missing'] },
  { label: 'a HAR that is not JSON', input: '{"log": {"entries": [', name: 'x.har', ids: ['har-not-json'] },
  { label: 'a header that is not JSON', input: fixture('header-not-json.jsonl'), name: 'header-not-json.jsonl', ids: ['header-not-json'] },
  { label: 'a JSON document of no kind', input: '{\n"a": 1}\n', name: 'x.json', ids: ['json-not-recording'] },
  { label: 'a header that is an array', input: '[1,2]\n', name: 'x.jsonl', ids: ['header-not-object'] },
  { label: 'a header without a version', input: fixture('header-without-streamscope.jsonl'), name: 'header-without-streamscope.jsonl', ids: ['header-no-version'] },
  { label: 'a newer version', input: fixture('future-version.jsonl'), name: 'future-version.jsonl', ids: ['header-newer-version'] },
  { label: 'a version that is a string', input: '{"streamscope": "1"}\n', ids: ['header-bad-version'] },
  { label: 'a HAR without entries', input: '{"log": {}}', name: 'x.har', ids: ['har-no-entries'] },
  { label: 'a HAR without a stream', input: fixture('no-event-stream.har'), name: 'no-event-stream.har', ids: ['har-no-stream'] },
  { label: 'UTF-16 LE text with a BOM', input: utf16le('\ufeffdata: {"a":1}\n\n'), name: 'x.sse', ids: ['utf16'] },
  { label: 'UTF-32 BE text with a BOM', input: new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x64]), name: 'x.sse', ids: ['utf32'] },
  { label: 'a gzip file', input: new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]), name: 'x.sse.gz', ids: ['gzip'] },
  { label: 'a zip file', input: new Uint8Array([0x50, 0x4b, 3, 4, 20, 0, 0, 0]), name: 'x.jsonl', ids: ['zip'] },
  { label: 'a PDF', input: '%PDF-1.7\n%\u00e2\u00e3\n', name: 'x.sse', ids: ['pdf'] },
  { label: 'a PNG', input: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), name: 'x.har', ids: ['png'] },
  { label: 'binary data', input: new Uint8Array([100, 97, 116, 97, 58, 32, 0, 1, 2, 0xff, 0xc0, 0x80, 7, 8]), name: 'x.sse', ids: ['binary'] },
];

/** `text` as UTF-16 LE bytes (a leading U+FEFF becomes the BOM FF FE). */
export function utf16le(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 * i] = c & 0xff;
    out[2 * i + 1] = c >> 8;
  }
  return out;
}
