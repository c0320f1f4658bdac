/**
 * Strict JSON parsing that never throws.
 *
 * Contract: `parseJson(text)` is `JSON.parse(text)` with the outcome as data: `{ok:true, value}` or
 * `{ok:false, error}` where `error` is JSON.parse's own message, verbatim (the UI shows it to learners).
 * `jsonEqual` and `jsonTextDepth` work at any depth (no recursion).
 */
export type ParseOutcome = { ok: true; value: unknown } | { ok: false; error: string };

export function parseJson(text: string): ParseOutcome {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
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
