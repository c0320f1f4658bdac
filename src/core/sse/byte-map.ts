/**
 * Char offset -> byte offset in one decoded piece of a turn, for offsets asked in increasing order.
 *
 * Contract: `new ByteMap(text, bytes)` where `text` is `bytes` decoded by a WHATWG UTF-8 decoder (no BOM handling);
 * `at(c)` for non-decreasing c, each at a character boundary that is not inside a surrogate pair, returns the number
 * of bytes the decoder consumed to produce text[0, c). `replaced` says whether the text holds a U+FFFD (from an
 * invalid sequence or a genuine one). Cost: O(1) per call plus O(1) per non-ASCII character passed; a pure ASCII
 * piece is the identity. The non-ASCII characters are found in byte space, four bytes at a time, when the text
 * has no U+FFFD (then every non-ASCII byte starts or continues a well-formed sequence, whose lead byte gives its
 * length and its UTF-16 width); a text with a U+FFFD is walked in char space instead (a native regular-expression
 * search per non-ASCII char, the bytes of each invalid sequence counted as the decoder consumed them). Never
 * allocates per call.
 */
import { invalidSequenceLength } from './utf8';

/** Matches one non-ASCII UTF-16 unit. */
const NON_ASCII = /[^\0-\x7f]/g;

const HIGH = 0x80808080 | 0;

export class ByteMap {
  private c = 0;
  private b = 0;
  /** Char space: the next non-ASCII char at or after `c` (Infinity when none). */
  private next: number;
  /** Byte space: the next non-ASCII byte at or after `b` (Infinity when none). */
  private nextByte: number;
  /** Whether the piece is pure ASCII (char offset = byte offset). */
  readonly ascii: boolean;
  /** Whether the text holds a U+FFFD. */
  readonly replaced: boolean;
  /** The bytes' aligned 32-bit words (byte space only) and the byte at which the first one starts. */
  private readonly words: Int32Array | undefined;
  private readonly head: number;

  constructor(
    private readonly text: string,
    private readonly bytes: Uint8Array,
  ) {
    this.replaced = text.indexOf('\uFFFD') !== -1;
    // every byte gave exactly one char and none was invalid: ASCII only
    this.ascii = text.length === bytes.length && !this.replaced;
    const off = bytes.byteOffset;
    this.head = Math.min(bytes.length, ((off + 3) & ~3) - off);
    const count = (bytes.length - this.head) >> 2;
    this.words = this.ascii || this.replaced || count <= 0 ? undefined : new Int32Array(bytes.buffer, off + this.head, count);
    this.next = this.ascii || !this.replaced ? Infinity : this.find(0);
    this.nextByte = this.ascii || this.replaced ? Infinity : this.findByte(0);
  }

  private find(from: number): number {
    NON_ASCII.lastIndex = from;
    return NON_ASCII.test(this.text) ? NON_ASCII.lastIndex - 1 : Infinity;
  }

  /** The first byte >= 0x80 at or after `from` (Infinity when none). */
  private findByte(from: number): number {
    const bytes = this.bytes;
    const n = bytes.length;
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

  at(c: number): number {
    if (this.replaced) return this.atViaText(c);
    const bytes = this.bytes;
    for (;;) {
      const nb = this.nextByte;
      // the char the next non-ASCII byte starts (the bytes between are ASCII, one char each)
      const nc = this.c + (nb - this.b);
      if (!(nc < c)) break;
      const lead = bytes[nb] as number;
      const len = lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
      this.b = nb + len;
      this.c = nc + (len === 4 ? 2 : 1);
      this.nextByte = this.findByte(this.b);
    }
    this.b += c - this.c;
    this.c = c;
    return this.b;
  }

  private atViaText(c: number): number {
    const text = this.text;
    while (this.next < c) {
      const p = this.next;
      let b = this.b + (p - this.c);
      const code = text.charCodeAt(p);
      let width = 1;
      if (code === 0xfffd) {
        const bytes = this.bytes;
        b += bytes[b] === 0xef && bytes[b + 1] === 0xbf && bytes[b + 2] === 0xbd ? 3 : invalidSequenceLength(bytes, b);
      } else if (code < 0x800) b += 2;
      else if (code >= 0xd800 && code <= 0xdbff) {
        b += 4;
        width = 2;
      } else b += 3;
      this.b = b;
      this.c = p + width;
      this.next = this.find(this.c);
    }
    this.b += c - this.c;
    this.c = c;
    return this.b;
  }
}
