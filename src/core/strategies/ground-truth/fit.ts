/**
 * Reading an event with one of the ground truth's shapes (shape.ts makes them and says why a fit is a reading).
 *
 * Contract (`fitShapeIn` and `opsOf` live in ./shape-fit.ts, installed with the builder by core/learning.ts):
 * `fitShapeIn(s, text, from, to, out)` checks the event `text.slice(from, to)` in place with the shape's one
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

/** Who hears a shape's ops: `op` with the holes' values, `fragmentJson` for the fragment that is the literal. */
export interface Replay {
  op(tag: string, a: Field, b: Field, c: Field, d: Field): void;
  fragmentJson(key: Field, text: string, start: number, end: number): void;
}

export const field = (r: Ref, vals: readonly Field[]): Field => (typeof r === 'number' ? vals[r] : r);

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
