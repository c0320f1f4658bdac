/**
 * Decoding short JSON string literals without JSON.parse (the envelope templates' holes: template.ts, template-match.ts).
 *
 * Contract: `decodeFrom(text, from, i, last)` reads the literal whose characters are text[from, last) (its closing
 * quote at `last`, its first backslash at `i`) and gives what JSON.parse gives for it when every escape is a simple
 * one (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`) and no quote or control character is bare; undefined
 * otherwise (a `\u` escape, anything JSON.parse would refuse): the caller parses it. Callers keep literals to
 * MAX_DECODED characters (one argument per character goes to String.fromCharCode). Pure; never throws.
 */

/** The escapes decoded here (the character each stands for); `\u` and anything else go to JSON.parse. */
const UNESCAPED: (number | undefined)[] = [];
UNESCAPED[34] = 34;
UNESCAPED[92] = 92;
UNESCAPED[47] = 47;
UNESCAPED[98] = 8;
UNESCAPED[102] = 12;
UNESCAPED[110] = 10;
UNESCAPED[114] = 13;
UNESCAPED[116] = 9;
/** Longest string literal decoded here (fromCharCode.apply takes one argument per character). */
export const MAX_DECODED = 256;

/**
 * The content of the string literal whose characters are text[from, last) (its closing quote at `last`), the first
 * backslash at `i`: what JSON.parse gives when every escape is one of UNESCAPED and no quote or control character
 * is bare; undefined otherwise (the caller parses it).
 */
export function decodeFrom(text: string, from: number, i: number, last: number): string | undefined {
  // a fresh array per literal: truncating one kept array (its length set back) measured ~2 ms slower per 200,000
  // literals than the young garbage
  const codes: number[] = [];
  let n = 0;
  for (let j = from; j < i; j++) codes[n++] = text.charCodeAt(j);
  for (let j = i; j < last; j++) {
    let c = text.charCodeAt(j);
    if (c === 92) {
      // a backslash just before the closing quote escapes it: the literal is not closed
      if (j + 1 === last) return undefined;
      const d = UNESCAPED[text.charCodeAt(++j)];
      if (d === undefined) return undefined;
      c = d;
    } else if (c === 34 || c < 32) return undefined;
    codes[n++] = c;
  }
  return String.fromCharCode.apply(null, codes);
}
