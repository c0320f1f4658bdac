/**
 * The loaders' view of an input file: its text (decoded leniently, BOM stripped), its exact bytes when the caller
 * gave bytes, and line / byte-offset bookkeeping for messages.
 *
 * Contract: `lines(text)` yields every line (split on LF, a trailing CR removed) with its 1-based number and char
 * offset; `byteOffsetAt(char)` turns increasing char offsets into byte offsets of the original input (exact for
 * byte input, UTF-8 length for string input), amortised O(1) per call, so issues on a huge file stay linear.
 */
import { utf8Length } from '../sse/utf8';

export interface Source {
  /** Decoded text, one leading BOM removed. */
  text: string;
  /** The original bytes, when the input was bytes. */
  bytes?: Uint8Array;
  /** Bytes before text[0] (3 when a BOM was removed). */
  bom: number;
  name?: string;
}

export function toSource(input: string | Uint8Array, name?: string): Source {
  if (typeof input === 'string') {
    const bom = input.charCodeAt(0) === 0xfeff;
    const src: Source = { text: bom ? input.slice(1) : input, bom: bom ? 3 : 0 };
    if (name !== undefined) src.name = name;
    return src;
  }
  const bom = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf;
  // TextDecoder strips the BOM itself (ignoreBOM defaults to false).
  const src: Source = { text: new TextDecoder('utf-8', { fatal: false }).decode(input), bytes: input, bom: bom ? 3 : 0 };
  if (name !== undefined) src.name = name;
  return src;
}

export interface Line {
  /** 1-based. */
  no: number;
  /** Char offset of the line's start in `text`. */
  start: number;
  text: string;
}

export function* lines(text: string): Generator<Line> {
  let start = 0;
  let no = 1;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    const lineEnd = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    yield { no, start, text: text.slice(start, lineEnd) };
    if (nl === -1) return;
    start = nl + 1;
    no++;
  }
}

/** Byte offsets for increasing char offsets of `src.text`. */
export function byteOffsets(src: Source): (char: number) => number {
  let c = 0;
  let b = src.bom;
  const { text, bytes } = src;
  if (bytes) {
    // Exact: walk LFs in both (an LF byte always decodes to an LF char, one for one), then measure within a line.
    return (char) => {
      if (char < c) {
        c = 0;
        b = src.bom;
      }
      for (;;) {
        const nl = text.indexOf('\n', c);
        if (nl === -1 || nl >= char) break;
        const bl = bytes.indexOf(10, b);
        c = nl + 1;
        b = bl + 1;
      }
      const out = b + utf8Length(text, c, char);
      return Math.min(out, bytes.length);
    };
  }
  return (char) => {
    if (char < c) {
      c = 0;
      b = src.bom;
    }
    b += utf8Length(text, c, char);
    c = char;
    return b;
  };
}
