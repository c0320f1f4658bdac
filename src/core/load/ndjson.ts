/**
 * NDJSON of data payloads (one JSON object or array per line, as SDK test fixtures store streams): one untimed turn.
 *
 * Contract: each payload line becomes one chunk `data: <line>\n\n`, preceded by `event: <type>\n` when the payload
 * is an object with a string `type` (the way Anthropic and Responses streams name their events). Lines that are not
 * JSON objects/arrays are skipped with an 'ndjson-bad-line' issue. Chunks are 100 ms apart from 100 ms. Never throws.
 */
import { ms, turnIndex, type LoadIssue, type LoadResult } from '../types';
import { evenTable } from '../chunk-table';
import { Packer } from './pack';
import { errorText, issue, isObject } from './issues';
import { jsonType } from './messages';
import { BLOCK_BYTES, LineReader } from './line-reader';
import type { Source } from './source';

export function loadNdjson(src: Source): LoadResult {
  const issues: LoadIssue[] = [];
  const packer = new Packer(src.size + 64, src.streamed !== undefined);
  // line by line, each decoded on its own (line-reader.ts): the file is never one string; a stream is let go as read
  const line = new LineReader(src, BLOCK_BYTES, true);
  while (line.next()) {
    if (line.text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch (e) {
      issues.push(issue('ndjson-bad-line.not-json', { error: errorText(e) }, line.no, line.byteOffset()));
      continue;
    }
    if (typeof value !== 'object' || value === null) {
      issues.push(issue('ndjson-bad-line.not-container', { type: jsonType(value) }, line.no, line.byteOffset()));
      continue;
    }
    // A CR inside the line is JSON whitespace but an SSE line ending: re-serialise such a line.
    const data = line.text.indexOf('\r') === -1 ? line.text.trim() : JSON.stringify(value);
    const type = isObject(value) && typeof value.type === 'string' && !/[\r\n]/.test(value.type) ? value.type : undefined;
    const text = type === undefined ? `data: ${data}\n\n` : `event: ${type}\ndata: ${data}\n\n`;
    packer.add(text);
  }
  const table = packer.table(0, packer.count, new Float64Array(0));
  const chunks = evenTable(table.bytes, table.ends, 100, 100);
  return {
    ok: true,
    recording: { header: { streamscope: 1 }, format: 'ndjson', timed: false, turns: [{ index: turnIndex(0), requestAt: ms(0), chunks }], tools: [], marks: [], issues },
  };
}
