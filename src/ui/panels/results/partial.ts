/**
 * A best-effort parse of half-received JSON, the way SDK live previews read tool arguments mid-stream.
 *
 * Contract: pure and total (never throws), O(n) scan plus at most four JSON.parse calls. It keeps a half-received
 * string as it stands (`"path":"REA` reads as {path: "REA"}) — exactly why a preview must never be executed — closes
 * open brackets, drops a trailing comma, gives a key waiting for its value the value null, and otherwise falls back to
 * the text up to the last complete member (dropping a dangling key). Returns `{ ok: false }` when nothing readable remains.
 */
export type PartialResult = { ok: true; value: unknown; complete: boolean } | { ok: false };

const CLOSER: Record<string, string> = { '{': '}', '[': ']' };
const closers = (stack: readonly string[]): string => stack.map((c) => CLOSER[c] ?? '').reverse().join('');

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function parsePartialJson(text: string): PartialResult {
  const whole = tryParse(text);
  if (whole.ok) return { ok: true, value: whole.value, complete: true };

  const stack: string[] = [];
  let inString = false;
  let escapeAt = -1;
  let safeCut = -1;
  let safeStack: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') {
        escapeAt = i;
        i++;
      } else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') stack.push(c);
    else if (c === '}' || c === ']') stack.pop();
    if (c === '{' || c === '[' || c === '}' || c === ']' || c === ',') {
      safeCut = i + 1;
      safeStack = stack.slice();
    }
  }
  let base = text;
  if (inString) {
    // Drop a half escape (`\` or `\u12`) so that closing the string yields valid JSON.
    const unicode = /\\u[0-9a-fA-F]{0,3}$/.exec(base);
    if (unicode) base = base.slice(0, unicode.index);
    else if (escapeAt >= base.length - 1) base = base.slice(0, escapeAt);
    base += '"';
  }
  const close = closers(stack);
  const trimmed = base.trimEnd().replace(/,$/, '');
  const candidates = [
    trimmed + close,
    trimmed.endsWith(':') ? `${trimmed}null${close}` : null,
    safeCut > 0 ? text.slice(0, safeCut).trimEnd().replace(/,$/, '') + closers(safeStack) : null,
    `${trimmed}:null${close}`,
  ];
  for (const candidate of candidates) {
    if (candidate === null || candidate.trim() === '') continue;
    const r = tryParse(candidate);
    if (r.ok) return { ok: true, value: r.value, complete: false };
  }
  return { ok: false };
}
