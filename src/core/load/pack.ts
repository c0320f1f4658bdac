/**
 * Packs a turn's chunk payloads (UTF-8 text or raw bytes) into one ArrayBuffer and returns a view per chunk.
 *
 * Contract: view k holds exactly payload k's bytes (strings UTF-8 encoded); consecutive views are contiguous in one
 * buffer, which lets the SSE layer decode a turn without copying it again (see sse/index.ts). One allocation per
 * turn instead of one per chunk; the buffer grows by doubling, so the work stays linear. Never throws.
 */

export type Payload = string | Uint8Array;

export function packChunks(payloads: readonly Payload[]): Uint8Array[] {
  let capacity = 16;
  for (const p of payloads) capacity += p.length;
  let buf = new Uint8Array(capacity);
  let at = 0;
  const encoder = new TextEncoder();
  const ends: number[] = [];
  const grow = (need: number): void => {
    let size = buf.length * 2;
    while (size < need) size *= 2;
    const next = new Uint8Array(size);
    next.set(buf.subarray(0, at));
    buf = next;
  };
  for (const p of payloads) {
    if (typeof p === 'string') {
      let from = 0;
      for (;;) {
        const r = encoder.encodeInto(from === 0 ? p : p.slice(from), buf.subarray(at));
        at += r.written;
        from += r.read;
        if (from >= p.length) break;
        // Out of room (multi-byte text): grow; UTF-8 needs at most 3 bytes per UTF-16 unit.
        grow(at + (p.length - from) * 3);
      }
    } else {
      if (at + p.length > buf.length) grow(at + p.length);
      buf.set(p, at);
      at += p.length;
    }
    ends.push(at);
  }
  const views: Uint8Array[] = [];
  let start = 0;
  for (const end of ends) {
    views.push(buf.subarray(start, end));
    start = end;
  }
  return views;
}
