/**
 * Strict JSON parsing that never throws.
 *
 * Contract: `parseJson(text)` is `JSON.parse(text)` with the outcome as data: `{ok:true, value}` or
 * `{ok:false, error}` where `error` is JSON.parse's own message, verbatim (the UI shows it to learners).
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

/** Structural equality of parsed JSON values (object key order does not matter, array order does). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ob = b as Record<string, unknown>;
  const oa = a as Record<string, unknown>;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(ob, k) && jsonEqual(oa[k], ob[k]));
}
