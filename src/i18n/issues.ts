// The words for a load issue's detail (a readable file's problem, core/load's code and params) in a language: the
// app's provenance details and the CLI's summary both use them. Framework-free.
import { placeholders, templateId } from '../core/load/messages';
import type { LoadIssue } from '../core/types';
import { catalogs, hasKey, translate, type Lang, type MessageKey, type Params } from './index';

/** Params that hold a JSON type token ('array'): worded by the catalog ('load.type.array'), not shown as given. */
export const TYPE_PARAMS: readonly string[] = ['type', 'expected'];

/**
 * The catalog key and params that word an issue's detail in `lang`, or null when this build cannot (no code or
 * variant it knows, or a param its template needs is missing: e.g. a recording analysed by an older build).
 */
export function issueWording(issue: LoadIssue, lang: Lang): { key: MessageKey; params: Params } | null {
  const key = `load.issue.${templateId(issue.code, issue.params)}`;
  if (!hasKey(key)) return null;
  const template = catalogs[lang][key] ?? catalogs.en[key];
  if (template === undefined) return null;
  const params: Params = { ...issue.params };
  for (const name of TYPE_PARAMS) {
    const v = params[name];
    const typeKey = `load.type.${String(v)}`;
    if (typeof v === 'string' && hasKey(typeKey)) params[name] = translate(lang, typeKey);
  }
  return placeholders(template).every((name) => params[name] !== undefined) ? { key, params } : null;
}
