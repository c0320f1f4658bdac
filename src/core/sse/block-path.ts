/**
 * The decoder's path for a turn whose chunks are its event blocks, as the loader cut raw SSE without CR and scanned
 * it (block-scan.ts): each block's bounds are its chunk's, its line shape and its non-ASCII bytes are the scan's, so
 * the text is not searched again; only the block's first bytes are read, and the chars of its bounds are counted
 * from the bytes (ByteMap.charOf).
 *
 * Contract: `decodeBlocks(t, scan, to, general)` decodes the blocks of the current piece (`t.text`, whose bytes end
 * at turn byte `to`, a block end), from chunk `t.k` (the piece's first block); leaves `t.k` at the first block of the
 * next piece. It reports what `decodeLf` (fast-path.ts) reports on the same piece, in order, each block once: a
 * simple block (simple-block.ts: one `data:` line, `event:` then `data:`) pushed as its frame, a silent one (the
 * lone empty line, one comment line) skipped, any other given to `general(start, blank, end)`; and returns where the
 * unterminated rest begins, or the piece's length when it holds none. A simple block's frame is its chunk alone
 * (its chunks, and the chunk of its empty line, are its own). Checked by property tests against `{ fastPath: false }`.
 */
import type { BlockScan } from './block-scan';
import type { FeedBlock, TurnState } from './fast-path';

/** Whether bytes[i...] starts with "data:" / "event:" (ASCII: exactly when the text there does). */
const isData = (a: Uint8Array, i: number): boolean => a[i] === 100 && a[i + 1] === 97 && a[i + 2] === 116 && a[i + 3] === 97 && a[i + 4] === 58;
const isEvent = (a: Uint8Array, i: number): boolean =>
  a[i] === 101 && a[i + 1] === 118 && a[i + 2] === 101 && a[i + 3] === 110 && a[i + 4] === 116 && a[i + 5] === 58;

export function decodeBlocks(t: TurnState, scan: BlockScan, to: number, general: FeedBlock): number {
  const text = t.text;
  const map = t.map;
  const all = t.all;
  const ends = t.chunkEnds;
  const times = t.chunks.times;
  const shape = scan.shape;
  const byteBase = t.byteBase;
  const charBase = t.charBase;
  const piece = t.piece;
  const turnNo = t.turnNo;
  const b = t.b;
  const view = new DataView(all.buffer, all.byteOffset, all.length);
  // blocks [.., terminated) end with their empty line; the one after, if any, is the unterminated rest
  const terminated = scan.rest ? ends.length - 1 : ends.length;
  let k = t.k;
  let kEnd = k;
  while (kEnd < ends.length && (ends[kEnd] as number) <= to) kEnd++;
  // room for a frame per block: the columns do not grow below, so they are read once (the general path pushes at
  // most one frame per block too)
  b.reserve(kEnd - k);
  const { turn, time, chunkFirst, chunkLast, charStart, charEnd, byteStart, byteEnd, event: eventCol, piece: pieceCol, dataStart, dataEnd } = b;
  let rest = text.length;
  let i = b.count;
  for (; k < kEnd; k++) {
    const s = k === 0 ? 0 : (ends[k - 1] as number);
    const e = ends[k] as number;
    if (k >= terminated) {
      rest = map.charOf(s - byteBase);
      break;
    }
    // the lone empty line, and a comment line alone, dispatch nothing
    if (e - s === 1) continue;
    const sh = shape[k] as number;
    const first = all[s] as number;
    if (sh === 0 && first === 58) continue;
    const cs = map.charOf(s - byteBase);
    if (!(sh === 0 ? isData(all, s) : sh > 0 && isEvent(all, s) && isData(all, s + sh + 1))) {
      // the parser reads it; its empty line is the first "\n\n" from its start
      const blank = text.indexOf('\n\n', cs) + 1;
      b.count = i;
      t.k = k;
      general(cs, blank, blank + 1);
      i = b.count;
      continue;
    }
    // "event:", "data:" and a space after them are ASCII, so their bytes are read instead of the text's chars (the
    // bytes were just read; the text was just made, and measured slower to reach)
    let event = 0;
    let dataLine = cs;
    let dataByte = s;
    if (sh > 0) {
      const lineEnd = map.charOf(s + sh - byteBase);
      const space = all[s + 6] === 32 ? 1 : 0;
      event = b.eventAt(view, all, s + 6 + space, text, cs + 6 + space, lineEnd);
      dataLine = lineEnd + 1;
      dataByte = s + sh + 1;
    }
    const ce = map.charOf(e - byteBase);
    const v = dataLine + 5 + (all[dataByte + 5] === 32 ? 1 : 0);
    const lineEnd = ce - 2;
    turn[i] = turnNo;
    time[i] = times[k] as number;
    chunkFirst[i] = k;
    chunkLast[i] = k;
    charStart[i] = charBase + cs;
    charEnd[i] = charBase + ce;
    byteStart[i] = s;
    byteEnd[i] = e;
    eventCol[i] = event;
    pieceCol[i] = piece;
    dataStart[i] = v;
    dataEnd[i] = lineEnd;
    i++;
  }
  b.count = i;
  t.k = k;
  return rest;
}
