/**
 * Reading a frame through an envelope template: `holeOf(t, text, found?)` (the contract of ./template.ts, which
 * holds the templates' type and what the adapters share) and the string-hole matcher's slot. Installed with the
 * template builder by core/learning.ts (wire/envelope.ts calls it only for a template, which only the builder
 * makes), so a page's small inline analysis does not carry it.
 */
import { isIndexToken, MAX_DIGITS, MISS, stringAt, tryParse, type Template } from './template';

/**
 * The string-hole matcher (template-match.ts), once installed by `enableHoleMatchers()` there: the analyze and matrix
 * workers, the CLI and the bench install it; the page's own analysis of a small recording goes without it (every
 * frame then takes the general path, which decides the same), so the first screen's bundle does not carry it.
 */
export interface HoleMatcher {
  matcherOf(t: Template): RegExp;
  matches(re: RegExp, text: string): boolean;
  stringHole(t: Template, text: string, found: { index: number } | undefined): string;
}
let matcher: HoleMatcher | undefined;
export function installHoleMatcher(m: HoleMatcher): void {
  matcher = m;
}

/** Fits through the general path before a template with a string hole gets its matcher (most templates are one-offs). */
const MATCH_AFTER = 8;

/** Where the hole starts in `text` (after the prefix, and the index's digits), or -1; sets `found.index`. */
function holeStart(t: Template, text: string, found: { index: number } | undefined): number {
  const ix = t.index;
  // lastIndexOf(x, 0) is the anchored comparison; on V8 it runs several times faster than startsWith on the
  // sliced strings frames hold.
  if (ix === undefined) return text.lastIndexOf(t.prefix, 0) === 0 ? t.prefix.length : -1;
  const h = ix.head.length;
  // the digits are read first (past the end of a short text charCodeAt gives NaN, not a digit); then head, digits
  // and prefix are compared at once when a recent frame that fitted had the same number, else one after the other
  let k = h;
  let n = 0;
  for (; k < text.length && k - h < MAX_DIGITS; k++) {
    const c = text.charCodeAt(k);
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  // the prefix starts with what followed the template's number (never a digit), so a longer number misses too
  if (k === h || (k > h + 1 && text.charCodeAt(h) === 48)) return -1;
  const whole = before(t, n);
  if (whole !== undefined) {
    if (text.lastIndexOf(whole, 0) !== 0) return -1;
  } else {
    // anchored at k like the head (startsWith(prefix, k) is several times slower on sliced strings)
    if (text.lastIndexOf(ix.head, 0) !== 0 || text.lastIndexOf(t.prefix, k) !== k) return -1;
    remember(t, ix.head, n);
  }
  if (found !== undefined) found.index = n;
  return k + t.prefix.length;
}

const RECENT = 4;

/** `head + n + prefix` for an indexed template when `n` is one of the last RECENT numbers that fitted it. */
function before(t: Template, n: number): string | undefined {
  const r = t.recent as NonNullable<Template['recent']>;
  const ns = r.n;
  for (let i = 0; i < ns.length; i++) if (ns[i] === n) return r.text[i];
  return undefined;
}

function remember(t: Template, head: string, n: number): void {
  const r = t.recent as NonNullable<Template['recent']>;
  const at = r.next;
  r.n[at] = n;
  r.text[at] = head + String(n) + t.prefix;
  r.next = (at + 1) % RECENT;
}

/** Where the hole ends in `text` (before the suffix, and the pad's string), or -1. */
function holeEnd(t: Template, text: string, start: number): number {
  const padEnd = t.padEnd;
  if (padEnd === undefined) {
    const end = text.length - t.suffix.length;
    return end > start && text.indexOf(t.suffix, end) === end ? end : -1;
  }
  const close = text.length - padEnd.length - 1;
  if (close <= start || text.charCodeAt(close) !== 34 || text.indexOf(padEnd, close + 1) !== close + 1) return -1;
  // the quote that opens the pad's string: the last one before `close`, with no backslash or control character
  // between them (one backward scan; the pad is short)
  let open = close - 1;
  for (; open >= start; open--) {
    const c = text.charCodeAt(open);
    if (c === 34) break;
    if (c === 92 || c < 32) return -1;
  }
  if (open < start) return -1;
  const end = open - t.suffix.length;
  return end > start && text.indexOf(t.suffix, end) === end ? end : -1;
}

/** JSON.parse of the hole when `text` fits the template and the hole alone is JSON; else MISS (see the contract). */
export function holeOf(t: Template, text: string, found?: { index: number }): unknown {
  const fast = t.fast;
  if (fast !== undefined && fast.re !== undefined && matcher !== undefined && matcher.matches(fast.re, text)) return matcher.stringHole(t, text, found);
  const start = holeStart(t, text, found);
  if (start < 0) return MISS;
  const end = holeEnd(t, text, start);
  if (end < 0) return MISS;
  if (matcher !== undefined && fast !== undefined && fast.re === undefined && ++fast.hits === MATCH_AFTER) fast.re = matcher.matcherOf(t);
  // an integer hole (an Anthropic block stop's index) is its digits' value, what JSON.parse gives
  if (isIndexToken(text, start, end)) return Number(text.slice(start, end));
  return stringAt(text, start, end, true) ?? tryParse(text.slice(start, end));
}
