/**
 * A small best-effort parser for a PREFIX of a JSON text, for live previews of streamed tool arguments.
 *
 * Contract: `parsePartialJson(text)` never throws and returns `{value, complete}`:
 * - complete is true only when `text` is one whole JSON value (what JSON.parse would accept);
 * - otherwise `value` is what the prefix says so far: open strings are closed (`"path":"REA` gives
 *   `{path: "REA"}` — exactly why a preview must never be executed), open arrays and objects are closed, a dangling
 *   key (with or without its colon) and a trailing comma are dropped, a cut number keeps its valid prefix, a cut
 *   literal (`tru`) is completed; a cut escape sequence is dropped;
 * - on text that is not a JSON prefix at all, `value` is what was understood before the bad character (undefined
 *   when nothing was) and `invalidAt` is its offset;
 * - any depth: nesting is kept on an explicit stack (no recursion), so `[[[[...` 100,000 deep parses like `[]`.
 */
export interface PartialJson {
  value: unknown;
  complete: boolean;
  /** Offset of the first character that cannot continue any JSON text, if any. */
  invalidAt?: number;
}

/**
 * A member as JSON.parse makes it: an own data property, also for the key "__proto__" (a plain assignment would
 * set the prototype instead and lose the member).
 */
function setMember(obj: Record<string, unknown>, key: string, v: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value: v, writable: true, enumerable: true, configurable: true });
  else obj[key] = v;
}

/** Thrown (as a plain value, no Error: no stack to capture) when the text ends inside a value; a bad character
 * throws its offset (a number >= 0). */
const CUT = -1;

const WS = /[ \t\n\r]/;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

export function parsePartialJson(text: string): PartialJson {
  let i = 0;
  /** The value being built; containers are attached before they are filled, so a cut returns what was built. */
  let root: unknown = undefined;

  const ws = () => {
    while (i < text.length && WS.test(text[i] as string)) i++;
  };
  const peek = () => {
    ws();
    if (i >= text.length) throw CUT;
    return text[i] as string;
  };

  const str = (): { value: string; cut: boolean } => {
    i++; // opening quote
    let out = '';
    let start = i;
    while (i < text.length) {
      const c = text[i] as string;
      if (c === '"') {
        out += text.slice(start, i);
        i++;
        return { value: out, cut: false };
      }
      if (c === '\\') {
        out += text.slice(start, i);
        const e = text[i + 1];
        if (e === undefined) return { value: out, cut: true };
        if (e === 'u') {
          const hex = text.slice(i + 2, i + 6);
          if (hex.length < 4) return { value: out, cut: true };
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw i;
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
        } else {
          const v = ESCAPES[e];
          if (v === undefined) throw i;
          out += v;
          i += 2;
        }
        start = i;
        continue;
      }
      if (c < ' ') throw i;
      i++;
    }
    return { value: out + text.slice(start), cut: true };
  };

  const num = (): { value: number; cut: boolean } => {
    const m = /^-?(0|[1-9]\d*)?(\.\d*)?([eE][+-]?\d*)?/.exec(text.slice(i, i + 400));
    const lexeme = m?.[0] ?? '';
    if (lexeme === '' || lexeme === '-') {
      if (i + lexeme.length >= text.length) throw CUT;
      throw i;
    }
    i += lexeme.length;
    const atEnd = i >= text.length;
    const valid = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(lexeme)?.[0] ?? '';
    if (valid === '') throw i - lexeme.length;
    if (valid !== lexeme && !atEnd) throw i - lexeme.length + valid.length;
    return { value: Number(valid), cut: valid !== lexeme };
  };

  const literal = (): { value: unknown; cut: boolean } => {
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      const rest = text.slice(i, i + word.length);
      if (rest === word) {
        i += word.length;
        return { value, cut: false };
      }
      if (i + rest.length >= text.length && rest.length > 0 && word.startsWith(rest)) {
        i = text.length;
        return { value, cut: true };
      }
    }
    throw i;
  };

  /**
   * Open containers, innermost last: nesting lives on this explicit stack, not the call stack, so any depth that
   * fits in memory parses (JSON.parse itself accepts millions of levels).
   */
  type Open = { obj: Record<string, unknown>; arr?: undefined; first: boolean } | { arr: unknown[]; obj?: undefined; first: boolean };
  const stack: Open[] = [];

  /** Starts one value at `i`: a scalar is read whole (returns whether it was cut); a container is opened. */
  const start = (attach: (v: unknown) => void): boolean => {
    const c = peek();
    if (c === '{') {
      i++;
      const obj: Record<string, unknown> = {};
      attach(obj);
      stack.push({ obj, first: true });
      return false;
    }
    if (c === '[') {
      i++;
      const arr: unknown[] = [];
      attach(arr);
      stack.push({ arr, first: true });
      return false;
    }
    if (c === '"') {
      const s = str();
      attach(s.value);
      return s.cut;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      const n = num();
      attach(n.value);
      return n.cut;
    }
    const l = literal();
    attach(l.value);
    return l.cut;
  };

  /** Parses one whole value; returns whether the text ended inside it (a cut scalar at the top). */
  const value = (attach: (v: unknown) => void): boolean => {
    if (start(attach)) return true;
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Open;
      const d = peek();
      if (d === (top.arr ? ']' : '}')) {
        i++;
        stack.pop();
        continue;
      }
      if (!top.first) {
        if (d !== ',') throw i;
        i++;
      } else if (top.obj && d !== '"') throw i;
      top.first = false;
      if (top.arr) {
        peek();
        const arr = top.arr;
        if (start((v) => arr.push(v))) throw CUT;
        continue;
      }
      const obj = top.obj;
      if (peek() !== '"') throw i;
      const k = str();
      if (k.cut) throw CUT;
      if (peek() !== ':') throw i;
      i++;
      peek();
      if (start((v) => setMember(obj, k.value, v))) throw CUT;
    }
    return false;
  };

  try {
    const cut = value((v) => (root = v));
    ws();
    if (cut) return { value: root, complete: false };
    if (i < text.length) return { value: root, complete: false, invalidAt: i };
    return { value: root, complete: true };
  } catch (e) {
    if (e === CUT) return { value: root, complete: false };
    if (typeof e === 'number') return { value: root, complete: false, invalidAt: e };
    return { value: root, complete: false, invalidAt: i }; // out of memory: what was built so far
  }
}
