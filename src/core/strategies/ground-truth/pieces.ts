/**
 * The argument pieces of the ground truth's calls (tracer.ts), for every call of a trace in a few flat arrays:
 * no array per call, nothing copied per piece until `text` joins them.
 *
 * Contract: a `Chain` is one call's pieces in order. `addText(c, text)` appends a text; `addLiteral(c, data,
 * start, end)` appends the JSON string literal `data.slice(start, end)`, which the reader checked (shape.ts
 * `fitShape`: JSON.parse's grammar), standing for its value. `text(c)` is the chain's joined text: texts as they
 * are, literals decoded to the same code units as JSON.parse gives (each run of literals by one JSON.parse of
 * their joined bodies, or as they are when they hold no backslash; a chain without literals is joined as strings). `reset(c, text)` makes the chain that one text. Never throws.
 */

export interface Chain {
  first: number;
  last: number;
  /** Whether a piece is a literal (then `text` decodes). */
  literal: boolean;
}

export const chain = (): Chain => ({ first: -1, last: -1, literal: false });

export class Pieces {
  /** Per piece: its string, where its literal starts (-1: a text) and ends, and the next piece of its chain. */
  private src: string[];
  private from: Int32Array;
  private to: Int32Array;
  private next: Int32Array;
  private size = 0;

  /** `capacity`: how many pieces to make room for at once (the arrays grow past it). */
  constructor(capacity = 64) {
    const n = Math.max(16, capacity);
    this.src = new Array<string>(n);
    this.from = new Int32Array(n);
    this.to = new Int32Array(n);
    this.next = new Int32Array(n);
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

  private add(c: Chain, s: string, from: number, to: number): void {
    const i = this.size++;
    if (i === this.from.length) this.grow();
    this.src[i] = s;
    this.from[i] = from;
    this.to[i] = to;
    this.next[i] = -1;
    if (c.last >= 0) this.next[c.last] = i;
    else c.first = i;
    c.last = i;
  }

  addText(c: Chain, text: string): void {
    this.add(c, text, -1, text.length);
  }

  addLiteral(c: Chain, data: string, start: number, end: number): void {
    c.literal = true;
    this.add(c, data, start, end);
  }

  reset(c: Chain, text: string): void {
    c.first = -1;
    c.last = -1;
    c.literal = false;
    this.addText(c, text);
  }

  text(c: Chain): string {
    const { src, from, to, next } = this;
    if (!c.literal && c.first >= 0 && next[c.first] === -1) return src[c.first] as string;
    // texts as they are; each run of literals decoded by one JSON.parse of their joined bodies (a literal is whole:
    // no escape spans two, so the joined bodies are one literal's body, decoding to the joined values)
    let out = '';
    let body = '';
    let bodies = 0;
    for (let p = c.first; p >= 0; p = next[p] as number) {
      const s = src[p] as string;
      const start = from[p] as number;
      if (start >= 0) {
        body += s.slice(start + 1, (to[p] as number) - 1);
        bodies++;
        continue;
      }
      if (bodies > 0) out += decodeBody(body);
      body = '';
      bodies = 0;
      out += s;
    }
    return bodies > 0 ? out + decodeBody(body) : out;
  }
}

/** A JSON string literal's body (checked: JSON.parse's grammar) decoded; one without a backslash is its value. */
const decodeBody = (body: string): string => (body.indexOf('\\') < 0 ? body : (JSON.parse(`"${body}"`) as string));
