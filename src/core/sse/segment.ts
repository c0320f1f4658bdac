/**
 * Splits an SSE stream into event blocks, per WHATWG (HTML 9.2.5): lines end with CRLF, LF or a lone CR, and a
 * block ends at an empty line. Works on decoded text or on raw bytes (line endings are ASCII, and UTF-8 never uses
 * 0x0A / 0x0D inside a multi-byte character, so both give the same blocks).
 *
 * Contract: `onBlock(start, blankAt, end)` is called once per block, in order: the block is [start, end) and
 * includes its terminating blank line, whose first character (its line ending) is at `blankAt`. The return value
 * is where the unterminated rest begins (== length when the stream ends on a blank line). Blocks tile the input
 * from 0 (or from `from`, a block start) with no gap. Linear time; when the input has no CR the search is native indexOf only.
 */

export type OnBlock = (start: number, blankAt: number, end: number) => void;

const LF = 10;
const CR = 13;

/** The general path: CR, LF and CRLF. `find(code, from)` is indexOf for one character code. */
function segmentGeneral(
  length: number,
  find: (code: number, from: number) => number,
  codeAt: (i: number) => number,
  onBlock: OnBlock,
  from = 0,
): number {
  let blockStart = from;
  let lineStart = from;
  let nextCr = find(CR, from);
  let nextLf = find(LF, from);
  while (lineStart < length) {
    if (nextCr !== -1 && nextCr < lineStart) nextCr = find(CR, lineStart);
    if (nextLf !== -1 && nextLf < lineStart) nextLf = find(LF, lineStart);
    let t: number;
    if (nextCr === -1) {
      if (nextLf === -1) break;
      t = nextLf;
    } else t = nextLf === -1 || nextCr < nextLf ? nextCr : nextLf;
    const end = codeAt(t) === CR && t + 1 < length && codeAt(t + 1) === LF ? t + 2 : t + 1;
    if (t === lineStart) {
      onBlock(blockStart, t, end);
      blockStart = end;
    }
    lineStart = end;
  }
  return blockStart;
}

/** Segments decoded text, from `from` (0, or a block start: where the blocks from 0 would have put one). */
export function segmentText(text: string, onBlock: OnBlock, from = 0): number {
  if (text.indexOf('\r', from) !== -1) {
    return segmentGeneral(
      text.length,
      (code, at) => text.indexOf(code === CR ? '\r' : '\n', at),
      (i) => text.charCodeAt(i),
      onBlock,
      from,
    );
  }
  const n = text.length;
  let s = from;
  while (s < n) {
    if (text.charCodeAt(s) === LF) {
      onBlock(s, s, s + 1);
      s += 1;
      continue;
    }
    const i = text.indexOf('\n\n', s);
    if (i === -1) break;
    onBlock(s, i + 1, i + 2);
    s = i + 2;
  }
  return s;
}

/** Segments raw bytes (the exact bytes survive: callers slice the input by the offsets). */
export function segmentBytes(bytes: Uint8Array, onBlock: OnBlock): number {
  if (bytes.indexOf(CR) !== -1) {
    return segmentGeneral(bytes.length, (code, from) => bytes.indexOf(code, from), (i) => bytes[i] ?? -1, onBlock);
  }
  const n = bytes.length;
  let s = 0;
  while (s < n) {
    if (bytes[s] === LF) {
      onBlock(s, s, s + 1);
      s += 1;
      continue;
    }
    let i = bytes.indexOf(LF, s);
    while (i !== -1 && bytes[i + 1] !== LF) i = bytes.indexOf(LF, i + 1);
    if (i === -1) break;
    onBlock(s, i + 1, i + 2);
    s = i + 2;
  }
  return s;
}
