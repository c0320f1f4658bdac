/**
 * Issue and failure construction for the loaders, and the one way they quote user text in a problem.
 *
 * Contract: a problem carries `code` and `params` (and its place, line and byte, when it has one), never a sentence:
 * its English is ./english.ts `english(problem)`, the reader's language the app's catalogs keyed on the same code.
 * Quoted input is cut to a short excerpt so a 10 MB line never lands in a problem.
 */
import type { LoadFailure, LoadIssue, LoadResult, Mutable } from '../types';
import type { FailureCode, FailureParams, IssueParams, IssueTemplateId, Params } from './messages';

/** Issue codes the loaders emit (stable: the UI and tests key on them). */
export type LoadIssueCode = IssueTemplateId extends infer I ? (I extends `${infer C}.${string}` ? C : I) : never;
export type LoadFailureCode = FailureCode;

/** An issue from its template id ('code' or 'code.variant') and params, at its place when it has one. */
export function issue<I extends IssueTemplateId>(id: I, params: IssueParams<I>, line?: number, byteOffset?: number): LoadIssue {
  const dot = id.indexOf('.');
  const all: Params = { ...(params as Params) };
  if (dot !== -1) all.variant = id.slice(dot + 1);
  const out: Mutable<LoadIssue> = { code: dot === -1 ? id : id.slice(0, dot), params: all };
  if (line !== undefined) out.line = line;
  if (byteOffset !== undefined) out.byteOffset = byteOffset;
  return out;
}

export function failure<C extends FailureCode>(code: C, params: FailureParams<C>, line?: number, byteOffset?: number): LoadResult {
  const error: Mutable<LoadFailure> = { code, params: { ...(params as Params) } };
  if (line !== undefined) error.line = line;
  if (byteOffset !== undefined) error.byteOffset = byteOffset;
  return { ok: false, error };
}

/**
 * The JSON text of a parsed value, written without recursion and stopped soon after `max` characters (longer means
 * it was cut), so an excerpt of a value nested 100,000 levels neither overflows the stack nor costs its whole text.
 */
export function jsonText(value: unknown, max = 80): string {
  let out = '';
  const stack: { items?: readonly unknown[]; obj?: Record<string, unknown>; keys: readonly string[]; i: number }[] = [];
  const open = (v: unknown): void => {
    if (typeof v !== 'object' || v === null) out += JSON.stringify(v) ?? 'null';
    else if (Array.isArray(v)) {
      out += '[';
      stack.push({ items: v, keys: [], i: 0 });
    } else {
      out += '{';
      stack.push({ obj: v as Record<string, unknown>, keys: Object.keys(v), i: 0 });
    }
  };
  open(value);
  while (stack.length > 0 && out.length <= max) {
    const top = stack[stack.length - 1] as (typeof stack)[number];
    if (top.i >= (top.items ?? top.keys).length) {
      out += top.items ? ']' : '}';
      stack.pop();
      continue;
    }
    if (top.i > 0) out += ',';
    if (top.items) open(top.items[top.i++]);
    else {
      const k = top.keys[top.i++] as string;
      out += `${JSON.stringify(k)}:`;
      open((top.obj as Record<string, unknown>)[k]);
    }
  }
  return out;
}

/** A value as a message shows it: strings and numbers as String() gives them, arrays and objects as cut JSON text. */
export const shownValue = (v: unknown): string => (typeof v === 'object' && v !== null ? jsonText(v) : String(v));

/** A short, single-line excerpt of user text for a message. */
export function excerpt(text: string, max = 40): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut.replace(/[\r\n\t]/g, ' '));
}

/** The message of a thrown value (JSON.parse's SyntaxError), cut to one short line. */
export function errorText(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  const flat = m.replace(/[\r\n]+/g, ' ');
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
