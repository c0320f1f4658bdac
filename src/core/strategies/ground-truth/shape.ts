/**
 * Argument fragments read without parsing the whole event, for the ground truth (Chat `function.arguments`,
 * Anthropic `partial_json`). Its own code: nothing here is shared with the wire adapters' envelope templates, so
 * a fault in one cannot hide in the other.
 *
 * Contract: a `Shape` is made from an event whose whole reading by the wire's truth reader (`ReadWhole`) is one
 * argument fragment and nothing else. It keeps the event's text around the fragment's string literal (the value
 * of the last `member`, e.g. '"arguments"'): `head` (up to the call's `"index"` digits, when they come before the
 * literal), `mid` (from the digits to the literal), `tail` (after the literal) and, when the event ends with a
 * string member (OpenAI's per-chunk `obfuscation`), `padEnd` (the text after that string, whose content is then
 * free). `makeShape` keeps a shape only when two fills read back as one fragment each: '""' with the event's own
 * index (and '""' as the pad), '"x"' with another index (and '"y"'), giving the fragments '' and 'x' at the
 * filled keys. JSON's grammar being context free, any event that is head + digits + mid + L + tail (+ S +
 * padEnd) with L a JSON string literal (and S one without escapes) reads as the one fragment JSON.parse(L) at
 * key = those digits: `fitShape` returns where L is (not decoded: `Tracer.fragmentJson` decodes a call's joined
 * literals once) and the key, `readShape` the fragment decoded; else nothing (the caller parses the event whole).
 * A shape is `marked` when its own text holds one of the strings the reader gives (its quick "may this event
 * matter" test then holds for every event that fits). Never throws.
 */

export interface Shape {
  readonly head: string;
  /** Whether the call's index digits follow `head` (else `mid` follows it directly). */
  readonly indexed: boolean;
  readonly mid: string;
  readonly tail: string;
  readonly padEnd?: string;
  /** The key when the shape has no index digits. */
  readonly key: string;
  /** Whether one of the `marks` given to makeShape is in the shape's own text (so in every event that fits it). */
  readonly marked: boolean;
  /** The events that fit, as one sticky regular expression (built from the parts above; see `fitShapeIn`). */
  readonly re: RegExp;
}

/** What one event says, in the reader's terms; a fragment is ['fragment', key, text]. */
export type Observation = readonly ['fragment', string, string] | readonly [string, ...unknown[]];

/** Reads an event's data whole (JSON.parse and the reader's rules), or undefined when the data is not JSON. */
export type ReadWhole = (data: string) => Observation[] | undefined;

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

/** The position after `"name"`, whitespace, a colon and whitespace, searching back from `before`; -1 if none. */
function valueAfterName(t: string, name: string, before: number): number {
  const at = t.lastIndexOf(name, before);
  if (at < 0) return -1;
  let i = at + name.length;
  while (space(t.charCodeAt(i))) i++;
  if (t.charCodeAt(i) !== 58) return -1;
  i++;
  while (space(t.charCodeAt(i))) i++;
  return i;
}

/** The span of a trailing string member's literal: text ends with `"..."` + one `}`; undefined if not so. */
function padSpan(t: string, from: number): [number, number] | undefined {
  const close = t.length - 2;
  if (close <= from || t.charCodeAt(close + 1) !== 125 || t.charCodeAt(close) !== 34) return undefined;
  const open = t.lastIndexOf('"', close - 1);
  if (open < from) return undefined;
  let k = open - 1;
  while (space(t.charCodeAt(k))) k--;
  return t.charCodeAt(k) === 58 ? [open, close + 1] : undefined;
}

const isFragment = (obs: Observation[] | undefined, key: string, text: string): boolean => {
  const o = obs?.length === 1 ? obs[0] : undefined;
  return o !== undefined && o[0] === 'fragment' && o[1] === key && o[2] === text;
};

/** A shape from an event that reads as the one fragment (key, text), or undefined (see the contract). */
export function makeShape(data: string, key: string, read: ReadWhole, member: string, marks: readonly string[] = []): Shape | undefined {
  const litStart = valueAfterName(data, member, data.length);
  if (litStart < 0 || data.charCodeAt(litStart) !== 34) return undefined;
  const litEnd = literalEnd(data, litStart);
  if (litEnd < 0) return undefined;
  let head = data.slice(0, litStart);
  let mid = '';
  let indexed = false;
  const d0 = valueAfterName(data, '"index"', litStart);
  let d1 = d0;
  while (d1 >= 0 && d1 < litStart && d1 - d0 < MAX_DIGITS && data.charCodeAt(d1) >= 48 && data.charCodeAt(d1) <= 57) d1++;
  // mid never starts with a digit (the digits above are all there are), so fitShape reads them back
  if (d0 >= 0 && d1 > d0 && d1 < litStart && data.slice(d0, d1) === key && !(data.charCodeAt(d1) >= 48 && data.charCodeAt(d1) <= 57)) {
    head = data.slice(0, d0);
    mid = data.slice(d1, litStart);
    indexed = true;
  }
  const pad = padSpan(data, litEnd);
  const tail = data.slice(litEnd, pad === undefined ? data.length : pad[0]);
  const padEnd = pad === undefined ? undefined : data.slice(pad[1]);
  const other = key === '0' ? '1' : '0';
  const fill = (n: string, lit: string, s: string): string => head + (indexed ? n : '') + mid + lit + tail + (padEnd === undefined ? '' : s + padEnd);
  if (!isFragment(read(fill(key, '""', '""')), key, '')) return undefined;
  if (!isFragment(read(fill(other, '"x"', '"y"')), indexed ? other : key, 'x')) return undefined;
  const fixed = [head, mid, tail, padEnd ?? ''];
  const marked = marks.some((m) => fixed.some((part) => part.includes(m)));
  const re = shapeRegExp(head, indexed, mid, tail, padEnd);
  const shape: { -readonly [K in keyof Shape]: Shape[K] } = { head, indexed, mid, tail, key, marked, re };
  if (padEnd !== undefined) shape.padEnd = padEnd;
  return shape;
}

/** Where `fitShape` leaves the key of the event it read and the end of its literal. */
export interface ShapeFit {
  key: string;
  end: number;
}

/** Regular-expression text matching `x` literally. */
const literally = (x: string): string => x.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** A JSON string literal (JSON.parse's grammar: no raw control character, only its escapes). */
const LITERAL = '"(?:[^"\\\\\\x00-\\x1f]|\\\\(?:["\\\\/bfnrt]|u[0-9a-fA-F]{4}))*"';

/**
 * The events a shape's parts stand for, as one sticky regular expression (matched at the event's start, and
 * matching only if it ends at the event's end): head, the index digits (no leading zero, at most MAX_DIGITS), mid,
 * a JSON string literal, tail, and when padded a string without escape or control character and padEnd.
 */
function shapeRegExp(head: string, indexed: boolean, mid: string, tail: string, padEnd: string | undefined): RegExp {
  const digits = indexed ? `(?:0|[1-9][0-9]{0,${MAX_DIGITS - 1}})` : '';
  const pad = padEnd === undefined ? '' : `"[^"\\\\\\x00-\\x1f]*"${literally(padEnd)}`;
  return new RegExp(`${literally(head)}${digits}${literally(mid)}${LITERAL}${literally(tail)}${pad}`, 'y');
}

/** Keys of small indices, made once (the same string each time: a map finds it without hashing it anew). */
const KEYS: string[] = [];
const keyOf = (n: number): string => (n < 4096 ? (KEYS[n] ??= String(n)) : String(n));

/**
 * Where the JSON string literal of the fragment an event that fits the shape carries starts (its opening quote;
 * `out.end` is just past its closing quote, `out.key` the fragment's key), or -1 when the event does not fit.
 * The literal is not decoded (its value is JSON.parse of it; bodies of literals join into the body of their
 * joined values).
 */
export function fitShape(s: Shape, data: string, out: ShapeFit): number {
  return fitShapeIn(s, data, 0, data.length, out);
}

/**
 * `fitShape` for the event `text.slice(from, to)`, read in place (offsets are in `text`). One native match of the
 * shape's sticky regular expression (`re`) at `from` does every check: the match must end at `to`. That is what
 * the expression anchored at both ends says of the slice, as the expression matches in one way only: the index
 * digits are all there are (`mid` never starts with a digit), and a string (the literal, the pad) ends at its
 * first quote that is not escaped.
 */
export function fitShapeIn(s: Shape, text: string, from: number, to: number, out: ShapeFit): number {
  // `test` builds no match array; the digits and the pad are read back from the matched text
  const re = s.re;
  re.lastIndex = from;
  if (!re.test(text) || re.lastIndex !== to) return -1;
  let start = from + s.head.length;
  let key = s.key;
  if (s.indexed) {
    let n = 0;
    for (let c = text.charCodeAt(start); c >= 48 && c <= 57; c = text.charCodeAt(++start)) n = n * 10 + (c - 48);
    key = keyOf(n);
  }
  start += s.mid.length;
  const padEnd = s.padEnd;
  out.key = key;
  out.end = (padEnd === undefined ? to : text.lastIndexOf('"', to - padEnd.length - 2)) - s.tail.length;
  return start;
}

/** The fragment an event that fits the shape carries, decoded, with its key; undefined when it does not fit. */
export function readShape(s: Shape, data: string): { key: string; text: string } | undefined {
  const out: ShapeFit = { key: '', end: 0 };
  const start = fitShape(s, data, out);
  return start < 0 ? undefined : { key: out.key, text: JSON.parse(data.slice(start, out.end)) as string };
}

/** How many shapes a turn keeps, and the longest wait between two builds that went unused. */
const SHAPES = 4;
const MAX_WAIT = 256;

/** Per turn: its shapes and when the next may be built (and where `fitShape` leaves a key). */
export interface ShapeSchedule extends ShapeFit {
  shapes: Shape[];
  /** Events read whole since the last build, and how many must pass before the next. */
  since: number;
  wait: number;
  /** The last shape built, and whether an event has fitted it since. */
  built: Shape | undefined;
  builtHit: boolean;
  /** The shape `fitShapes` found last. */
  fit: Shape | undefined;
}

export const shapeSchedule = (): ShapeSchedule => ({ shapes: [], since: 0, wait: 0, built: undefined, builtHit: false, key: '', end: 0, fit: undefined });

/**
 * After an event read whole that was one fragment at `key`: a shape from it, when the schedule allows. Builds back
 * off (doubling, up to MAX_WAIT) while the shapes they make go unused; the newest SHAPES shapes are kept.
 */
export function learnShape(turn: ShapeSchedule, data: string, key: string, read: ReadWhole, member: string, marks: readonly string[] = []): void {
  if (turn.since++ < turn.wait) return;
  turn.wait = turn.builtHit ? 0 : Math.min(MAX_WAIT, turn.wait * 2 + 1);
  turn.since = 0;
  turn.builtHit = false;
  const s = makeShape(data, key, read, member, marks);
  turn.built = s;
  if (s === undefined) return;
  turn.shapes.unshift(s);
  if (turn.shapes.length > SHAPES) turn.shapes.pop();
}

/** `fitShape` with the first of the turn's shapes the event fits (that shape left in `turn.fit`), or -1. */
export function fitShapes(turn: ShapeSchedule, data: string): number {
  return fitShapesIn(turn, data, 0, data.length);
}

/** `fitShapes` for the event `text.slice(from, to)`, read in place (`fitShapeIn`). */
export function fitShapesIn(turn: ShapeSchedule, text: string, from: number, to: number): number {
  const shapes = turn.shapes;
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i] as Shape;
    const start = fitShapeIn(s, text, from, to, turn);
    if (start < 0) continue;
    turn.fit = s;
    return start;
  }
  return -1;
}

/** The event that fitted `turn.fit` was read by it: that shape goes first, and counts as a hit if it is the newest. */
export function usedShape(turn: ShapeSchedule): void {
  const s = turn.fit;
  if (s === undefined) return;
  const shapes = turn.shapes;
  const i = shapes[0] === s ? 0 : shapes.indexOf(s);
  if (i > 0) {
    shapes[i] = shapes[0] as Shape;
    shapes[0] = s;
  }
  if (s === turn.built) turn.builtHit = true;
}
