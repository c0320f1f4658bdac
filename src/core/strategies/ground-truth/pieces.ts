/**
 * The argument pieces of the ground truth's calls (tracer.ts), for every call of a trace in a few flat arrays:
 * no array per call, no string per piece.
 *
 * Contract: a `Chain` is one call's pieces in order. `addText(c, text)` appends a text; `addLiteral(c, data,
 * start, end)` appends the JSON string literal `data.slice(start, end)`, which the reader checked (fit.ts
 * `fitShapeIn`: JSON.parse's grammar), standing for its value. Each piece is written at once (a literal while the
 * reader's text is in the cache) into one buffer of the code units of all pieces, a literal decoded to the same
 * code units as JSON.parse gives. A piece of LARGE_PIECE code units or more is kept as a string instead (a text as
 * it is, a literal as JSON.parse's value): one 30 MB argument is then its one string, not also 60 MB of code units
 * and a third copy joined from them. `text(c)` is the chain's joined text (a chain of one large piece: that very
 * string). `reset(c, text)` makes the chain that one text. Never throws.
 */

export interface Chain {
  first: number;
  last: number;
}

export const chain = (): Chain => ({ first: -1, last: -1 });

/** Reused by `text`: the UTF-16 code units being joined, written out in runs of CHUNK. */
const joined: number[] = [];
const CHUNK = 4096;

/** Pieces at least this long are kept as strings, not copied into the code units. */
export const LARGE_PIECE = 1 << 16;

const hex = (c: number): number => (c <= 57 ? c - 48 : (c | 32) - 87);

export class Pieces {
  /** Per piece: where its code units start in `units` and end, and the next piece of its chain. */
  private from: Int32Array;
  private to: Int32Array;
  private next: Int32Array;
  private size = 0;
  /** The pieces' code units, back to back, `used` of them. */
  private units: Uint16Array;
  private used = 0;
  /** The pieces kept as strings (LARGE_PIECE), by piece index; their code-unit range is empty. */
  private readonly large = new Map<number, string>();

  /** `capacity`: how many pieces to make room for at once (the arrays grow past it). */
  constructor(capacity = 64) {
    const n = Math.max(16, capacity);
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
  }

  /** `units` with room for `n` more code units. */
  private room(n: number): Uint16Array {
    let units = this.units;
    if (this.used + n > units.length) {
      units = new Uint16Array(Math.max(units.length * 2, this.used + n));
      units.set(this.units);
      this.units = units;
    }
    return units;
  }

  /** Appends to `c` the piece of the code units written since `first`. */
  private add(c: Chain, first: number): void {
    const i = this.size++;
    if (i === this.from.length) this.grow();
    this.from[i] = first;
    this.to[i] = this.used;
    this.next[i] = -1;
    if (c.last >= 0) this.next[c.last] = i;
    else c.first = i;
    c.last = i;
  }

  /** Appends `text` to `c` as a string kept as it is. */
  private addLarge(c: Chain, text: string): void {
    this.large.set(this.size, text);
    this.add(c, this.used);
  }

  addText(c: Chain, text: string): void {
    if (text.length >= LARGE_PIECE) return this.addLarge(c, text);
    const units = this.room(text.length);
    const first = this.used;
    for (let i = 0; i < text.length; i++) units[first + i] = text.charCodeAt(i);
    this.used = first + text.length;
    this.add(c, first);
  }

  addLiteral(c: Chain, data: string, start: number, end: number): void {
    // checked by the reader: JSON.parse reads it, to the same code units the loop below writes
    if (end - start >= LARGE_PIECE) return this.addLarge(c, JSON.parse(data.slice(start, end)) as string);
    // a literal's value has at most as many code units as its body
    const units = this.room(end - start);
    const first = this.used;
    let w = first;
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
    this.add(c, first);
  }

  reset(c: Chain, text: string): void {
    c.first = -1;
    c.last = -1;
    this.addText(c, text);
  }

  text(c: Chain): string {
    const { from, to, next, units, large } = this;
    let out = '';
    let w = 0;
    for (let p = c.first; p >= 0; p = next[p] as number) {
      const kept = large.size > 0 ? large.get(p) : undefined;
      if (kept !== undefined) {
        // the code units so far, then the kept string (alone in its chain: '' + kept is kept itself)
        if (w > 0) {
          joined.length = w;
          out += String.fromCharCode.apply(null, joined);
          w = 0;
        }
        out += kept;
        continue;
      }
      const last = to[p] as number;
      for (let i = from[p] as number; i < last; i++) {
        joined[w++] = units[i] as number;
        if (w === CHUNK) {
          out += String.fromCharCode.apply(null, joined);
          w = 0;
        }
      }
    }
    if (w === 0) return out;
    joined.length = w;
    return out + String.fromCharCode.apply(null, joined);
  }
}
