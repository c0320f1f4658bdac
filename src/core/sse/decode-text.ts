/**
 * UTF-8 bytes -> text for the SSE decoder's pieces, in parts: meant to be faster on V8 for text that is mostly
 * ASCII with scattered non-ASCII characters (JSON payloads quoting some Chinese or accented text).
 *
 * Contract: `decodeText(bytes)` returns exactly `new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)` (a
 * leading BOM kept, each invalid sequence one U+FFFD), for any bytes. How: the bytes are decoded in parts, each cut
 * just after an ASCII byte that follows non-ASCII bytes, and the parts joined. After an ASCII byte a WHATWG UTF-8
 * decoder is always back in its initial state (an ASCII byte ends any pending sequence, as U+FFFD, and is then
 * read alone), so each part decodes to exactly its share of the whole text. A cut is made only where at least
 * `gap` ASCII bytes follow (up to the next non-ASCII byte or the end), so each part is a long ASCII run, non-ASCII
 * stretches less than `gap` apart, and one ASCII byte; text with no such run is decoded in one call.
 * Why: V8's UTF-8 decoder (TextDecoder in Node) copies an ASCII prefix word by word but decodes everything after
 * the first non-ASCII byte one byte at a time, twice; with parts, only the short non-ASCII stretches take that path.
 * NOT USED by any caller today (sse/index.ts DecodeOptions.decodeText can take it). Measured in session 8 on
 * another machine (1 MiB pieces of the 200k-frame bench streams): parallel 185 -> 124 ms, anthropic 89 -> 59 ms.
 * Re-measured in session 9 (same pieces, same process, interleaved, 9-11 rounds, CPU medians): no faster: the
 * decode alone anthropic 64 ms in one call vs 75 in parts, parallel 101 vs 95, chat-text (pure ASCII: one call
 * plus a word scan) 23 vs 34; the SSE stage 151 vs 154, 183 vs 196, 52 vs 61 ms; the whole default analysis 564 vs
 * 595, 670 vs 685, 245 vs 260 ms. Where it loses: the parts are joined into one string again, and joining
 * one-byte and two-byte parts cost more (anthropic: ~30 ms per 28 MB) than the slow decoding it avoids; with a
 * smaller gap the calls multiply. So the CLI and the bench went back to one TextDecoder call per piece. In
 * Chromium (Blink's decoder, 2-3x faster) parts measured slower too (100k-frame streams: parallel 86 -> 121 ms,
 * anthropic 32 -> 39 ms). The text is the same either way. Pure; linear; never throws.
 */

const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });

const HIGH = 0x80808080 | 0;

/** ASCII bytes that must follow a non-ASCII stretch for a cut there (below it, the stretches share a part). */
export const CUT_GAP = 2048;

/** The first byte >= 0x80 at or after `p`, or bytes.length: four 32-bit words per test where the bytes are ASCII. */
function nextHigh(bytes: Uint8Array, words: Int32Array, head: number, p: number): number {
  const n = bytes.length;
  while (p < n && (p < head || ((p - head) & 3) !== 0)) {
    if ((bytes[p] as number) >= 0x80) return p;
    p++;
  }
  if (p >= n) return n;
  const count = words.length;
  let w = (p - head) >> 2;
  while (w + 4 <= count && (((words[w] as number) | (words[w + 1] as number) | (words[w + 2] as number) | (words[w + 3] as number)) & HIGH) === 0) w += 4;
  while (w < count && ((words[w] as number) & HIGH) === 0) w++;
  for (p = head + w * 4; p < n; p++) if ((bytes[p] as number) >= 0x80) return p;
  return n;
}

/** The text of `bytes` (see the module contract); `gap` and `parts` are for tests (default CUT_GAP, in parts). */
export function decodeText(bytes: Uint8Array, gap = CUT_GAP, parts = true): string {
  return parts ? inParts(bytes, gap) : DECODER.decode(bytes);
}

function inParts(bytes: Uint8Array, gap: number): string {
  const n = bytes.length;
  const off = bytes.byteOffset;
  const head = Math.min(n, ((off + 3) & ~3) - off);
  const count = (n - head) >> 2;
  const words = count > 0 ? new Int32Array(bytes.buffer, off + head, count) : new Int32Array(0);
  let high = nextHigh(bytes, words, head, 0);
  if (high === n) return DECODER.decode(bytes);
  const out: string[] = [];
  let at = 0;
  for (;;) {
    // past the non-ASCII stretch at `high` and the ones that follow it within `gap` bytes
    let q = high + 1;
    for (;;) {
      while (q < n && (bytes[q] as number) >= 0x80) q++;
      if (q >= n) break;
      high = nextHigh(bytes, words, head, q);
      if (high - q >= gap) break;
      // a short ASCII tail stays in the part
      if (high === n) {
        q = n;
        break;
      }
      q = high + 1;
    }
    // the cut goes after the ASCII byte at q; none when that would leave nothing (or nothing but that byte) after
    if (q >= n - 1) break;
    out.push(DECODER.decode(bytes.subarray(at, q + 1)));
    at = q + 1;
    if (high === n) break;
  }
  if (out.length === 0) return DECODER.decode(bytes);
  out.push(DECODER.decode(bytes.subarray(at)));
  return out.join('');
}
