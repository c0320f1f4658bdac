/**
 * Pretty JSON text for display, bounded: linear in what it writes, at any depth.
 *
 * Contract: `prettyValue(value)` equals `JSON.stringify(value, null, 2)` for values that nest at most PRETTY_DEPTH
 * levels and whose text fits in PRETTY_CHARS characters. Deeper containers are written on one line (no newlines or
 * indentation below that depth, so the text never grows with depth squared: 5,000 levels indented would be 50 MB);
 * `flatFrom` then says from which depth. Text past PRETTY_CHARS is not written: `cutAt` then says how many
 * characters are shown. No recursion (an explicit stack), so values nested 100,000 levels, which JSON.parse accepts
 * and JSON.stringify cannot write, are shown too. Never throws on JSON data. `prettyJsonText(text)` parses first
 * (null when the text is not JSON).
 */

/** Containers deeper than this are written on one line. */
export const PRETTY_DEPTH = 32;
/** At most this many characters of pretty text are written. */
export const PRETTY_CHARS = 200_000;

export interface Pretty {
  text: string;
  /** Set when containers from this depth on were written on one line. */
  flatFrom?: number;
  /** Set when the text was cut: how many characters are shown. */
  cutAt?: number;
}

interface Open {
  items?: readonly unknown[];
  obj?: Record<string, unknown>;
  keys: readonly string[];
  i: number;
  depth: number;
  flat: boolean;
}

/** A scalar's JSON; a string longer than `room` (what is left to write) only as far as it is shown, not copied whole. */
const scalar = (v: unknown, room: number): string =>
  typeof v === 'string' && v.length > room ? JSON.stringify(v.slice(0, room)) : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? (JSON.stringify(v) ?? 'null') : 'null';

export function prettyValue(root: unknown, maxDepth = PRETTY_DEPTH, maxChars = PRETTY_CHARS): Pretty {
  const out: string[] = [];
  let length = 0;
  let flatFrom: number | undefined;
  const write = (s: string): void => {
    out.push(s);
    length += s.length;
  };
  const stack: Open[] = [];
  const open = (v: unknown, depth: number): void => {
    if (typeof v !== 'object' || v === null) {
      write(scalar(v, maxChars - length + 1));
      return;
    }
    const items = Array.isArray(v) ? (v as unknown[]) : undefined;
    const keys = items ? [] : Object.keys(v);
    if ((items ? items.length : keys.length) === 0) {
      write(items ? '[]' : '{}');
      return;
    }
    const flat = depth >= maxDepth;
    if (flat) flatFrom ??= maxDepth;
    write(items ? '[' : '{');
    stack.push(items ? { items, keys, i: 0, depth, flat } : { obj: v as Record<string, unknown>, keys, i: 0, depth, flat });
  };
  const newline = (depth: number): string => `\n${'  '.repeat(depth)}`;
  open(root, 0);
  while (stack.length > 0 && length <= maxChars) {
    const top = stack[stack.length - 1] as Open;
    const n = top.items ? top.items.length : top.keys.length;
    if (top.i >= n) {
      write(`${top.flat ? '' : newline(top.depth)}${top.items ? ']' : '}'}`);
      stack.pop();
      continue;
    }
    write(`${top.i > 0 ? ',' : ''}${top.flat ? '' : newline(top.depth + 1)}`);
    if (top.items) open(top.items[top.i++], top.depth + 1);
    else {
      const k = top.keys[top.i++] as string;
      write(`${JSON.stringify(k)}${top.flat ? ':' : ': '}`);
      open((top.obj as Record<string, unknown>)[k], top.depth + 1);
    }
  }
  const text = out.join('');
  // never between the halves of a surrogate pair
  const end = length > maxChars && /[\ud800-\udbff]/.test(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
  const result: Pretty = { text: length > maxChars ? text.slice(0, end) : text };
  if (flatFrom !== undefined) result.flatFrom = flatFrom;
  if (length > maxChars) result.cutAt = end;
  return result;
}

/** The pretty text of a JSON text, or null when it is not JSON. */
export function prettyJsonText(text: string, maxDepth?: number, maxChars?: number): Pretty | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return prettyValue(value, maxDepth, maxChars);
}
