/**
 * One envelope template: the text around the value that changes from frame to frame (envelope.ts decides when to
 * build one and which to try; this module builds and matches them).
 *
 * Contract:
 * - `makeTemplate(text, path, pad?, index?)` finds the exact character span of the value at `path` (object keys and
 *   array positions; with duplicate keys the last one wins, as in JSON.parse) and keeps the text before it
 *   (`prefix`), after it (`suffix`) and `base` = JSON.parse(prefix + 'null' + suffix). It returns a template only
 *   when that parse succeeds with `null` at `path` AND JSON.parse(prefix + '0' + suffix) succeeds with `0` at
 *   `path`: the two fills prove the span is the one value position that decides the value at `path` (a fill inside
 *   a string, a shadowed duplicate key or a number glued to its neighbours fails one of them). Undefined otherwise;
 *   never throws.
 * - Then, for any text equal to prefix + X + suffix, JSON.parse(text) is `base` with JSON.parse(X) at `path`,
 *   whenever X alone is valid JSON (JSON's grammar is context free: the surrounding tokens are the same, and the
 *   value position takes any value). `holeOf(template, text)` returns JSON.parse(X) in that case, else `MISS`
 *   (the text has another envelope, or X alone is not JSON): the caller then parses the whole text. So a template
 *   never changes an answer, only what gets parsed. `base` is shared: callers must never mutate it.
 * - A hole that is a JSON string with no backslash, quote or control character is its own value (`plainString`):
 *   it is sliced, not parsed. A short string whose escapes are all simple ones (`\"`, `\\`, `\/`, `\b`, `\f`,
 *   `\n`, `\r`, `\t`) is decoded without JSON.parse, and so is a non-negative integer of up to 9 digits without a
 *   leading zero. Anything else in the hole goes to JSON.parse.
 * - A pad: a second path whose value is a string after the hole (OpenAI's per-chunk `obfuscation`, a random string
 *   of random length: the text after the hole differs on every frame). `suffix` is then the text between the two
 *   values and `padEnd` the text after the pad's string; the fills are `""` and `"0"` there, checked at `pad`. A
 *   text fits when it is prefix + X + suffix + S + padEnd with S a string literal without backslash or control
 *   character (found from the end: the last quote before padEnd closes S, the quote before it opens it). `base`
 *   holds `""` at the pad: adapters never read a pad.
 * - An index: a path whose value is a non-negative integer before the hole (Chat's `tool_calls[0].index`: parallel
 *   calls differ in it). `index.head` is the text before its digits and `prefix` the text from after them to the
 *   hole; the fills put the template's own number and another one there, checked at the path. A text fits with any
 *   integer token (up to 9 digits, no leading zero) in that place; `holeOf` reports it in `found.index`, and the
 *   caller puts it at the path (`base` holds the template's own number there). A template with an index keeps
 *   `head + n + prefix` for the last few numbers that fitted (`recent`), so such a frame is matched with one
 *   anchored comparison; any other number is matched head, then prefix.
 */
import type { PathStep } from './json-span';
import { INVALID, parseData } from './read';
import { decodeFrom, MAX_DECODED } from './json-string';

export interface Template {
  /** The text before the hole (with an index: from just after its digits). */
  readonly prefix: string;
  /** Without a pad: the text after the hole. With one: the text between the hole and the pad's string. */
  readonly suffix: string;
  /** With a pad: the text after the pad's string. */
  readonly padEnd?: string;
  /** With an index: the text before its digits, its path, and its value in `base`. */
  readonly index?: { readonly head: string; readonly path: readonly PathStep[]; readonly value: number };
  /** The envelope parsed with `null` in the hole. Shared between frames; never mutated. */
  readonly base: unknown;
  /**
   * With an index: the whole text before the hole for the last few numbers seen (`head + n + prefix`), so a frame
   * is matched with one anchored comparison instead of two. A cache of strings derived from the template only.
   */
  readonly recent?: { readonly n: number[]; readonly text: string[]; next: number };
  /**
   * When the hole of the text the template was made from is a string: how many texts have fitted it so far, and,
   * once MATCH_AFTER have, its matcher (template-match.ts: one native match decides what the general path would).
   */
  readonly fast?: { hits: number; re: RegExp | undefined };
}

/** Returned by `holeOf` when the text does not fit the template (parse the whole text instead). */
export const MISS: unique symbol = Symbol('envelope-miss');

/** The value at `path`, or MISS when a step is missing or of the wrong kind. */
export function at(value: unknown, path: readonly PathStep[]): unknown {
  let v = value;
  for (const step of path) {
    if (typeof v !== 'object' || v === null) return MISS;
    if (typeof step === 'number' ? !Array.isArray(v) : Array.isArray(v)) return MISS;
    if (!Object.prototype.hasOwnProperty.call(v, step)) return MISS;
    v = (v as Record<PathStep, unknown>)[step];
  }
  return v;
}

/** JSON.parse (read.ts's parseData), or MISS when the text is not JSON. */
export function tryParse(text: string): unknown {
  const v = parseData(text);
  return v === INVALID ? MISS : v;
}

export const MAX_DIGITS = 9;

/** Whether text[start, end) is a JSON integer token of at most 9 digits without a leading zero. */
export function isIndexToken(text: string, start: number, end: number): boolean {
  if (end <= start || end - start > MAX_DIGITS || (text.charCodeAt(start) === 48 && end - start > 1)) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * A JSON string literal with no escape (no backslash, no inner quote, no control character) is its own content:
 * the value JSON.parse would give, without calling it. Undefined for anything else.
 */
export function plainString(x: string): string | undefined {
  return stringAt(x, 0, x.length, false);
}

/**
 * `plainString(text.slice(start, end))`, without making that slice; with `decode`, a short literal whose escapes
 * are all simple ones (not `\u`) is decoded here too (`decodeFrom`), what JSON.parse would give.
 */
export function stringAt(text: string, start: number, end: number, decode: boolean): string | undefined {
  const last = end - 1;
  if (last < start + 1 || text.charCodeAt(start) !== 34 || text.charCodeAt(last) !== 34) return undefined;
  for (let i = start + 1; i < last; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) return decode && last - start <= MAX_DECODED ? decodeFrom(text, start + 1, i, last) : undefined;
    if (c === 34 || c < 32) return undefined;
  }
  return text.slice(start + 1, last);
}
