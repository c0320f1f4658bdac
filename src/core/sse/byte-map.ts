/**
 * Char offset -> byte offset in one decoded piece of a turn, for offsets asked in increasing order.
 *
 * Contract: `new ByteMap(text, bytes)` where `text` is `bytes` decoded by a WHATWG UTF-8 decoder (no BOM handling);
 * `at(c)` for non-decreasing c, each at a character boundary that is not inside a surrogate pair, returns the number
 * of bytes the decoder consumed to produce text[0, c). Cost: O(1) per call plus O(1) per non-ASCII character passed
 * (found with a native regular-expression search); a pure ASCII piece is the identity. Never allocates per call.
 */
import { invalidSequenceLength } from './utf8';

/** Matches one non-ASCII UTF-16 unit. */
const NON_ASCII = /[^\0-\x7f]/g;

export class ByteMap {
  private c = 0;
  private b = 0;
  /** The next non-ASCII char at or after `c` (Infinity when none). */
  private next: number;
  /** Whether the piece is pure ASCII (char offset = byte offset). */
  readonly ascii: boolean;

  constructor(
    private readonly text: string,
    private readonly bytes: Uint8Array,
  ) {
    // every byte gave exactly one char and none was invalid: ASCII only
    this.ascii = text.length === bytes.length && text.indexOf('\uFFFD') === -1;
    this.next = this.ascii ? Infinity : this.find(0);
  }

  private find(from: number): number {
    NON_ASCII.lastIndex = from;
    return NON_ASCII.test(this.text) ? NON_ASCII.lastIndex - 1 : Infinity;
  }

  at(c: number): number {
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
