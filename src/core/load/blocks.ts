/**
 * Where raw SSE bytes' event blocks end, for the loaders' one-chunk-per-block tables: the blocks `segmentBytes`
 * (core/sse/segment.ts) finds, found faster and without a callback per block.
 *
 * Contract: `blockEnds(bytes)` is the end (exclusive) of each block `segmentBytes(bytes, ...)` reports, in order,
 * plus `bytes.length` when an unterminated rest follows the last block; in its own exact buffer. Input without CR
 * (the common case) is scanned four bytes at a time for LF; input with a CR goes to `segmentBytes` itself. Pure,
 * linear, never throws.
 */
import { NumberColumn } from '../chunk-table';
import { segmentBytes } from '../sse/segment';

const LF = 10;
const CR = 13;

/** The general path: whatever `segmentBytes` reports. */
function viaSegment(bytes: Uint8Array): Float64Array {
  const ends = new NumberColumn(bytes.length >> 6);
  const rest = segmentBytes(bytes, (_start, _blank, end) => ends.push(end));
  if (rest < bytes.length) ends.push(bytes.length);
  return ends.done();
}

/**
 * Without CR a block ends at an LF that starts its block (a lone blank line) or follows another LF of it (the
 * first "\n\n" after the block's start). So the LFs alone, in order, give every end: state is the current block's
 * start and the last LF seen.
 */
export function blockEnds(bytes: Uint8Array): Float64Array {
  const n = bytes.length;
  // about one block per 64 bytes to start with; the column doubles when a stream has more
  const ends = new NumberColumn(n >> 6);
  let start = 0;
  let last = -2;
  // bytes before the first 4-byte boundary of the buffer, then whole words, then the tail
  const head = Math.min(n, (4 - (bytes.byteOffset & 3)) & 3);
  const count = n - head >= 4 ? (n - head) >> 2 : 0;
  const tailAt = head + count * 4;
  for (let p = 0; p < head; p++) {
    const b = bytes[p] as number;
    if (b === CR) return viaSegment(bytes);
    if (b === LF) {
      if (p === start || p - 1 === last) {
        ends.push(p + 1);
        start = p + 1;
      }
      last = p;
    }
  }
  const words = count === 0 ? new Int32Array(0) : new Int32Array(bytes.buffer, bytes.byteOffset + head, count);
  for (let w = 0; w < count; w++) {
    const v = words[w] as number;
    // a byte below 0x0E (LF and CR are; so are TAB and a few rare controls): the classic has-less-than test, exact
    // about whether there is one; the bytes of such a word are then looked at one by one
    if ((((v - 0x0e0e0e0e) | 0) & ~v & 0x80808080) === 0) continue;
    const base = head + w * 4;
    for (let p = base; p < base + 4; p++) {
      const b = bytes[p] as number;
      if (b === CR) return viaSegment(bytes);
      if (b === LF) {
        if (p === start || p - 1 === last) {
          ends.push(p + 1);
          start = p + 1;
        }
        last = p;
      }
    }
  }
  for (let p = tailAt; p < n; p++) {
    const b = bytes[p] as number;
    if (b === CR) return viaSegment(bytes);
    if (b === LF) {
      if (p === start || p - 1 === last) {
        ends.push(p + 1);
        start = p + 1;
      }
      last = p;
    }
  }
  if (start < n) ends.push(n);
  return ends.done();
}
