/**
 * Event shapes for the ground truth (Chat chunks, Anthropic events): an event that fits a shape is read in place,
 * without parsing it whole. Its own code: nothing here is shared with the wire adapters' envelope templates, so a
 * fault in one cannot hide in the other.
 *
 * Contract: a reader tells its sink what an event says as a list of `Op`s (a tag and up to four string fields;
 * `ReadWhole` reads an event's data that way with JSON.parse). `makeShape(data, read, spec)` keeps the event's text
 * with holes at some of its values: a call index's digits (`DIGITS`: no leading zero, at most 9), an id or name
 * (`NAME`: a non-empty string without escape or control character), the argument fragment's string literal
 * (`LITERAL`, the value of `spec.member`: any JSON string literal, at most one) and a pad: a string last member
 * whose content does not change what the event says (`FREE`: OpenAI's `obfuscation`; no escape). Candidates are
 * the values of the members `spec.names` and `spec.member` and a string last member; each is probed alone (a value
 * that changes nothing, e.g. a chunk id, or that changes what the event says other than by being echoed, e.g.
 * Chat's choice index, stays fixed text) and
 * the shape is kept only when the event and two fills of all holes at once read back as the shape's ops (`ops`:
 * the event's own, a field that echoes a hole replaced by the hole's number). JSON's grammar being context free,
 * an event that is the fixed text with a value of each hole's class in each hole parses as the same object with
 * those values; the readers treat such a value as a whole (they pass it on, or test only that it is a string, a
 * non-empty one, a non-negative integer), so the event says `ops` with the holes' values: `fitShapeIn` (fit.ts)
 * checks an event in place with one sticky regular expression (`re`) and reads the holes back, and `replay` tells
 * a sink what it says. Anything else (an escape in an id, reordered keys, an extra member, a number written
 * 01, 1e3 or -0) does not fit: the caller parses it whole. A shape is `marked` when its fixed text holds one of
 * `spec.marks` (the reader's quick "may this event matter" test then holds for every event that fits). Never throws.
 */
import { DIGITS, FREE, LITERAL, NAME, type Field, type Op, type Ref, type Shape } from './fit';
import { opsOf } from './shape-fit';

/** Reads an event's data whole (JSON.parse and the reader's rules); undefined when the data is not JSON. */
export type ReadWhole = (data: string, event: string) => Op[] | undefined;

export interface ShapeSpec {
  /** The member whose string value is the argument fragment, e.g. '"arguments"' (as written, quotes included). */
  readonly member: string;
  /** Members whose values may be holes, as written: '"index"', '"id"', '"name"'. */
  readonly names: readonly string[];
  readonly marks: readonly string[];
}

const MAX_DIGITS = 9;

/** Index just after the string literal opening at `i`, or -1. */
function literalEnd(t: string, i: number): number {
  for (let j = i + 1; j < t.length; j++) {
    const c = t.charCodeAt(j);
    if (c === 92) j++;
    else if (c === 34) return j + 1;
  }
  return -1;
}

const space = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;
/** A string literal without escape or control character. */
const plain = (v: string): boolean => /^".*"$/s.test(v) && ![...v.slice(1, -1)].some((ch) => ch === '"' || ch === '\\' || ch.charCodeAt(0) < 32);
const DIGITS_RE = /^(?:0|[1-9][0-9]{0,8})$/;

interface Candidate {
  from: number;
  to: number;
  kind: number;
}

/** The values of the members a shape may have holes at, in text order (see the contract). */
function candidates(data: string, spec: ShapeSpec): Candidate[] {
  const out: Candidate[] = [];
  let last: Candidate | undefined;
  for (let i = 0; i < data.length; i++) {
    if (data.charCodeAt(i) !== 34) continue;
    const end = literalEnd(data, i);
    if (end < 0) break;
    let v = end;
    while (space(data.charCodeAt(v))) v++;
    if (data.charCodeAt(v) !== 58) {
      i = end - 1;
      continue;
    }
    v++;
    while (space(data.charCodeAt(v))) v++;
    const name = data.slice(i, end);
    let to = v;
    if (data.charCodeAt(v) === 34) to = literalEnd(data, v);
    else while (to < data.length && /[-+.eE0-9]/.test(data.charAt(to))) to++;
    if (to < 0) break;
    const value = data.slice(v, to);
    const kind =
      name === spec.member && value.startsWith('"') ? LITERAL
      : !spec.names.includes(name) ? -1
      : DIGITS_RE.test(value) ? DIGITS
      : plain(value) && value.length > 2 ? NAME
      : -1;
    last = { from: v, to, kind };
    if (kind >= 0) out.push(last);
    i = end - 1;
  }
  // a string last member (a pad)
  if (last && last.kind < 0 && plain(data.slice(last.from, last.to)) && /^\s*}\s*$/.test(data.slice(last.to))) out.push({ ...last, kind: FREE });
  return out;
}

/** A fill of a hole: its text and the value a reader echoes. */
function sentinel(kind: number, h: number, second: boolean): [string, string] {
  if (kind === DIGITS) return [String((second ? 8_200_000 : 9_100_000) + h), String((second ? 8_200_000 : 9_100_000) + h)];
  const v = second && kind !== NAME ? '' : `~${h}${second ? 'b' : 'a'}`;
  return [`"${v}"`, v];
}

const fill = (data: string, holes: readonly Candidate[], texts: readonly string[]): string => {
  let out = '';
  let at = 0;
  holes.forEach((c, h) => {
    out += data.slice(at, c.from) + texts[h];
    at = c.to;
  });
  return out + data.slice(at);
};

const sameOps = (a: readonly (readonly Field[])[] | undefined, b: readonly (readonly Field[])[] | undefined): boolean =>
  a !== undefined && b !== undefined && a.length === b.length && a.every((op, k) => op.length === b[k]?.length && op.every((x, m) => x === b[k]?.[m]));

/** A shape from an event the reader read as `read(data, event)`, or undefined (see the contract). */
export function makeShape(data: string, event: string, read: ReadWhole, spec: ShapeSpec): Shape | undefined {
  try {
    return shapeOf(data, event, read, spec);
  } catch {
    return undefined;
  }
}

function shapeOf(data: string, event: string, read: ReadWhole, spec: ShapeSpec): Shape | undefined {
  const ops = read(data, event);
  if (ops === undefined || ops.length === 0) return undefined;
  const refs: Ref[][] = ops.map((op) => [...op]);
  const kept: Candidate[] = [];
  for (const c of candidates(data, spec)) {
    const [text, value] = sentinel(c.kind, kept.length, false);
    const probe = read(data.slice(0, c.from) + text + data.slice(c.to), event);
    if (probe === undefined || probe.length !== ops.length) continue;
    const own = c.kind === LITERAL ? (JSON.parse(data.slice(c.from, c.to)) as string) : data.slice(c.from + (c.kind === DIGITS ? 0 : 1), c.to - (c.kind === DIGITS ? 0 : 1));
    const at: [number, number][] = [];
    const fits = probe.every((op, k) => op.length === ops[k]?.length && op.every((x, m) => x === ops[k]?.[m] || (x === value && ops[k]?.[m] === own && m > 0 && at.push([k, m]) > 0)));
    if (!fits) continue;
    if (c.kind === LITERAL && (at.length !== 1 || kept.some((k) => k.kind === LITERAL) || ops[at[0]?.[0] ?? 0]?.[0] !== 'fragment' || at[0]?.[1] !== 2)) continue;
    // a value that changes nothing is fixed text, unless it is the pad (a string last member)
    if (at.length === 0 ? c.kind !== FREE : c.kind === FREE) continue;
    if (at.some(([k, m]) => typeof refs[k]?.[m] === 'number')) return undefined;
    for (const [k, m] of at) (refs[k] as Ref[])[m] = kept.length;
    kept.push(c);
  }
  if (!kept.some((c) => c.kind !== FREE)) return undefined;
  const holes = kept.map((c) => c.kind);
  const fixed: string[] = [];
  let at = 0;
  for (const c of kept) {
    fixed.push(data.slice(at, c.from));
    at = c.to;
  }
  fixed.push(data.slice(at));
  const shape: Shape = {
    fixed,
    holes,
    literal: holes.indexOf(LITERAL),
    ops: refs as unknown as Shape['ops'],
    event,
    marked: spec.marks.some((m) => fixed.some((part) => part.includes(m))),
    re: shapeRegExp(fixed, holes),
  };
  // the event itself and two fills of every hole at once read back as the shape's ops
  for (const second of [false, true]) {
    const fills = holes.map((kind, h) => sentinel(kind, h, second));
    const filled = fill(data, kept, fills.map((f) => f[0]));
    if (!sameOps(read(filled, event), opsOf(shape, filled))) return undefined;
  }
  return sameOps(ops, opsOf(shape, data)) ? shape : undefined;
}

/** Regular-expression text matching `x` literally. */
const literally = (x: string): string => x.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/**
 * A JSON string literal (JSON.parse's grammar: no raw control character, only its escapes), unrolled (runs of
 * plain characters between escapes: irregexp loops over a class much faster than over an alternation per character).
 */
const PLAIN_RUN = '[^"\\\\\\x00-\\x1f]*';
const LITERAL_RE = `"${PLAIN_RUN}(?:\\\\(?:["\\\\/bfnrt]|u[0-9a-fA-F]{4})${PLAIN_RUN})*"`;
const HOLE_RE = [`(?:0|[1-9][0-9]{0,${MAX_DIGITS - 1}})`, '"[^"\\\\\\x00-\\x1f]+"', LITERAL_RE, '"[^"\\\\\\x00-\\x1f]*"'];

/**
 * The events a shape stands for, as one sticky regular expression (matched at the event's start, and matching
 * only if it ends at the event's end): its fixed parts literally, each hole's class between them. It matches in
 * one way only: a string hole ends at its first quote that is not escaped, and a fixed part after digits never
 * starts with a digit (it is the text after a whole number of the event the shape was made from).
 */
function shapeRegExp(fixed: readonly string[], holes: readonly number[]): RegExp {
  let src = literally(fixed[0] as string);
  holes.forEach((kind, h) => {
    src += (HOLE_RE[kind] as string) + literally(fixed[h + 1] as string);
  });
  return new RegExp(src, 'y');
}
