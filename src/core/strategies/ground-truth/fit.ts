/**
 * Reading an event with one of the ground truth's shapes (shape.ts makes them and says why a fit is a reading).
 *
 * Contract: `fitShapeIn(s, text, from, to, out)` checks the event `text.slice(from, to)` in place with the shape's one
 * sticky regular expression (`re`) and reads the holes back into `out` (`ShapeFit`: DIGITS holes as the key, NAME
 * holes as their text; the literal is left as its span, not decoded: `Tracer.fragmentJson` decodes it); `replay`
 * tells a sink what an event that fitted says (the shape's `ops` with the holes' values); `opsOf` is the two at
 * once on a whole string, as ops (the literal decoded), for makeShape's proofs. Never throws.
 */

/** A field of an op. */
export type Field = string | undefined;
/** What an event says, one sink call at a time: a tag and its fields. */
export type Op = readonly [string, ...Field[]];

/** Hole classes (shape.ts's contract). */
export const DIGITS = 0;
export const NAME = 1;
export const LITERAL = 2;
export const FREE = 3;

/** A field of a shape's op: a fixed value, or the number of the hole whose value it is. */
export type Ref = string | number | undefined;

export interface Shape {
  /** The fixed text around the holes: fixed[0] hole 0 fixed[1] ... fixed[n]. */
  readonly fixed: readonly string[];
  readonly holes: readonly number[];
  /** The LITERAL hole's number, or -1. */
  readonly literal: number;
  /** What an event that fits says (the literal only ever as the text of a 'fragment' op). */
  readonly ops: readonly (readonly [string, ...Ref[]])[];
  /** The SSE event name the shape was made under (an event of another name never fits). */
  readonly event: string;
  readonly marked: boolean;
  readonly re: RegExp;
}

/** Where `fitShapeIn` leaves what it read: the holes' values (DIGITS: the key; NAME: the text) and the literal's span. */
export interface ShapeFit {
  vals: Field[];
  start: number;
  end: number;
}

export const shapeFit = (): ShapeFit => ({ vals: [], start: 0, end: 0 });

/** Keys of small indices, made once (the same string each time: a map finds it without hashing it anew). */
const KEYS: string[] = [];
const keyOf = (n: number): string => (n < 65536 ? (KEYS[n] ??= String(n)) : String(n));

/**
 * Whether the event `text.slice(from, to)` fits the shape, read in place (offsets are in `text`): one native match
 * of `re` at `from` that ends at `to` does every check. Then `out` holds the holes' values and the literal's span
 * (its quotes included), read back from the matched text: the holes before the literal from the start, those after
 * it from the end (so the literal itself is not scanned).
 */
export function fitShapeIn(s: Shape, text: string, from: number, to: number, out: ShapeFit): boolean {
  const re = s.re;
  re.lastIndex = from;
  if (!re.test(text) || re.lastIndex !== to) return false;
  const { fixed, holes, literal } = s;
  const vals = out.vals;
  const n = holes.length;
  const forward = literal < 0 ? n : literal;
  let p = from + (fixed[0] as string).length;
  for (let h = 0; h < forward; h++) {
    const kind = holes[h];
    if (kind === DIGITS) {
      let v = 0;
      for (let c = text.charCodeAt(p); c >= 48 && c <= 57; c = text.charCodeAt(++p)) v = v * 10 + (c - 48);
      vals[h] = keyOf(v);
    } else {
      let q = p + 1;
      while (text.charCodeAt(q) !== 34) q++;
      vals[h] = kind === NAME ? text.slice(p + 1, q) : undefined;
      p = q + 1;
    }
    p += (fixed[h + 1] as string).length;
  }
  if (literal < 0) return true;
  out.start = p;
  let e = to - (fixed[n] as string).length;
  for (let h = n - 1; h > literal; h--) {
    const kind = holes[h];
    if (kind === DIGITS) {
      let v = 0;
      let m = 1;
      for (let c = text.charCodeAt(e - 1); c >= 48 && c <= 57; c = text.charCodeAt(--e - 1)) {
        v += (c - 48) * m;
        m *= 10;
      }
      vals[h] = keyOf(v);
    } else {
      // no quote inside (the class): the opening quote is the first one back (a loop: lastIndexOf is a runtime call)
      let q = e - 2;
      while (text.charCodeAt(q) !== 34) q--;
      vals[h] = kind === NAME ? text.slice(q + 1, e - 1) : undefined;
      e = q;
    }
    e -= (fixed[h] as string).length;
  }
  out.end = e;
  vals[literal] = undefined;
  return true;
}

/** Who hears a shape's ops: `op` with the holes' values, `fragmentJson` for the fragment that is the literal. */
export interface Replay {
  op(tag: string, a: Field, b: Field, c: Field, d: Field): void;
  fragmentJson(key: Field, text: string, start: number, end: number): void;
}

const field = (r: Ref, vals: readonly Field[]): Field => (typeof r === 'number' ? vals[r] : r);

/** Tells `sink` what an event that fitted `s` (`fit`, read in `text`) says. */
export function replay(s: Shape, fit: ShapeFit, text: string, sink: Replay): void {
  const { ops, literal } = s;
  const vals = fit.vals;
  for (let k = 0; k < ops.length; k++) {
    const op = ops[k] as readonly [string, ...Ref[]];
    if (literal >= 0 && op[2] === literal) sink.fragmentJson(field(op[1], vals), text, fit.start, fit.end);
    else sink.op(op[0], field(op[1], vals), field(op[2], vals), field(op[3], vals), field(op[4], vals));
  }
}

/**
 * What an event that fits the shape says (the literal decoded), or undefined when it does not fit. It reads a
 * flat copy of `data`: `fitShapeIn` then only ever sees flat strings, as the readers' decoded text is, and its
 * optimized code keeps `charCodeAt` inline (sliced and joined strings of both widths made those calls megamorphic).
 */
export function opsOf(s: Shape, text: string): Op[] | undefined {
  const data = JSON.parse(JSON.stringify(text)) as string;
  const fit = shapeFit();
  if (!fitShapeIn(s, data, 0, data.length, fit)) return undefined;
  return s.ops.map((op) => {
    const out: Field[] = op.slice(1).map((r) => field(r, fit.vals));
    if (s.literal >= 0 && op[2] === s.literal) out[1] = JSON.parse(data.slice(fit.start, fit.end)) as string;
    return [op[0], ...out] as Op;
  });
}
