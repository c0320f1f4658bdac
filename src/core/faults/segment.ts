/**
 * Cutting a turn's byte stream into SSE event blocks, to find frames by their global index.
 *
 * Contract: pure, linear in the bytes, works on bytes (CR and LF never occur inside a UTF-8 multi-byte sequence, so
 * no decoding is needed). A block runs from the end of the previous block through a blank line; it is a frame (it
 * dispatches) exactly when it holds a `data` field line, per WHATWG 9.2.6 — so block k that dispatches is the same
 * frame the SSE decoder numbers. Lines end with CRLF, LF or CR; one leading BOM is skipped. Bytes after the last
 * blank line are the unterminated tail (never a frame). A block's time is the time of the chunk holding its last
 * byte (when its terminating blank line arrived).
 */
import type { Ms, Recording, Turn } from '../types';
import { chunkAt, concatChunks, type TurnBytes } from './bytes';

export interface Block {
  start: number;
  end: number;
  dispatches: boolean;
  time: Ms;
}

export interface SegmentedTurn extends TurnBytes {
  blocks: Block[];
  /** Start of the unterminated tail (== bytes.length when there is none). */
  tailStart: number;
}

const CR = 0x0d;
const LF = 0x0a;
const DATA = [0x64, 0x61, 0x74, 0x61]; // "data"

function isDataLine(bytes: Uint8Array, from: number, to: number): boolean {
  if (to - from < 4) return false;
  for (let k = 0; k < 4; k++) if (bytes[from + k] !== DATA[k]) return false;
  return to - from === 4 || bytes[from + 4] === 0x3a; // "data" alone, or "data:"
}

export function segmentTurn(turn: Turn): SegmentedTurn {
  const { bytes, starts } = concatChunks(turn.chunks);
  const timeAt = (offset: number): Ms => turn.chunks[Math.max(0, chunkAt(starts, offset))]?.time ?? turn.requestAt;
  const blocks: Block[] = [];
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let blockStart = 0;
  let lineStart = bom;
  let dispatches = false;
  let i = bom;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b !== CR && b !== LF) {
      i += 1;
      continue;
    }
    const lineEnd = i;
    const next = b === CR && bytes[i + 1] === LF ? i + 2 : i + 1;
    if (lineEnd === lineStart) {
      blocks.push({ start: blockStart, end: next, dispatches, time: timeAt(next - 1) });
      blockStart = next;
      dispatches = false;
    } else if (isDataLine(bytes, lineStart, lineEnd)) {
      dispatches = true;
    }
    lineStart = next;
    i = next;
  }
  return { bytes, starts, blocks, tailStart: blockStart };
}

export interface FrameLocation {
  turn: number;
  block: Block;
  blockIndex: number;
  seg: SegmentedTurn;
}

/** Number of frames (dispatching blocks) in the whole recording. */
export function countFrames(recording: Recording): number {
  let n = 0;
  for (const turn of recording.turns) n += segmentTurn(turn).blocks.filter((b) => b.dispatches).length;
  return n;
}

/** Where global frame `frame` is, or null when the recording has fewer frames. */
export function locateFrame(recording: Recording, frame: number): FrameLocation | null {
  let base = 0;
  for (const [t, turn] of recording.turns.entries()) {
    const seg = segmentTurn(turn);
    for (const [k, block] of seg.blocks.entries()) {
      if (!block.dispatches) continue;
      if (base === frame) return { turn: t, block, blockIndex: k, seg };
      base += 1;
    }
  }
  return null;
}
