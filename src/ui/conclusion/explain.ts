/**
 * Plain-words explanation of a failed JSON.parse, for learners, from the shape of the input alone.
 *
 * Contract: pure, total (never throws), O(input length). `explainParseFailure(input)` returns a message key of the
 * 'panels.explain.*' family plus its parameters; the key tells which shape was found, checked in this order:
 *   empty        — '' or only whitespace: JSON.parse has nothing to read
 *   mid-value    — the first character cannot start a JSON value (a fragment cut from the middle of a text)
 *   concatenated — one complete JSON value followed by more (`{..}{..}`): two values are not one JSON text
 *   truncated    — the text stops before its value is closed (open brackets, or inside a string)
 *   invalid      — anything else: a character JSON does not allow, at `position`
 */
import type { MessageKey } from '../../i18n';
export type FailureShape = 'empty' | 'mid-value' | 'concatenated' | 'truncated' | 'invalid';

export interface Explanation {
  shape: FailureShape;
  key: MessageKey;
  params: Record<string, string | number>;
}

const VALUE_START = /[{["\-0-9tfn]/;

interface Scan {
  /** Index just past the first complete value, or -1 when the text ends before it closes. */
  end: number;
  /** Still-open brackets when the text ended (0 when closed). */
  open: number;
  inString: boolean;
}

/** Finds where the first top-level value ends, tracking strings and brackets (not validating tokens). */
function scanFirstValue(text: string, from: number): Scan {
  const first = text[from];
  if (first !== '{' && first !== '[' && first !== '"') {
    // A scalar: it ends at the first delimiter.
    let i = from;
    while (i < text.length && !/[\s,{}[\]"]/.test(text[i] as string)) i++;
    return { end: i, open: 0, inString: false };
  }
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') {
        inString = false;
        if (depth === 0) return { end: i + 1, open: 0, inString: false };
      }
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return { end: i + 1, open: 0, inString: false };
    }
  }
  return { end: -1, open: depth, inString };
}

const firstNonSpace = (text: string, from: number): number => {
  let i = from;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
};

/** Shows a short, quoted sample of the input around `at` (data, not prose). */
function sample(text: string, at: number, length = 12): string {
  return JSON.stringify(text.slice(at, at + length));
}

export function explainParseFailure(input: string, parserMessage?: string): Explanation {
  const start = firstNonSpace(input, 0);
  if (start >= input.length) return { shape: 'empty', key: 'panels.explain.empty', params: {} };
  const head = input[start] as string;
  if (!VALUE_START.test(head)) {
    return { shape: 'mid-value', key: 'panels.explain.mid-value', params: { start: sample(input, start) } };
  }
  const scan = scanFirstValue(input, start);
  if (scan.end >= 0) {
    const next = firstNonSpace(input, scan.end);
    if (next < input.length && VALUE_START.test(input[next] as string) && (head === '{' || head === '[')) {
      let count = 1;
      let at = next;
      while (at < input.length && count < 1000) {
        const more = scanFirstValue(input, at);
        count++;
        if (more.end < 0) break;
        at = firstNonSpace(input, more.end);
        if (at < input.length && !VALUE_START.test(input[at] as string)) break;
      }
      return { shape: 'concatenated', key: 'panels.explain.concatenated', params: { at: scan.end, count } };
    }
  } else {
    return scan.inString
      ? { shape: 'truncated', key: 'panels.explain.truncated-string', params: { open: scan.open } }
      : { shape: 'truncated', key: 'panels.explain.truncated', params: { open: scan.open } };
  }
  if (/end of (JSON )?input/i.test(parserMessage ?? '')) {
    return { shape: 'truncated', key: 'panels.explain.truncated', params: { open: 0 } };
  }
  const position = /position (\d+)/.exec(parserMessage ?? '')?.[1];
  if (position !== undefined) {
    const at = Number(position);
    return { shape: 'invalid', key: 'panels.explain.invalid-at', params: { position: at, near: sample(input, at, 8) } };
  }
  return { shape: 'invalid', key: 'panels.explain.invalid', params: {} };
}
