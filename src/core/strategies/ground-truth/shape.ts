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
 * key = those digits: `readShape` returns that fragment and key, or undefined (the caller parses the event
 * whole). Never throws.
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
export function makeShape(data: string, key: string, read: ReadWhole, member: string): Shape | undefined {
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
  if (d0 >= 0 && d1 > d0 && d1 < litStart && data.slice(d0, d1) === key) {
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
  const shape: { -readonly [K in keyof Shape]: Shape[K] } = { head, indexed, mid, tail, key };
  if (padEnd !== undefined) shape.padEnd = padEnd;
  return shape;
}

/** The value of a JSON string literal: sliced when it has no escape, else JSON.parse; undefined if not one. */
function literalValue(x: string): string | undefined {
  const last = x.length - 1;
  if (last < 1 || x.charCodeAt(0) !== 34 || x.charCodeAt(last) !== 34) return undefined;
  let plain = true;
  for (let i = 1; i < last && plain; i++) {
    const c = x.charCodeAt(i);
    if (c === 34 || c === 92 || c < 32) plain = false;
  }
  if (plain) return x.slice(1, last);
  try {
    const v: unknown = JSON.parse(x);
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The fragment an event that fits the shape carries, with its key; undefined when it does not fit. */
export function readShape(s: Shape, data: string): { key: string; text: string } | undefined {
  if (data.lastIndexOf(s.head, 0) !== 0) return undefined;
  let i = s.head.length;
  let key = s.key;
  if (s.indexed) {
    const d0 = i;
    while (i < data.length && i - d0 < MAX_DIGITS && data.charCodeAt(i) >= 48 && data.charCodeAt(i) <= 57) i++;
    if (i === d0 || (i > d0 + 1 && data.charCodeAt(d0) === 48)) return undefined;
    key = data.slice(d0, i);
  }
  if (!data.startsWith(s.mid, i)) return undefined;
  const start = i + s.mid.length;
  let end: number;
  if (s.padEnd === undefined) end = data.length - s.tail.length;
  else {
    const close = data.length - s.padEnd.length - 1;
    if (close <= start || data.charCodeAt(close) !== 34 || data.indexOf(s.padEnd, close + 1) !== close + 1) return undefined;
    const open = data.lastIndexOf('"', close - 1);
    for (let k = open + 1; k < close; k++) {
      const c = data.charCodeAt(k);
      if (c === 92 || c < 32) return undefined;
    }
    end = open - s.tail.length;
  }
  if (end <= start || data.indexOf(s.tail, end) !== end) return undefined;
  const text = literalValue(data.slice(start, end));
  return text === undefined ? undefined : { key, text };
}

/** How many shapes a turn keeps, and the longest wait between two builds that went unused. */
const SHAPES = 4;
const MAX_WAIT = 256;

/** Per turn: its shapes and when the next may be built. */
export interface ShapeSchedule {
  shapes: Shape[];
  /** Events read whole since the last build, and how many must pass before the next. */
  since: number;
  wait: number;
  /** The last shape built, and whether an event has fitted it since. */
  built: Shape | undefined;
  builtHit: boolean;
}

export const shapeSchedule = (): ShapeSchedule => ({ shapes: [], since: 0, wait: 0, built: undefined, builtHit: false });

/**
 * After an event read whole that was one fragment at `key`: a shape from it, when the schedule allows. Builds back
 * off (doubling, up to MAX_WAIT) while the shapes they make go unused; the newest SHAPES shapes are kept.
 */
export function learnShape(turn: ShapeSchedule, data: string, key: string, read: ReadWhole, member: string): void {
  if (turn.since++ < turn.wait) return;
  turn.wait = turn.builtHit ? 0 : Math.min(MAX_WAIT, turn.wait * 2 + 1);
  turn.since = 0;
  turn.builtHit = false;
  const s = makeShape(data, key, read, member);
  turn.built = s;
  if (s === undefined) return;
  turn.shapes.unshift(s);
  if (turn.shapes.length > SHAPES) turn.shapes.pop();
}
