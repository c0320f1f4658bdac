/**
 * A turn's network chunks as columns (`ChunkTable`, types.ts): reading them, and building them.
 *
 * Contract: pure functions over plain data, no classes handed out. Readers take a valid table (see ChunkTable) and
 * an index 0 <= k < chunkCount(t); `chunkBytes` is a view (subarray) made on demand, never a copy. Builders return
 * tables whose `times`/`ends` own their buffers exactly (no slack), so the buffers can be transferred as they are.
 * `tableOf(list)` and `chunkList(table)` convert from and to the per-chunk `{time, bytes}` form (for code that
 * edits chunks one by one, e.g. the faults, and for tests); `chunkList(tableOf(l))` deep-equals `l`.
 */
import { type Chunk, type ChunkTable, type Ms } from './types';

const NO_BYTES = new Uint8Array(0);
const NO_NUMBERS = new Float64Array(0);

/** A table of no chunks. */
export const emptyTable = (): ChunkTable => ({ bytes: NO_BYTES, times: NO_NUMBERS, ends: NO_NUMBERS });

export const chunkCount = (t: ChunkTable): number => t.ends.length;

/** Where chunk k's bytes start in `t.bytes`. */
export const chunkStart = (t: ChunkTable, k: number): number => (k === 0 ? 0 : (t.ends[k - 1] as number));

/** Where chunk k's bytes end in `t.bytes` (exclusive). */
export const chunkEnd = (t: ChunkTable, k: number): number => t.ends[k] as number;

export const chunkTime = (t: ChunkTable, k: number): Ms => t.times[k] as Ms;

/** Chunk k's bytes: a view of the table's bytes. */
export const chunkBytes = (t: ChunkTable, k: number): Uint8Array => t.bytes.subarray(chunkStart(t, k), chunkEnd(t, k));

/** Chunk k as an object (for UI code and tests; the pipeline reads the columns). */
export const chunkAt = (t: ChunkTable, k: number): Chunk => ({ time: chunkTime(t, k), bytes: chunkBytes(t, k) });

/** Every chunk as an object, in order. */
export function chunkList(t: ChunkTable): Chunk[] {
  const out: Chunk[] = new Array<Chunk>(chunkCount(t));
  for (let k = 0; k < out.length; k++) out[k] = chunkAt(t, k);
  return out;
}

/** The time of the last chunk, or undefined when there is none. */
export const lastChunkTime = (t: ChunkTable): Ms | undefined => (t.times.length === 0 ? undefined : (t.times[t.times.length - 1] as Ms));

/** The index of the chunk holding byte `offset` (the last chunk starting at or before it), or -1 when none does. */
export function chunkIndexAt(t: ChunkTable, offset: number): number {
  let lo = 0;
  let hi = chunkCount(t) - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (chunkStart(t, mid) <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** A table of the given chunks: their bytes copied back to back into one new buffer. */
export function tableOf(chunks: readonly Chunk[]): ChunkTable {
  const n = chunks.length;
  const times = new Float64Array(n);
  const ends = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) {
    const c = chunks[k] as Chunk;
    times[k] = c.time;
    total += c.bytes.length;
    ends[k] = total;
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c.bytes, at);
    at += c.bytes.length;
  }
  return { bytes, times, ends };
}

/** A table over `bytes` cut at `ends`, chunk k at `startMs + k * stepMs` (the untimed formats' even spacing). */
export function evenTable(bytes: Uint8Array, ends: Float64Array, startMs: number, stepMs: number): ChunkTable {
  const times = new Float64Array(ends.length);
  for (let k = 0; k < times.length; k++) times[k] = startMs + k * stepMs;
  return { bytes: bytes.subarray(0, ends.length === 0 ? 0 : ends[ends.length - 1]), times, ends };
}

/** Whether two tables hold the same chunks: same count, times and bytes, chunk by chunk. */
export function sameChunks(a: ChunkTable, b: ChunkTable): boolean {
  const n = chunkCount(a);
  if (n !== chunkCount(b) || a.bytes.length !== b.bytes.length) return false;
  for (let k = 0; k < n; k++) if (a.times[k] !== b.times[k] || a.ends[k] !== b.ends[k]) return false;
  for (let i = 0; i < a.bytes.length; i++) if (a.bytes[i] !== b.bytes[i]) return false;
  return true;
}

/** A growing column of numbers (doubling), trimmed to its length once by `done()`. */
export class NumberColumn {
  private buf: Float64Array;
  length = 0;

  constructor(capacity = 16) {
    this.buf = new Float64Array(Math.max(1, capacity));
  }

  push(v: number): void {
    if (this.length === this.buf.length) {
      const next = new Float64Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = v;
  }

  /** The values so far in their own exact buffer (the column may go on growing). */
  done(): Float64Array {
    return this.buf.length === this.length ? this.buf.slice() : this.buf.slice(0, this.length);
  }

  /** Values [from, to) in their own exact buffer. */
  range(from: number, to: number): Float64Array {
    return this.buf.slice(from, to);
  }
}

/** Re-times chunk k of `t` with `time(k, old)`; the bytes are shared. */
export function retimed(t: ChunkTable, time: (k: number, old: Ms) => number): ChunkTable {
  const times = new Float64Array(t.times.length);
  for (let k = 0; k < times.length; k++) times[k] = time(k, t.times[k] as Ms);
  return { bytes: t.bytes, times, ends: t.ends };
}
