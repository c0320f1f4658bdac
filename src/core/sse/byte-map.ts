/**
 * Char offset -> byte offset in one decoded piece of a turn, for offsets asked in increasing order.
 *
 * Contract: `new ByteMap(text, bytes)` where `text` is `bytes` decoded by a WHATWG UTF-8 decoder (no BOM handling);
 * `at(c)` for non-decreasing c, each at a character boundary that is not inside a surrogate pair, returns the number
 * of bytes the decoder consumed to produce text[0, c). `ascii` says whether the piece is pure ASCII (then `at` is the
 * identity); `invalid()`, asked after the last `at`, whether the bytes hold an invalid sequence (each one the
 * decoder replaced by a U+FFFD). Cost: O(1) per call plus O(1) per non-ASCII sequence passed. Only the bytes are
 * read, four at a time, to find the non-ASCII sequences: a valid one's lead byte gives its length and its UTF-16
 * width (2 for four bytes), an invalid one is its maximal subpart (utf8.ts `invalidSequenceLength`), one U+FFFD.
 * The text is read only when it has as many characters as the piece has bytes (ASCII, unless lone invalid bytes
 * each gave a U+FFFD): a search for U+FFFD, at once on a one-byte string. (Session 9: searching every piece's text
 * for U+FFFD cost 5 ms per 28 MB of two-byte text.) Given the loader's scan of the turn (`scan`: its runs of
 * non-ASCII bytes, block-scan.ts, and the turn byte at which this piece starts), neither the bytes nor the text are
 * searched: the runs say where the non-ASCII bytes are. `charOf(b)` is the inverse of `at`, for a caller that knows
 * byte offsets (block-path.ts); calls of both, together, must ask non-decreasing offsets. Never allocates per call.
 */
import { invalidSequenceLength } from './utf8';

const HIGH = 0x80808080 | 0;

export class ByteMap {
  private c = 0;
  private b = 0;
  /** The next non-ASCII byte at or after `b` (Infinity when none). */
  private nextByte: number;
  /** Whether the piece is pure ASCII (char offset = byte offset). */
  readonly ascii: boolean;
  /** Whether an invalid sequence has been passed. */
  private bad = false;
  /** The bytes' aligned 32-bit words and the byte at which the first one starts. */
  private readonly words: Int32Array | undefined;
  private readonly head: number;

  /** The next run of the scan's `runs` to look at (with runs), and those runs' offset to this piece's bytes. */
  private run = 0;
  private readonly runs: Float64Array | undefined;
  private readonly base: number;

  constructor(
    private readonly text: string,
    private readonly bytes: Uint8Array,
    scan?: { runs: Float64Array; base: number },
  ) {
    const off = bytes.byteOffset;
    this.head = Math.min(bytes.length, ((off + 3) & ~3) - off);
    const count = (bytes.length - this.head) >> 2;
    if (scan !== undefined) {
      const runs = scan.runs;
      const base = scan.base;
      // the first run at or after the piece (a binary search)
      let lo = 0;
      let hi = runs.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((runs[mid] as number) < base) lo = mid + 1;
        else hi = mid;
      }
      this.run = lo;
      this.runs = runs;
      this.base = base;
      this.ascii = lo === runs.length || (runs[lo] as number) >= base + bytes.length;
      this.words = undefined;
    } else {
      this.runs = undefined;
      this.base = 0;
      this.ascii = text.length === bytes.length && text.indexOf('\uFFFD') === -1;
      this.words = this.ascii || count <= 0 ? undefined : new Int32Array(bytes.buffer, off + this.head, count);
    }
    this.nextByte = this.ascii ? Infinity : this.findByte(0);
  }

  /** The first byte >= 0x80 at or after `from` (Infinity when none). */
  private findByte(from: number): number {
    const bytes = this.bytes;
    const n = bytes.length;
    const runs = this.runs;
    if (runs !== undefined) {
      // inside a run, or at the next run's start (the bytes between two runs are ASCII)
      if (from < n && (bytes[from] as number) >= 0x80) return from;
      const base = this.base;
      let r = this.run;
      while (r < runs.length && (runs[r] as number) - base < from) r++;
      this.run = r;
      const at = r < runs.length ? (runs[r] as number) - base : Infinity;
      return at < n ? at : Infinity;
    }
    const head = this.head;
    const words = this.words;
    let p = from;
    // single bytes up to a word boundary
    while (p < n && (p < head || ((p - head) & 3) !== 0 || words === undefined)) {
      if ((bytes[p] as number) >= 0x80) return p;
      p++;
    }
    if (p >= n || words === undefined) return Infinity;
    const count = words.length;
    let w = (p - head) >> 2;
    while (w + 4 <= count && (((words[w] as number) | (words[w + 1] as number) | (words[w + 2] as number) | (words[w + 3] as number)) & HIGH) === 0) w += 4;
    while (w < count && ((words[w] as number) & HIGH) === 0) w++;
    for (p = head + w * 4; p < n; p++) if ((bytes[p] as number) >= 0x80) return p;
    return Infinity;
  }

  /** Moves the walk past the sequence at byte `nb`, the next non-ASCII one (the bytes before it are ASCII, one char each). */
  private pass(nb: number): void {
    const bytes = this.bytes;
    const lead = bytes[nb] as number;
    let len = 1;
    let width = 1;
    if (lead >= 0xc2 && lead <= 0xf4) {
      const need = lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
      len = invalidSequenceLength(bytes, nb);
      if (len !== need) this.bad = true;
      else if (need === 4) width = 2;
    } else this.bad = true;
    this.c += nb - this.b + width;
    this.b = nb + len;
    this.nextByte = this.findByte(this.b);
  }

  at(c: number): number {
    // while the next non-ASCII sequence starts before char c
    while (this.c + (this.nextByte - this.b) < c) this.pass(this.nextByte);
    this.b += c - this.c;
    this.c = c;
    return this.b;
  }

  /**
   * The char offset of byte `b` (at a character boundary; the inverse of `at`), for offsets asked in increasing
   * order, together with `at`'s (the two share one walk).
   */
  charOf(b: number): number {
    while (this.nextByte < b) this.pass(this.nextByte);
    this.c += b - this.b;
    this.b = b;
    return this.c;
  }

  /** Whether the piece's bytes hold an invalid sequence: walks the rest of the piece (ask after the last `at`). */
  invalid(): boolean {
    if (this.ascii) return false;
    this.at(this.text.length);
    return this.bad;
  }
}
