/**
 * The fast path of SSE field parsing: recognizes the block shapes that make up almost every real stream, so the
 * decoder can read them without a general field parser.
 *
 * Contract: `simpleBlock(text, start, blank)` is called only for a text that holds NO carriage return, on a block
 * as `segmentText` cuts it: [start, blank] where `blank` is the LF of the block's terminating empty line. It returns
 * - the offset of its `data:` line (>= start) when the block is exactly one `data:` line, or one `event:` line
 *   then one `data:` line (field names matched exactly and case-sensitively, as eventsource-parser does);
 * - `SIMPLE_SILENT` when the block dispatches nothing and sets no id: the lone empty line, or one comment line;
 * - `NOT_SIMPLE` for anything else (more lines, other fields, a line without the exact prefix): use the parser.
 * For the shapes it accepts, the result is what eventsource-parser 3 gives for the same block fed after a
 * completed one: event = the `event:` value (one optional space stripped) or 'message' when absent or empty,
 * data = the `data:` value (one optional space stripped), no id. test/core/sse/properties.test.ts checks the
 * equality on random CR-free streams. `oneLineBlock` / `twoLineBlock` are the same test for a caller that has
 * already found the block's line ends and knows the lines hold no CR or LF of their own (the decoder's fast paths,
 * fast-path.ts: LF, CRLF or CR line ends). Reads only char codes; never throws.
 */

export const NOT_SIMPLE = -1;
export const SIMPLE_SILENT = -2;

function isData(text: string, i: number): boolean {
  return (
    text.charCodeAt(i) === 100 &&
    text.charCodeAt(i + 1) === 97 &&
    text.charCodeAt(i + 2) === 116 &&
    text.charCodeAt(i + 3) === 97 &&
    text.charCodeAt(i + 4) === 58
  );
}

function isEvent(text: string, i: number): boolean {
  return (
    text.charCodeAt(i) === 101 &&
    text.charCodeAt(i + 1) === 118 &&
    text.charCodeAt(i + 2) === 101 &&
    text.charCodeAt(i + 3) === 110 &&
    text.charCodeAt(i + 4) === 116 &&
    text.charCodeAt(i + 5) === 58
  );
}

/**
 * A block whose only line is text[start, lf) (the caller found LF at `lf` and LF at `lf + 1`): `start` for a
 * `data:` line, SIMPLE_SILENT for a comment line, else NOT_SIMPLE.
 */
export function oneLineBlock(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === 100 /* d */) return isData(text, start) ? start : NOT_SIMPLE;
  return first === 58 /* : */ ? SIMPLE_SILENT : NOT_SIMPLE;
}

/** A block of exactly two lines, the second starting at `second`: `second` for `event:` then `data:`, else NOT_SIMPLE. */
export function twoLineBlock(text: string, start: number, second: number): number {
  return isEvent(text, start) && isData(text, second) ? second : NOT_SIMPLE;
}

/** The offset of the block's `data:` line (>= start), SIMPLE_SILENT, or NOT_SIMPLE (see the module contract). */
export function simpleBlock(text: string, start: number, blank: number): number {
  if (blank === start) return SIMPLE_SILENT;
  const lf = text.indexOf('\n', start);
  if (lf === blank - 1) return oneLineBlock(text, start);
  const lf2 = text.indexOf('\n', lf + 1);
  return lf2 === blank - 1 ? twoLineBlock(text, start, lf + 1) : NOT_SIMPLE;
}

/** The value of a field whose name (with its colon) spans [at, at + nameLength): one leading space is dropped. */
export function fieldValue(text: string, at: number, nameLength: number, lineEnd: number): string {
  const v = at + nameLength;
  return text.slice(v < lineEnd && text.charCodeAt(v) === 32 ? v + 1 : v, lineEnd);
}

/** The event type of a simple block whose data line is at `dataLine` ('message' when there is no event line). */
export function simpleEvent(text: string, start: number, dataLine: number): string {
  if (dataLine === start) return 'message';
  return fieldValue(text, start, 6, dataLine - 1) || 'message';
}
