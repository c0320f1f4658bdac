/**
 * Byte-level helpers for faults: a turn's chunks as one byte stream, and edits that keep chunk boundaries and times.
 *
 * Contract: pure, total. Edits work on chunk lists (`chunkList(turn.chunks)`, core/chunk-table.ts). Never mutates its inputs (new arrays, `subarray` views of the input bytes are never
 * written to). Byte offsets are into the concatenation of a turn's chunks in order. Edits drop chunks left empty.
 */
import { lastAtOrBefore } from '../sorted';
import { chunkCount, chunkStart } from '../chunk-table';
import type { Chunk, ChunkTable } from '../types';

export interface TurnBytes {
  bytes: Uint8Array;
  /** Start offset of each chunk in `bytes` (same length as the chunk list). */
  starts: number[];
}

export function concatChunks(chunks: readonly Chunk[]): TurnBytes {
  let total = 0;
  for (const c of chunks) total += c.bytes.length;
  const bytes = new Uint8Array(total);
  const starts: number[] = [];
  let at = 0;
  for (const c of chunks) {
    starts.push(at);
    bytes.set(c.bytes, at);
    at += c.bytes.length;
  }
  return { bytes, starts };
}

/** A turn's chunk table as one byte stream: its bytes (a view, not copied) and each chunk's start. */
export function turnBytes(t: ChunkTable): TurnBytes {
  const starts: number[] = new Array<number>(chunkCount(t));
  for (let k = 0; k < starts.length; k++) starts[k] = chunkStart(t, k);
  return { bytes: t.bytes, starts };
}

/** Index of the chunk holding byte `offset` (the last chunk starting at or before it), or -1 when there is none. */
export function chunkAt(starts: readonly number[], offset: number): number {
  return lastAtOrBefore(starts, offset);
}

/** The chunks restricted to bytes [from, to), boundaries and times kept. */
export function sliceChunks(chunks: readonly Chunk[], from: number, to: number): Chunk[] {
  const out: Chunk[] = [];
  let at = 0;
  for (const c of chunks) {
    const start = at;
    const end = at + c.bytes.length;
    at = end;
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    if (b > a) out.push({ time: c.time, bytes: c.bytes.subarray(a - start, b - start) });
  }
  return out;
}

/** The chunks without bytes [from, to). */
export function removeRange(chunks: readonly Chunk[], from: number, to: number): Chunk[] {
  const total = chunks.reduce((n, c) => n + c.bytes.length, 0);
  const before = sliceChunks(chunks, 0, from);
  const after = sliceChunks(chunks, to, total);
  return [...before, ...after];
}

/** Splits the chunk holding byte `offset` so that a new chunk starts exactly there (same time). */
export function splitAt(chunks: readonly Chunk[], offset: number): Chunk[] {
  const out: Chunk[] = [];
  let at = 0;
  for (const c of chunks) {
    const start = at;
    at += c.bytes.length;
    if (offset > start && offset < at) {
      out.push({ time: c.time, bytes: c.bytes.subarray(0, offset - start) });
      out.push({ time: c.time, bytes: c.bytes.subarray(offset - start) });
    } else {
      out.push(c);
    }
  }
  return out;
}

const encoder = new TextEncoder();
export const utf8 = (text: string): Uint8Array => encoder.encode(text);
const decoder = new TextDecoder('utf-8');
export const decodeUtf8 = (bytes: Uint8Array): string => decoder.decode(bytes);

