/**
 * Fitting an event to a shape (the contract of ./fit.ts, which holds the shapes' type and `replay`): `fitShapeIn`
 * and `opsOf`. Installed with the shape builder by core/learning.ts (./schedule.ts fits only shapes, which only the
 * builder makes), so a page's small inline analysis does not carry it.
 */
import { DIGITS, field, NAME, shapeFit, type Field, type Op, type Shape, type ShapeFit } from './fit';

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
