/**
 * The large-input scanner of raw SSE bytes' event blocks (installed by core/large-inputs.ts into ./blocks.ts: the
 * workers, the CLI and the bench; the page analyses at most 512 KiB inline and does without it): the blocks
 * `segmentBytes` (core/sse/segment.ts) finds, found faster and without a callback per block.
 *
 * Contract: `scanBlockEnds(bytes)` is the end (exclusive) of each block `segmentBytes(bytes, ...)` reports, in order,
 * plus `bytes.length` when an unterminated rest follows the last block; in its own exact buffer. Input without CR
 * (the common case) is scanned a 32-bit word at a time (four words per test where no byte is below 0x0E or above
 * 0x7F) for LF, a word with such a byte but all ASCII and no CR having its LFs found from its bits, and what the scan saw of each block's lines and of the non-ASCII bytes is noted for the decoder
 * against the returned array (sse/block-scan.ts `noteScan`); input with a CR goes to `segmentBytes` itself (nothing
 * noted). Linear, never throws; the result depends on the bytes alone (`part`, the bytes scanned per call of the
 * inner loop, a multiple of 4, is for tests).
 */
import { noteScan } from '../sse/block-scan';
import { viaSegment } from './blocks';

const LF = 10;
const CR = 13;
/** 0x0E in every byte, and the high bit of every byte (as an int32). */
const LOW = 0x0e0e0e0e;
const HIGH = 0x80808080 | 0;

/** `a` copied into an array twice as long. */
function grown(a: Float64Array): Float64Array {
  const b = new Float64Array(a.length * 2);
  b.set(a);
  return b;
}

/** `a` copied into an Int32Array twice as long. */
function grownInt(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/**
 * The scan's state between parts (blockEnds is synchronous and not re-entrant): the ends and shapes so far, the
 * runs of non-ASCII bytes, and where the current block started, its last LF, its line LFs and the first of them.
 */
let ends: Float64Array = new Float64Array(0);
let shape: Int32Array = new Int32Array(0);
let runs: Float64Array = ends;
let count = 0;
let runCount = 0;
let start = 0;
let last = -2;
let lines = 0;
let first = 0;

/**
 * Scans bytes [p, end) (p = 0, or a word boundary past `head`) on from the state; false when it met a CR. Without
 * CR a block ends at an LF that starts its block (a lone blank line) or follows another LF of it (the first "\n\n"
 * after the block's start), so the LFs alone, in order, give every end. Only the words holding a byte below 0x0E
 * (LF and CR are; so are TAB and a few rare controls) or above 0x7F are looked at byte by byte: `((v - 0x0E0E0E0E) |
 * v) & 0x80808080` is nonzero exactly when some byte of v is (a byte in [0x0E, 0x7F] minus 0x0E keeps its high bit
 * clear, and only a byte below 0x0E borrows from the next), and its OR over four words says whether any of them has
 * one. On the way, what the decoder reads again is recorded (sse/block-scan.ts): each block's line shape and where
 * each run of non-ASCII bytes starts.
 */
function scanPart(bytes: Uint8Array, words: Int32Array, head: number, p: number, end: number): boolean {
  // the state in locals for the loop
  let e = ends;
  let sh = shape;
  let ru = runs;
  let n = count;
  let rn = runCount;
  let s = start;
  let lf = last;
  let ls = lines;
  let f = first;
  // the whole words before `end`; w: the word at p
  const wEnd = Math.max(0, Math.min(words.length, (end - head) >> 2));
  let w = p >= head ? (p - head) >> 2 : 0;
  let cr = false;
  while (p < end && !cr) {
    // the bytes [p, to) are looked at one by one: the head, the next word with a low or high byte, or the tail
    let to: number;
    if (p < head) to = Math.min(head, end);
    else if (w < wEnd) {
      while (w + 4 <= wEnd) {
        const a = words[w] as number;
        const b = words[w + 1] as number;
        const c = words[w + 2] as number;
        const d = words[w + 3] as number;
        if (((a - LOW) | a | (b - LOW) | b | (c - LOW) | c | (d - LOW) | d) & HIGH) break;
        w += 4;
      }
      while (w < wEnd) {
        const a = words[w] as number;
        if (((a - LOW) | a) & HIGH) break;
        w++;
      }
      p = head + w * 4;
      if (w === wEnd) continue;
      to = p + 4;
      const a = words[w++] as number;
      // an ASCII word without CR (most are: an LF or two ends a line): its LFs found from the word's bits, in order
      // (the bytes equal to LF are the zero bytes of a ^ 0x0A0A0A0A; below 0x80 each, adding 0x7F to each byte of
      // that sets its high bit exactly when it is not zero, carrying into no other byte)
      // the LF step below repeats the byte loop's on purpose: this is the per-byte hot path, and a shared function
      // would have to carry its seven locals through an object
      if ((a & HIGH) === 0) {
        const x = a ^ 0x0a0a0a0a;
        const y = a ^ 0x0d0d0d0d;
        if ((~((y + 0x7f7f7f7f) | y) & HIGH) === 0) {
          for (let m = ~((x + 0x7f7f7f7f) | x) & HIGH; m !== 0; m &= m - 1) {
            const q = p + ((31 - Math.clz32(m & -m)) >> 3);
            if (q === s || q - 1 === lf) {
              if (n === e.length) {
                e = grown(e);
                sh = grownInt(sh);
              }
              sh[n] = ls < 2 ? 0 : ls === 2 && f - s <= 0x7fffffff ? f - s : -1;
              e[n++] = q + 1;
              s = q + 1;
              ls = 0;
            } else if (ls++ === 0) f = q;
            lf = q;
          }
          p = to;
          continue;
        }
      }
    } else to = end;
    for (; p < to; p++) {
      const b = bytes[p] as number;
      if (b === LF) {
        if (p === s || p - 1 === lf) {
          if (n === e.length) {
            e = grown(e);
            sh = grownInt(sh);
          }
          sh[n] = ls < 2 ? 0 : ls === 2 && f - s <= 0x7fffffff ? f - s : -1;
          e[n++] = p + 1;
          s = p + 1;
          ls = 0;
        } else if (ls++ === 0) f = p;
        lf = p;
      } else if (b >= 0x80) {
        if (p === 0 || (bytes[p - 1] as number) < 0x80) {
          if (rn === ru.length) ru = grown(ru);
          ru[rn++] = p;
        }
      } else if (b === CR) {
        cr = true;
        break;
      }
    }
  }
  ends = e;
  shape = sh;
  runs = ru;
  count = n;
  runCount = rn;
  start = s;
  last = lf;
  lines = ls;
  first = f;
  return !cr;
}

/** Bytes per call of scanPart (a multiple of 4). */
const PART = 1 << 18;

/**
 * The input is scanned in parts of PART bytes, each one call: the engine then optimizes the scan as a function
 * called again and again, and a later load calls that code from its start. (One call for the whole input measured
 * ~35 ms instead of ~16 in each of the first two to four loads of a 28 MB stream in a process: each began in the
 * interpreter and waited for the loop's on-stack replacement again.)
 */
export function scanBlockEnds(bytes: Uint8Array, part = PART): Float64Array {
  const n = bytes.length;
  // about one block per 64 bytes to start with, doubled when a stream has more (a local array: a NumberColumn's
  // push measured ~20 ms more per 200,000 blocks here)
  ends = new Float64Array(Math.max(16, n >> 6));
  shape = new Int32Array(ends.length);
  // runs of non-ASCII bytes: room for one per KiB to start with, doubled when a stream has more
  runs = new Float64Array(Math.max(16, n >> 10));
  count = 0;
  runCount = 0;
  start = 0;
  last = -2;
  lines = 0;
  first = 0;
  // bytes before the first 4-byte boundary of the buffer (the head), then whole words, then the tail
  const head = Math.min(n, (4 - (bytes.byteOffset & 3)) & 3);
  const wordCount = n - head >= 4 ? (n - head) >> 2 : 0;
  const words = wordCount === 0 ? new Int32Array(0) : new Int32Array(bytes.buffer, bytes.byteOffset + head, wordCount);
  let ok = true;
  for (let p = 0; p < n && ok; ) {
    const end = p < head ? head : Math.min(n, p + part);
    ok = scanPart(bytes, words, head, p, end);
    p = end;
  }
  let out: Float64Array | undefined;
  if (ok) {
    const rest = start < n;
    if (rest) {
      if (count === ends.length) {
        ends = grown(ends);
        shape = grownInt(shape);
      }
      shape[count] = -1;
      ends[count++] = n;
    }
    out = ends.slice(0, count);
    noteScan(out, { bytes, shape: shape.slice(0, count), runs: runs.slice(0, runCount), rest });
  }
  // the state lets go of this input's arrays
  ends = new Float64Array(0);
  shape = new Int32Array(0);
  runs = ends;
  return out ?? viaSegment(bytes);
}
