// Builds the 'load' area's catalog of one language from its words: each problem the loaders report (a bad line, an
// unreadable file), worded from its code and params (src/core/load/english.ts). Keys are flat and prefixed 'load.':
//   'load.issue.<code>[.<variant>]'  the detail of a readable file's problem (after its place, 'load.at');
//   'load.type.<token>'              a JSON type token from the params ('array' -> 'an array' / '数组');
//   'load.failure[At].<code>[.<type>]' the whole notice for an unreadable file ('At': with its line and byte; a
//                                    failure whose params name a type has one key per type token, since a notice
//                                    is one flat template).
// No words of its own: English is ./load.ts, Chinese ./zh/load.ts, each loaded only for its readers.
import type { FAILURE_TEMPLATES } from '../../core/load/english';
import { TYPE_TOKENS, type FailureCode, type IssueTemplateId } from '../../core/load/messages';

type Token = (typeof TYPE_TOKENS)[number];
type IssueId = IssueTemplateId | 'wire-not-detected';
/** A failure's id: its code, or `<code>.<token>` per type token for a failure whose template names a type. */
type FailureId = { [C in FailureCode]: (typeof FAILURE_TEMPLATES)[C] extends `${string}{type}${string}` ? `${C}.${Token}` : C }[FailureCode];
/** Every key of this area, built from the loaders' codes (so the catalog is complete by construction). */
export type LoadKey = 'load.at' | `load.type.${Token}` | `load.issue.${IssueId}` | `load.failure.${FailureId}` | `load.failureAt.${FailureId}`;

/** One language's words around the loaders' sentences. */
export interface LoadWords {
  /** How a JSON type token reads in a sentence. */
  types: Record<Token, string>;
  /** Issues that core/session adds after loading (no params). */
  extra: Record<'wire-not-detected', string>;
  /** The place before an issue's detail, and the start of a failure's notice (without and with its place). */
  frames: { at: string; notice: string; noticeAt: string };
}

export function loadCatalog(words: LoadWords, issues: Record<IssueTemplateId, string>, failures: Record<FailureCode, string>): Record<LoadKey, string> {
  const out: Record<string, string> = { 'load.at': words.frames.at };
  for (const token of TYPE_TOKENS) out[`load.type.${token}`] = words.types[token];
  for (const [id, text] of Object.entries({ ...issues, ...words.extra })) out[`load.issue.${id}`] = text;
  for (const [code, text] of Object.entries(failures)) {
    // a notice is one flat template: a failure that names a type gets one sentence per type token
    const variants: [string, string][] = text.includes('{type}')
      ? TYPE_TOKENS.map((token) => [`${code}.${token}`, text.replaceAll('{type}', words.types[token])])
      : [[code, text]];
    for (const [id, sentence] of variants) {
      out[`load.failure.${id}`] = words.frames.notice + sentence;
      out[`load.failureAt.${id}`] = words.frames.noticeAt + sentence;
    }
  }
  return out as Record<LoadKey, string>;
}
