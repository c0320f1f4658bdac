/**
 * Strict JSON parsing that never throws.
 *
 * Contract: `parseJson(text)` is `JSON.parse(text)` with the outcome as data: `{ok:true, value}` or
 * `{ok:false, error}` where `error` is JSON.parse's own message, verbatim (the UI shows it to learners); a text of
 * SHARED_PARSE characters or more equal to the last such one gets that one's outcome object again (the parsed value
 * shared: parsed values are never mutated), until `forgetSharedParse()`.
 * `cannotBeJson(text)` is a linear scan, no parse and no throw, that answers true only for texts JSON.parse is
 * certain to reject (empty, cut inside a string or with brackets still open, text after the value, a first
 * character no JSON value starts with, a literal misspelt); false means "parse it to know". `parseError(text)` is JSON.parse's own
 * message for a text it rejects (undefined when it parses): what an attempt rejected by the scan shows, derived
 * only when asked. `jsonEqual` and `jsonTextDepth` work at any depth (no recursion).
 */
export type ParseOutcome = { ok: true; value: unknown } | { ok: false; error: string };

/** Texts at least this long have their last outcome kept (see `parseJson`). */
export const SHARED_PARSE = 1 << 20;
let lastText: string | undefined;
let lastOutcome: ParseOutcome | undefined;

/**
 * `JSON.parse(text)` as data. A text of SHARED_PARSE characters or more equal to the last such text parsed gets the
 * same outcome object (its value shared, never copied): the strategies parse one call's whole buffer each, and one
 * 30 MB argument was otherwise five parsed 30 MB values. Values are never mutated after parsing.
 */
export function parseJson(text: string): ParseOutcome {
  const shared = text.length >= SHARED_PARSE;
  if (shared && lastOutcome !== undefined && text === lastText) return lastOutcome;
  let outcome: ParseOutcome;
  try {
    outcome = { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    outcome = { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  if (shared) {
    lastText = text;
    lastOutcome = outcome;
  }
  return outcome;
}

/** Lets go of the kept outcome (the end of an analysis: it would keep a large value alive). */
export function forgetSharedParse(): void {
  lastText = undefined;
  lastOutcome = undefined;
}

/** JSON.parse's own message for `text`, or undefined when it parses. */
export function parseError(text: string): string | undefined {
  const outcome = parseJson(text);
  return outcome.ok ? undefined : outcome.error;
}

/** JSON's four whitespace characters, the only ones JSON.parse skips. */
const isJsonSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Index just after the string whose opening quote is at `i`, or -1 when the text ends (or breaks) inside it. */
function stringEnd(t: string, i: number): number {
  const n = t.length;
  for (let j = i + 1; j < n; j++) {
    const c = t.charCodeAt(j);
    if (c === 0x22) return j + 1;
    if (c === 0x5c) j++;
    else if (c < 0x20) return -1; // a raw control character: JSON.parse rejects it in a string
  }
  return -1;
}

/** Digits, sign, point and exponent: every character a JSON number can hold. */
const isNumberChar = (c: number): boolean => (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45;

/**
 * True only when JSON.parse(t) must throw (see the contract). Sound because in any valid JSON text a quote outside
 * a string opens one, a backslash inside one escapes the next character, brackets outside strings balance with the
 * outermost closing where the value ends, and only whitespace follows; a text that breaks any of these is rejected.
 * A number is its run of number characters (whose grammar is left to JSON.parse) and a literal its exact word, so
 * what follows either must be whitespace. Brackets are counted, not matched (`{]` is left to JSON.parse).
 */
export function cannotBeJson(t: string): boolean {
  const n = t.length;
  let i = 0;
  while (i < n && isJsonSpace(t.charCodeAt(i))) i++;
  if (i === n) return true;
  const first = t.charCodeAt(i);
  if (first === 0x22) {
    i = stringEnd(t, i);
    if (i < 0) return true;
  } else if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    for (; i < n; i++) {
      const c = t.charCodeAt(i);
      if (c === 0x22) {
        const end = stringEnd(t, i);
        if (end < 0) return true;
        i = end - 1;
      } else if (c === 0x7b || c === 0x5b) depth++;
      else if ((c === 0x7d || c === 0x5d) && --depth === 0) break;
    }
    if (depth !== 0) return true;
    i++;
  } else if (first === 0x2d || (first >= 0x30 && first <= 0x39)) {
    // a number's characters (its grammar is left to JSON.parse), then only whitespace
    while (i < n && isNumberChar(t.charCodeAt(i))) i++;
  } else {
    const literal = first === 0x74 ? 'true' : first === 0x66 ? 'false' : first === 0x6e ? 'null' : '';
    if (literal === '' || !t.startsWith(literal, i)) return true;
    i += literal.length;
  }
  for (; i < n; i++) if (!isJsonSpace(t.charCodeAt(i))) return true;
  return false;
}

/**
 * A tool call whose argument buffer is empty at its end signal. On Anthropic this is a tool with no arguments (the
 * documented stream sends only `partial_json: ""`, anthropic-sdk-java#295, anthropic-sdk-go#189): the SDK keeps the
 * block's `input: {}` placeholder, so an assembler that buffers until `content_block_stop` must read '' as {}.
 * Parsing a single fragment '' on its own (the naive strategy) still fails, as the lesson shows.
 */
export const emptyArgsMeanNoArgs = (wire: string, text: string): boolean => wire === 'anthropic-messages' && text === '';

/**
 * Structural equality of parsed JSON values (object key order does not matter, array order does). Iterative (a
 * worklist of pairs, no recursion): values nested 100,000 deep, which JSON.parse accepts, compare like flat ones.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const todo: [unknown, unknown][] = [[a, b]];
  for (let pair = todo.pop(); pair !== undefined; pair = todo.pop()) {
    const [x, y] = pair;
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) todo.push([x[i], y[i]]);
      continue;
    }
    const kx = Object.keys(x);
    if (kx.length !== Object.keys(y).length) return false;
    const ox = x as Record<string, unknown>;
    const oy = y as Record<string, unknown>;
    for (const k of kx) {
      if (!Object.prototype.hasOwnProperty.call(oy, k)) return false;
      todo.push([ox[k], oy[k]]);
    }
  }
  return true;
}

/**
 * Nesting deeper than this is named (`too-deep` anomaly): every stage of the analysis copes with any depth, but the
 * browser's structured clone and JSON.stringify overflow near 3,000-4,000 levels, so views show such data shortened.
 */
export const DEEP_NESTING = 1000;

/**
 * How deeply a JSON text nests (the most arrays and objects open at once), by one scan that skips strings: no
 * parse, no recursion. Counts brackets of any text; it need not be valid JSON.
 */
export function jsonTextDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) depth = Math.max(0, depth - 1);
  }
  return max;
}
