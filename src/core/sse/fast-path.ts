/**
 * The decoder's per-turn state, the frame it appends for a block, and its fast paths: the blocks of a piece whose
 * lines all end the same way (LF, CRLF, or CR) are found by scanning each line once, and the common block shapes among
 * them (simple-block.ts) are read directly; the other blocks go to the general path (`FeedBlock`, the turn's
 * eventsource-parser).
 *
 * Contract: `decodeLf(t, general)` is called only on a piece with no CR; `decodeCr(t, general, crlf)` on any piece.
 * Both report the blocks `segmentText` would cut, in order, each once (a simple block pushed as its frame, a silent
 * one skipped, any other given to `general(start, blank, end)`), and return the offset where they stopped: the
 * start of the unterminated rest (decodeLf), or of the first block that holds a line not ended by CRLF (or by a
 * lone CR) or a CR or LF of its own (decodeCr: the caller segments the rest with `segmentText(text, general, from)`, which cuts the
 * same blocks from a block start). A CRLF line end is one line end (WHATWG), so a simple block's fields are read
 * exactly as with LF; the data ends before its line's CR (a lone CR: likewise). Checked by property tests against `{ fastPath: false }`.
 */
import type { ChunkTable, Ms, TurnIndex } from '../types';
import type { ByteMap } from './byte-map';
import { SIDE } from './frame-table';
import { NOT_SIMPLE, oneLineBlock, SIMPLE_SILENT, twoLineBlock } from './simple-block';
import type { TableBuilder } from './table-builder';
import { emittedAt } from './utf8';

/** The general path for one block of the current piece (start, its blank line, end), piece-relative. */
export type FeedBlock = (start: number, blank: number, end: number) => void;

/** One turn's decoding state; the piece fields change per piece. */
export interface TurnState {
  b: TableBuilder;
  turnNo: TurnIndex;
  chunks: ChunkTable;
  /** Byte offset at which each chunk ends (`chunks.ends`): chunk k + 1 starts at chunkEnds[k]. */
  chunkEnds: Float64Array;
  lastChunk: number;
  /** Chunk cursor: frames come in byte order, so the chunk search only moves forward. */
  k: number;
  all: Uint8Array;
  // the current piece
  text: string;
  piece: number;
  charBase: number;
  byteBase: number;
  map: ByteMap;
}

/**
 * Appends the frame of the block text[start, end) (blank line at `blank`, piece-relative), its event index and
 * its data at [ds, de) of the piece (or of the side text when `side`).
 */
export function pushFrame(t: TurnState, start: number, blank: number, end: number, event: number, side: boolean, ds: number, de: number): void {
  pushFrameAt(t, t.byteBase + t.map.at(start), start, blank, end, event, side, ds, de);
}

/** pushFrame for a caller that has already asked the map for the block's first byte (`byteStart`, turn-relative). */
function pushFrameAt(t: TurnState, byteStart: number, start: number, blank: number, end: number, event: number, side: boolean, ds: number, de: number): void {
  const map = t.map;
  const byteBlank = t.byteBase + map.at(blank);
  // the blank line is its line end alone (LF, CR or CRLF: ASCII), as many bytes as characters
  const byteEnd = byteBlank + (end - blank);
  const chunkEnds = t.chunkEnds;
  const lastChunk = t.lastChunk;
  let k = t.k;
  const firstByte = map.ascii ? byteStart : emittedAt(t.all, byteStart);
  while (k < lastChunk && (chunkEnds[k] as number) <= firstByte) k++;
  const first = k;
  while (k < lastChunk && (chunkEnds[k] as number) <= byteBlank) k++;
  const at = k;
  while (k < lastChunk && (chunkEnds[k] as number) < byteEnd) k++;
  t.k = k;
  const b = t.b;
  const i = b.next();
  b.turn[i] = t.turnNo;
  b.time[i] = t.chunks.times[at] as Ms;
  b.chunkFirst[i] = first;
  b.chunkLast[i] = k;
  b.charStart[i] = t.charBase + start;
  b.charEnd[i] = t.charBase + end;
  b.byteStart[i] = byteStart;
  b.byteEnd[i] = byteEnd;
  b.event[i] = event;
  b.piece[i] = side ? t.piece + SIDE : t.piece;
  b.dataStart[i] = ds;
  b.dataEnd[i] = de;
}


/**
 * A simple block (simple-block.ts) [s, blank] whose data line is at `dataLine`, with line ends of `nl` characters
 * (1: LF, 2: CRLF): its event and data, read directly.
 */
function pushSimple(t: TurnState, s: number, blank: number, dataLine: number, nl: number): void {
  const text = t.text;
  const byteStart = t.byteBase + t.map.at(s);
  let event = 0;
  if (dataLine !== s) {
    let v = s + 6;
    const lineEnd = dataLine - nl;
    if (v < lineEnd && text.charCodeAt(v) === 32) v++;
    // "event:" and its space are ASCII, so the name's bytes start as many bytes after the block's first byte
    event = t.b.eventAt(undefined, t.all, byteStart + (v - s), text, v, lineEnd);
  }
  let v = dataLine + 5;
  const lineEnd = blank - nl;
  if (v < lineEnd && text.charCodeAt(v) === 32) v++;
  pushFrameAt(t, byteStart, s, blank, blank + nl, event, false, v, lineEnd);
}

/**
 * A CR-free piece: a block ends at the first "\n\n", found by scanning each line once; one- and two-line blocks
 * of the simple shapes are read directly, the others go to `general`. Returns where the unterminated rest begins.
 */
export function decodeLf(t: TurnState, general: FeedBlock): number {
  const text = t.text;
  let s = 0;
  for (;;) {
    const lf = text.indexOf('\n', s);
    if (lf === -1) break;
    let blank: number;
    let dataLine = NOT_SIMPLE;
    if (lf === s) {
      blank = s;
      dataLine = SIMPLE_SILENT;
    } else if (text.charCodeAt(lf + 1) === 10) {
      blank = lf + 1;
      dataLine = oneLineBlock(text, s);
    } else {
      const lf2 = text.indexOf('\n', lf + 1);
      if (lf2 === -1) break;
      if (text.charCodeAt(lf2 + 1) === 10) {
        blank = lf2 + 1;
        dataLine = twoLineBlock(text, s, lf + 1);
      } else {
        const i = text.indexOf('\n\n', lf2 + 1);
        if (i === -1) break;
        blank = i + 1;
      }
    }
    if (dataLine >= 0) pushSimple(t, s, blank, dataLine, 1);
    else if (dataLine !== SIMPLE_SILENT) general(s, blank, blank + 1);
    s = blank + 1;
  }
  return s;
}

/** An indexOf result, Infinity for none. */
const after = (i: number): number => (i === -1 ? Infinity : i);

/**
 * Blocks whose lines all end with CRLF (`crlf`) or all with a lone CR, holding no other CR or LF, from the piece's
 * start: read as decodeLf reads LF blocks. Stops at the first block with another line end, or at the unterminated
 * rest; returns that block's start. A CR that ends the piece is a line end (WHATWG; pieces never end between the CR
 * and the LF of a CRLF).
 */
export function decodeCr(t: TurnState, general: FeedBlock, crlf: boolean): number {
  const text = t.text;
  const nl = crlf ? 2 : 1;
  // the next CR and LF at or after the last line asked for (Infinity when none)
  let cr = -1;
  let lf = -1;
  /** The CR that ends the line starting at `at` the expected way, or -1 when that line has another end (or none). */
  const lineEnd = (at: number): number => {
    if (cr < at) cr = after(text.indexOf('\r', at));
    if (lf < at) lf = after(text.indexOf('\n', at));
    if (cr === Infinity) return -1;
    if (crlf) return lf === cr + 1 ? cr : -1;
    return lf > cr + 1 ? cr : -1;
  };
  let s = 0;
  for (;;) {
    const e1 = lineEnd(s);
    if (e1 === -1) break;
    let blank: number;
    let dataLine = NOT_SIMPLE;
    if (e1 === s) {
      blank = s;
      dataLine = SIMPLE_SILENT;
    } else {
      const e2 = lineEnd(e1 + nl);
      if (e2 === -1) break;
      if (e2 === e1 + nl) {
        blank = e2;
        dataLine = oneLineBlock(text, s);
      } else {
        let e = lineEnd(e2 + nl);
        if (e === -1) break;
        if (e === e2 + nl) dataLine = twoLineBlock(text, s, e1 + nl);
        else {
          // a longer block: line by line to its empty line
          let prev = e;
          while ((e = lineEnd(prev + nl)) !== prev + nl && e !== -1) prev = e;
          if (e === -1) break;
        }
        blank = e;
      }
    }
    if (dataLine >= 0) pushSimple(t, s, blank, dataLine, nl);
    else if (dataLine !== SIMPLE_SILENT) general(s, blank, blank + nl);
    s = blank + nl;
  }
  return s;
}
