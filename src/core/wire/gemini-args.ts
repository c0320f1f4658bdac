/**
 * Gemini 3 streamed function-call arguments (`partialArgs`) -> JSON text fragments, for the gemini adapter.
 *
 * Contract: a `PartialArgsWriter` receives the `partialArgs` entries of one logical call in arrival order. Each
 * entry names a leaf by `jsonPath` (RFC 9535, e.g. `$.recipe.items[0].name`) and gives one of `stringValue`,
 * `numberValue`, `boolValue`, `nullValue`; a string entry with `willContinue: true` is continued by the next
 * string entries for the same path (their texts are appended). `write(entry)` returns the JSON text that extends
 * what was written so far (possibly ''), so the fragments of one call, joined, are the call's arguments as JSON
 * text once `close()` has added what closes the open string and containers (`{}` when nothing was written).
 * Paths are expected in document order (as the API sends them); a path that goes back into a container already
 * closed is still written where it comes, so the text then differs from the merged object, which the self-check
 * (merging by path) shows. An entry whose path cannot be read or that carries no value writes nothing. Pure data,
 * no regexes; never throws.
 */
import { obj, str, type Obj } from './read';

export type PathSegment = string | number;

/** `$.a.b[0]['c d']` -> ['a', 'b', 0, 'c d']; undefined when it is not a path below `$`. */
export function parseJsonPath(path: string): PathSegment[] | undefined {
  if (path.charCodeAt(0) !== 36 /* $ */) return undefined;
  const out: PathSegment[] = [];
  let i = 1;
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      let j = i + 1;
      while (j < path.length && path[j] !== '.' && path[j] !== '[') j++;
      if (j === i + 1) return undefined;
      out.push(path.slice(i + 1, j));
      i = j;
    } else if (c === '[') {
      const q = path[i + 1];
      if (q === "'" || q === '"') {
        const end = path.indexOf(q + ']', i + 2);
        if (end < 0) return undefined;
        out.push(path.slice(i + 2, end));
        i = end + 2;
      } else {
        const end = path.indexOf(']', i + 1);
        const n = Number(path.slice(i + 1, end));
        if (end < 0 || !Number.isInteger(n) || n < 0) return undefined;
        out.push(n);
        i = end + 1;
      }
    } else return undefined;
  }
  return out.length === 0 ? undefined : out;
}

/** The value of a partialArg entry as JSON text, or undefined when it carries none. */
export function partialValue(entry: Obj): { json: string; string?: string } | undefined {
  const s = str(entry.stringValue);
  if (s !== undefined) return { json: JSON.stringify(s), string: s };
  if (typeof entry.numberValue === 'number' && Number.isFinite(entry.numberValue)) return { json: JSON.stringify(entry.numberValue) };
  if (typeof entry.boolValue === 'boolean') return { json: entry.boolValue ? 'true' : 'false' };
  if ('nullValue' in entry) return { json: 'null' };
  return undefined;
}

interface Open {
  segment: PathSegment;
  array: boolean;
  children: number;
}

export class PartialArgsWriter {
  /** Open containers, the root object first (empty until something is written). */
  private stack: Open[] = [];
  /** The path of the string left open by `willContinue`, joined, or null. */
  private openString: string | null = null;
  wrote = false;

  write(raw: unknown): string {
    const entry = obj(raw);
    const path = entry === undefined ? undefined : str(entry.jsonPath);
    const segments = path === undefined ? undefined : parseJsonPath(path);
    const value = entry === undefined ? undefined : partialValue(entry);
    if (entry === undefined || path === undefined || segments === undefined || value === undefined) return '';
    const more = entry.willContinue === true;
    if (value.string !== undefined && this.openString === path) {
      const body = value.json.slice(1, -1);
      if (more) return this.mark(body);
      this.openString = null;
      return this.mark(body + '"');
    }
    let text = this.closeString();
    if (this.stack.length === 0) {
      this.stack.push({ segment: '', array: false, children: 0 });
      text += '{';
    }
    const containers = segments.slice(0, -1);
    const leaf = segments[segments.length - 1] as PathSegment;
    let depth = 0;
    while (depth < containers.length && depth + 1 < this.stack.length && (this.stack[depth + 1] as Open).segment === containers[depth]) depth++;
    while (this.stack.length > depth + 1) text += (this.stack.pop() as Open).array ? ']' : '}';
    for (let i = depth; i < containers.length; i++) {
      const seg = containers[i] as PathSegment;
      text += this.member(seg);
      const array = typeof (i + 1 < containers.length ? containers[i + 1] : leaf) === 'number';
      text += array ? '[' : '{';
      this.stack.push({ segment: seg, array, children: 0 });
    }
    text += this.member(leaf);
    if (value.string !== undefined && more) {
      this.openString = path;
      text += value.json.slice(0, -1);
    } else text += value.json;
    return this.mark(text);
  }

  /** What closes the arguments: the open string, every open container; '{}' when nothing was written. */
  close(): string {
    if (this.stack.length === 0) return '{}';
    let text = this.closeString();
    while (this.stack.length > 0) text += (this.stack.pop() as Open).array ? ']' : '}';
    return text;
  }

  private closeString(): string {
    if (this.openString === null) return '';
    this.openString = null;
    return '"';
  }

  /** The comma and key before a member of the innermost open container. */
  private member(seg: PathSegment): string {
    const top = this.stack[this.stack.length - 1] as Open;
    const comma = top.children > 0 ? ',' : '';
    top.children++;
    return top.array ? comma : comma + JSON.stringify(String(seg)) + ':';
  }

  private mark(text: string): string {
    if (text !== '') this.wrote = true;
    return text;
  }
}
