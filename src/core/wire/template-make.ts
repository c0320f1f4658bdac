/**
 * Building an envelope template (the contract of ./template.ts `makeTemplate`, which this module holds): installed
 * by core/learning.ts where inputs can be large, so a page's small inline analysis does not carry it.
 */
import { valueSpan, type PathStep } from './json-span';
import { at, isIndexToken, MISS, tryParse, type Template } from './template';

/** A template for texts shaped like `text` (see ./template.ts's contract), or undefined. */
export function makeTemplate(text: string, path: readonly PathStep[], pad?: readonly PathStep[], indexPath?: readonly PathStep[]): Template | undefined {
  const span = valueSpan(text, path);
  if (span === undefined) return undefined;
  let index: Template['index'];
  let from = 0;
  const is = indexPath === undefined ? undefined : valueSpan(text, indexPath);
  if (indexPath !== undefined && is !== undefined && is[1] <= span[0] && isIndexToken(text, is[0], is[1])) {
    index = { head: text.slice(0, is[0]), path: indexPath, value: Number(text.slice(is[0], is[1])) };
    from = is[1];
  }
  const ps = pad === undefined ? undefined : valueSpan(text, pad);
  const padSpan = ps !== undefined && ps[0] >= span[1] && text.charCodeAt(ps[0]) === 34 ? ps : undefined;
  const prefix = text.slice(from, span[0]);
  const suffix = text.slice(span[1], padSpan === undefined ? text.length : padSpan[0]);
  const padEnd = padSpan === undefined ? undefined : text.slice(padSpan[1]);
  const own = index === undefined ? '' : String(index.value);
  const other = index === undefined ? '' : index.value === 0 ? '1' : '0';
  const fill = (hole: string, n: string, s: string): string =>
    (index === undefined ? '' : index.head + n) + prefix + hole + suffix + (padEnd === undefined ? '' : s + padEnd);
  const fits = (v: unknown, hole: unknown, n: string, s: string): boolean =>
    v !== MISS &&
    at(v, path) === hole &&
    (index === undefined || at(v, index.path) === Number(n)) &&
    (padEnd === undefined || at(v, pad as readonly PathStep[]) === s);
  const base = tryParse(fill('null', own, '""'));
  if (!fits(base, null, own, '')) return undefined;
  if (!fits(tryParse(fill('0', other, '"0"')), 0, other, '0')) return undefined;
  const t: { -readonly [K in keyof Template]: Template[K] } = { prefix, suffix, base };
  if (padEnd !== undefined) t.padEnd = padEnd;
  if (text.charCodeAt(span[0]) === 34) t.fast = { hits: 0, re: undefined };
  if (index !== undefined) {
    t.index = index;
    t.recent = { n: [], text: [], next: 0 };
  }
  return t;
}
