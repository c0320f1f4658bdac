/**
 * Where a value lies in a JSON text, found structurally, without parsing it: for envelope templates (envelope.ts).
 *
 * Contract: `valueSpan(text, path)` returns [start, end) of the value at `path` (object keys and array positions;
 * with repeated keys the last one, as JSON.parse keeps), skipping strings with their escapes and nested values by
 * bracket depth (no recursion, so any depth), or undefined when the path is not there or the text is cut short.
 * It does not validate the JSON: callers prove what they need by parsing (makeTemplate's two fills). Never throws.
 */

export type PathStep = string | number;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function skipSpace(t: string, i: number): number {
  while (i < t.length && isSpace(t.charCodeAt(i))) i++;
  return i;
}

/** Index just after the string starting with the quote at `i`, or -1. */
function stringEnd(t: string, i: number): number {
  for (let j = i + 1; j < t.length; j++) {
    const c = t.charCodeAt(j);
    if (c === 92 /* \ */) j++;
    else if (c === 34 /* " */) return j + 1;
  }
  return -1;
}

/** Index just after the value starting at `i` (not validated: the template's fills are), or -1. */
function valueEnd(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c === 34) return stringEnd(t, i);
  if (c === 123 /* { */ || c === 91 /* [ */) {
    let depth = 0;
    for (let j = i; j < t.length; j++) {
      const d = t.charCodeAt(j);
      if (d === 34) {
        j = stringEnd(t, j) - 1;
        if (j < 0) return -1;
      } else if (d === 123 || d === 91) depth++;
      else if (d === 125 /* } */ || d === 93 /* ] */) {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return -1;
  }
  let j = i;
  while (j < t.length) {
    const d = t.charCodeAt(j);
    if (isSpace(d) || d === 44 /* , */ || d === 125 || d === 93) break;
    j++;
  }
  return j > i ? j : -1;
}

/** The decoded key of the string at [start, end) (JSON.parse only when it holds an escape). */
function keyText(t: string, start: number, end: number): string | undefined {
  const raw = t.slice(start + 1, end - 1);
  if (raw.indexOf('\\') === -1) return raw;
  try {
    const k: unknown = JSON.parse(t.slice(start, end));
    return typeof k === 'string' ? k : undefined;
  } catch {
    return undefined;
  }
}

/** Span [start, end) of the member `key` of the object at `i` (the last one when repeated), or undefined. */
function memberSpan(t: string, i: number, key: string): [number, number] | undefined {
  let j = skipSpace(t, i + 1);
  let found: [number, number] | undefined;
  if (t.charCodeAt(j) === 125) return undefined;
  for (;;) {
    if (t.charCodeAt(j) !== 34) return undefined;
    const keyEnd = stringEnd(t, j);
    if (keyEnd < 0) return undefined;
    const k = keyText(t, j, keyEnd);
    j = skipSpace(t, keyEnd);
    if (t.charCodeAt(j) !== 58 /* : */) return undefined;
    const vStart = skipSpace(t, j + 1);
    const vEnd = valueEnd(t, vStart);
    if (vEnd < 0) return undefined;
    if (k === key) found = [vStart, vEnd];
    j = skipSpace(t, vEnd);
    const c = t.charCodeAt(j);
    if (c === 125) return found;
    if (c !== 44) return undefined;
    j = skipSpace(t, j + 1);
  }
}

/** Span [start, end) of element `n` of the array at `i`, or undefined. */
function elementSpan(t: string, i: number, n: number): [number, number] | undefined {
  let j = skipSpace(t, i + 1);
  if (t.charCodeAt(j) === 93) return undefined;
  for (let k = 0; ; k++) {
    const vEnd = valueEnd(t, j);
    if (vEnd < 0) return undefined;
    if (k === n) return [j, vEnd];
    j = skipSpace(t, vEnd);
    if (t.charCodeAt(j) !== 44) return undefined;
    j = skipSpace(t, j + 1);
  }
}

/** The span of the value at `path` in the JSON text `t`, found structurally, or undefined. */
export function valueSpan(t: string, path: readonly PathStep[]): [number, number] | undefined {
  let span: [number, number] = [skipSpace(t, 0), -1];
  for (const step of path) {
    const at = span[0];
    const open = t.charCodeAt(at);
    const next = typeof step === 'string' ? (open === 123 ? memberSpan(t, at, step) : undefined) : open === 91 ? elementSpan(t, at, step) : undefined;
    if (next === undefined) return undefined;
    span = next;
  }
  return span[1] < 0 ? undefined : span;
}
