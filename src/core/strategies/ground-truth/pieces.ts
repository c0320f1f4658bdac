/**
 * The argument pieces of the ground truth's calls (tracer.ts), for every call of a trace in a few flat arrays:
 * no array per call, no string per piece.
 *
 * Contract: a `Chain` is one call's pieces in order. `addText(c, text)` appends a text; `addLiteral(c, data,
 * start, end)` appends the JSON string literal `data.slice(start, end)`, which the reader checked (shape.ts
 * `fitShape`: JSON.parse's grammar), standing for its value: it is decoded at once (while the reader's text is in
 * the cache) to the same code units as JSON.parse gives, into one buffer of all literals' code units. `text(c)` is
 * the chain's joined text (a chain without literals is joined as strings). `reset(c, text)` makes the chain that
 * one text. Never throws.
 */

export interface Chain {
  first: number;
  last: number;
  /** Whether a piece is a literal (then `text` decodes). */
  literal: boolean;
}

export const chain = (): Chain => ({ first: -1, last: -1, literal: false });

/** Reused by `text`: the UTF-16 code units being joined, written out in runs of CHUNK. */
const joined: number[] = [];
const CHUNK = 4096;

const hex = (c: number): number => (c <= 57 ? c - 48 : (c | 32) - 87);

export class Pieces {
  /** Per piece: a text piece's text, where a literal's code units start in `units` (-1: a text) and end, the next piece of its chain. */
  private src: string[];
  private from: Int32Array;
  private to: Int32Array;
  private next: Int32Array;
  private size = 0;
  /** The literals' decoded code units, back to back, `used` of them. */
  private units: Uint16Array;
  private used = 0;

  /** `capacity`: how many pieces to make room for at once (the arrays grow past it). */
  constructor(capacity = 64) {
    const n = Math.max(16, capacity);
    this.src = new Array<string>(n);
    this.from = new Int32Array(n);
    this.to = new Int32Array(n);
    this.next = new Int32Array(n);
    this.units = new Uint16Array(n);
  }

  private grow(): void {
    const n = this.from.length * 2;
    const widen = (a: Int32Array): Int32Array => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.from = widen(this.from);
    this.to = widen(this.to);
    this.next = widen(this.next);
    this.src.length = n;
  }

  /** Appends a piece to `c` and returns it. */
  private add(c: Chain, from: number, to: number): number {
    const i = this.size++;
    if (i === this.from.length) this.grow();
    this.from[i] = from;
    this.to[i] = to;
    this.next[i] = -1;
    if (c.last >= 0) this.next[c.last] = i;
    else c.first = i;
    return (c.last = i);
  }

  addText(c: Chain, text: string): void {
    this.src[this.add(c, -1, text.length)] = text;
  }

  addLiteral(c: Chain, data: string, start: number, end: number): void {
    c.literal = true;
    let units = this.units;
    const first = this.used;
    let w = first;
    // a literal's value has at most as many code units as its body
    if (w + end - start > units.length) {
      units = new Uint16Array(Math.max(units.length * 2, w + end - start));
      units.set(this.units);
      this.units = units;
    }
    for (let i = start + 1; i < end - 1; i++) {
      let u = data.charCodeAt(i);
      if (u === 92) {
        u = data.charCodeAt(++i);
        if (u === 110) u = 10;
        else if (u === 116) u = 9;
        else if (u === 114) u = 13;
        else if (u === 98) u = 8;
        else if (u === 102) u = 12;
        else if (u === 117) {
          u = (hex(data.charCodeAt(i + 1)) << 12) | (hex(data.charCodeAt(i + 2)) << 8) | (hex(data.charCodeAt(i + 3)) << 4) | hex(data.charCodeAt(i + 4));
          i += 4;
        }
      }
      units[w++] = u;
    }
    this.used = w;
    this.add(c, first, w);
  }

  reset(c: Chain, text: string): void {
    c.first = -1;
    c.last = -1;
    c.literal = false;
    this.addText(c, text);
  }

  text(c: Chain): string {
    const { src, from, to, next, units } = this;
    if (!c.literal) {
      if (c.first >= 0 && next[c.first] === -1) return src[c.first] as string;
      const texts: string[] = [];
      for (let p = c.first; p >= 0; p = next[p] as number) texts.push(src[p] as string);
      return texts.join('');
    }
    let out = '';
    let w = 0;
    for (let p = c.first; p >= 0; p = next[p] as number) {
      const literal = (from[p] as number) >= 0;
      const s = literal ? '' : (src[p] as string);
      const last = to[p] as number;
      for (let i = literal ? (from[p] as number) : 0; i < last; i++) {
        joined[w++] = literal ? (units[i] as number) : s.charCodeAt(i);
        if (w === CHUNK) {
          out += String.fromCharCode.apply(null, joined);
          w = 0;
        }
      }
    }
    joined.length = w;
    return out + String.fromCharCode.apply(null, joined);
  }
}
