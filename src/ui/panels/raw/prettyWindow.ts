/**
 * The pretty window of a long JSON text (issue 36): the first `maxChars` characters of its text re-indented as
 * ../../code/pretty.ts indents a value, written by walking the text itself, so a 50 MB event is neither parsed on
 * the page nor copied whole to show its first 200,000 characters.
 *
 * Contract: pure; work and memory in proportion to what is written (plus one scan of the whole text, allocating
 * nothing, that refuses what cannot be JSON: core's cannotBeJson). `prettyWindow(text)` is null when that scan
 * rejects the text, or when the window itself breaks JSON's grammar as far as it reaches; else a Pretty whose text is
 * the indentation of prettyValue (two spaces, containers from PRETTY_DEPTH on one line: `flatFrom`) with every
 * string, number and literal as it was recorded (escapes and number spellings are not normalized, as JSON.stringify
 * of the parsed value would), cut at `maxChars` (`cutAt`, never between the halves of a surrogate pair).
 */
import { cannotBeJson } from '../../../core/strategies/json';
import { PRETTY_CHARS, PRETTY_DEPTH, type Pretty } from '../../code/pretty';

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isOpen = (c: number): boolean => c === 0x7b || c === 0x5b;
const isClose = (c: number): boolean => c === 0x7d || c === 0x5d;

/** Index just after the string whose quote is at `i`, or -1 when the text ends inside it; looks no further than `limit`. */
function stringEnd(t: string, i: number, limit: number): number {
  const n = Math.min(t.length, limit);
  for (let j = i + 1; j < n; j++) {
    const c = t.charCodeAt(j);
    if (c === 0x5c) j++;
    else if (c === 0x22) return j + 1;
  }
  return -1;
}

export function prettyWindow(text: string, maxChars = PRETTY_CHARS, maxDepth = PRETTY_DEPTH): Pretty | null {
  if (cannotBeJson(text)) return null;
  const out: string[] = [];
  let length = 0;
  const write = (s: string): void => {
    out.push(s);
    length += s.length;
  };
  const newline = (depth: number): string => `\n${'  '.repeat(depth)}`;
  /** Per open container: whether it is written on one line. */
  const flat: boolean[] = [];
  let flatFrom: number | undefined;
  const n = text.length;
  let i = 0;
  while (i < n && length <= maxChars) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
    } else if (c === 0x22) {
      // only as much of a long string as is left to show (the scan stops there too: the window ends in it)
      const room = i + maxChars - length + 2;
      const end = stringEnd(text, i, room);
      if (end < 0 && room >= n) return null;
      write(text.slice(i, end < 0 ? room : end));
      if (end < 0) break;
      i = end;
    } else if (isOpen(c)) {
      let j = i + 1;
      while (j < n && isSpace(text.charCodeAt(j))) j++;
      if (j < n && text.charCodeAt(j) === c + 2) {
        write(c === 0x7b ? '{}' : '[]');
        i = j + 1;
        continue;
      }
      const depth = flat.length;
      const one = depth >= maxDepth;
      if (one) flatFrom ??= maxDepth;
      flat.push(one);
      write(one ? String.fromCharCode(c) : `${String.fromCharCode(c)}${newline(depth + 1)}`);
      i++;
    } else if (isClose(c)) {
      const one = flat.pop();
      if (one === undefined) return null;
      write(one ? String.fromCharCode(c) : `${newline(flat.length)}${String.fromCharCode(c)}`);
      i++;
    } else if (c === 0x2c) {
      const one = flat[flat.length - 1];
      if (one === undefined) return null;
      write(one ? ',' : `,${newline(flat.length)}`);
      i++;
    } else if (c === 0x3a) {
      write(flat[flat.length - 1] ? ':' : ': ');
      i++;
    } else {
      // a number or a literal: its run of characters
      let j = i + 1;
      while (j < n && !isSpace(text.charCodeAt(j)) && text.charCodeAt(j) !== 0x2c && !isClose(text.charCodeAt(j)) && text.charCodeAt(j) !== 0x3a) j++;
      write(text.slice(i, Math.min(j, i + maxChars - length + 1)));
      i = j;
    }
  }
  const all = out.join('');
  if (length <= maxChars) return flatFrom === undefined ? { text: all } : { text: all, flatFrom };
  const end = /[\ud800-\udbff]/.test(all.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
  const result: Pretty = { text: all.slice(0, end), cutAt: end };
  if (flatFrom !== undefined) result.flatFrom = flatFrom;
  return result;
}
