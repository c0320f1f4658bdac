/**
 * Packs a turn's chunk payloads (UTF-8 text or raw bytes) into one growing buffer and hands out a view per chunk.
 *
 * Contract: view k holds exactly payload k's bytes (strings UTF-8 encoded); consecutive views are contiguous in one
 * ArrayBuffer, which lets the SSE layer decode a turn without copying it again (see sse/index.ts). Payloads are
 * encoded as they are added (no string is retained), the buffer starts small and grows by doubling on demand so
 * the work stays linear (nothing is reserved per turn up front: 100,000 tiny turns cost about their bytes), and
 * views() trims the slack once, so the memory kept is near the payloads' size. One packer may hold the chunks of
 * many turns added one turn after another (the .jsonl reader uses one per recording): each turn's views are then
 * still contiguous, and there is one ArrayBuffer for the recording instead of one per turn. Never throws.
 */

export type Payload = string | Uint8Array;

/** One encoder for every packer (a packer is made per recording, or per turn by packChunks' callers). */
const ENCODER = new TextEncoder();

export class Packer {
  private buf: Uint8Array;
  private at = 0;
  private readonly ends: number[] = [];

  constructor(initialCapacity = 256) {
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
    this.ends.push(this.at);
  }

  /** One view per added payload, in order. */
  views(): Uint8Array[] {
    // Trim the doubling slack (one copy) so the views do not keep up to twice the payloads alive.
    if (this.buf.length - this.at > 64 && this.buf.length > this.at + (this.at >> 3)) this.buf = this.buf.slice(0, this.at);
    const out: Uint8Array[] = [];
    let start = 0;
    for (const end of this.ends) {
      out.push(this.buf.subarray(start, end));
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
