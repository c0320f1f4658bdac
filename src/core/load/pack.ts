/**
 * Packs a turn's chunk payloads (UTF-8 text or raw bytes) into one growing buffer and hands out a view per chunk.
 *
 * Contract: view k holds exactly payload k's bytes (strings UTF-8 encoded); consecutive views are contiguous in one
 * ArrayBuffer, which lets the SSE layer decode a turn without copying it again (see sse/index.ts). Payloads are
 * encoded as they are added (no string is retained), the buffer starts small and grows by doubling on demand so
 * the work stays linear (nothing is reserved per turn up front: 100,000 tiny turns cost about their bytes), and
 * views() trims the slack once, so the memory kept is near the payloads' size. One packer may hold the chunks of
 * many turns added one turn after another (the .jsonl reader uses one per recording): each turn's views are then
 * still contiguous, and there is one ArrayBuffer for the recording instead of one per turn. `addRange` copies
 * bytes of another array (the .jsonl reader's chunk text as the file holds it, when that needs no decoding);
 * `sink(n)`/`commit(at)` let a decoder write a payload in place (the .jsonl reader's chunk lines, ./chunk-line.ts).
 * `table(from, to, times)` gives chunks [from, to) as a ChunkTable over the trimmed buffer (no object per chunk).
 * A packer made with `keepSlack` never trims: its views keep the whole buffer, whose unwritten slack was never
 * touched (address space, not memory), and the copy that trimming makes (every byte, while the untrimmed buffer is
 * still alive: twice the payloads at once) is not made; the loaders use it for a streamed input (the CLI), whose
 * point is a low peak. Never throws.
 */
import type { ChunkTable } from '../types';
import type { ByteSink } from './chunk-line';

export type Payload = string | Uint8Array;

/** One encoder for every packer (a packer is made per recording, or per turn by packChunks' callers). */
const ENCODER = new TextEncoder();

export class Packer {
  private buf: Uint8Array;
  private at = 0;
  private ends: Float64Array = new Float64Array(64);
  /** How many payloads were added. */
  count = 0;

  constructor(
    initialCapacity = 256,
    private readonly keepSlack = false,
  ) {
    this.buf = new Uint8Array(Math.max(16, initialCapacity));
  }

  private grow(need: number): void {
    let size = this.buf.length * 2;
    while (size < need) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.at));
    this.buf = next;
  }

  add(p: Payload): void {
    if (typeof p === 'string') {
      let from = 0;
      for (;;) {
        const r = ENCODER.encodeInto(from === 0 ? p : p.slice(from), this.buf.subarray(this.at));
        this.at += r.written;
        from += r.read;
        if (from >= p.length) break;
        // Out of room: grow; UTF-8 needs at most 3 bytes per UTF-16 unit.
        this.grow(this.at + (p.length - from) * 3);
      }
    } else {
      if (this.at + p.length > this.buf.length) this.grow(this.at + p.length);
      this.buf.set(p, this.at);
      this.at += p.length;
    }
    this.end();
  }

  private readonly out: ByteSink = { buf: new Uint8Array(0), at: 0 };

  /** Room for `n` more bytes: write them to `sink.buf` from `sink.at`, then `commit(sink.at)` (or do neither). */
  sink(n: number): ByteSink {
    if (this.at + n > this.buf.length) this.grow(this.at + n);
    this.out.buf = this.buf;
    this.out.at = this.at;
    return this.out;
  }

  /** Ends a payload written through `sink()` at `at`. */
  commit(at: number): void {
    this.at = at;
    this.end();
  }

  /** Adds bytes [from, to) of `src` as one payload. */
  addRange(src: Uint8Array, from: number, to: number): void {
    const n = to - from;
    if (this.at + n > this.buf.length) this.grow(this.at + n);
    const buf = this.buf;
    let at = this.at;
    // short runs: a loop beats making a subarray for set()
    if (n < 48) for (let i = from; i < to; i++) buf[at++] = src[i] as number;
    else {
      buf.set(src.subarray(from, to), at);
      at += n;
    }
    this.at = at;
    this.end();
  }

  private end(): void {
    if (this.count === this.ends.length) {
      const next = new Float64Array(this.ends.length * 2);
      next.set(this.ends);
      this.ends = next;
    }
    this.ends[this.count++] = this.at;
  }

  /** Trims the doubling slack (one copy) so views do not keep up to twice the payloads alive; returns the buffer. */
  private trim(): Uint8Array {
    if (this.keepSlack) return this.buf;
    if (this.buf.length - this.at > 64 && this.buf.length > this.at + (this.at >> 3)) this.buf = this.buf.slice(0, this.at);
    return this.buf;
  }

  /** Payloads [from, to) as a table (their bytes a view of the packer's trimmed buffer), chunk k at `times[k - from]`. */
  table(from: number, to: number, times: Float64Array): ChunkTable {
    const buf = this.trim();
    const base = from === 0 ? 0 : (this.ends[from - 1] as number);
    const ends = new Float64Array(to - from);
    for (let k = from; k < to; k++) ends[k - from] = (this.ends[k] as number) - base;
    const last = to === from ? base : (this.ends[to - 1] as number);
    return { bytes: buf.subarray(base, last), times, ends };
  }

  /** One view per added payload, in order. */
  views(): Uint8Array[] {
    const buf = this.trim();
    const out: Uint8Array[] = [];
    let start = 0;
    for (let k = 0; k < this.count; k++) {
      const end = this.ends[k] as number;
      out.push(buf.subarray(start, end));
      start = end;
    }
    return out;
  }
}

export function packChunks(payloads: readonly Payload[]): Uint8Array[] {
  let size = 16;
  for (const p of payloads) size += p.length;
  const packer = new Packer(size);
  for (const p of payloads) packer.add(p);
  return packer.views();
}
