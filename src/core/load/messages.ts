/**
 * What the loaders' problems are made of, without their words: codes, wording variants, JSON type tokens, and the
 * filling of a template's `{name}` placeholders. The English templates are ./english.ts, which only what words a
 * problem in English imports (the CLI, the app's English notices), so a page's analysis carries no sentence.
 *
 * Contract: every LoadIssue and LoadFailure the loaders build carries `code` and `params` (the variable parts: a
 * field name, a described JSON type, an excerpt of the input, JSON.parse's own message, a HAR entry index...); its
 * English is `english(problem)` (./english.ts): `fill(template, params)` from that table, so the English text
 * (which the CLI prints and the docs list) and the structured details cannot drift. The UI keys its catalogs
 * ('load.issue.<id>', 'load.failure.<id>') on `templateId(code, params)`. A `type` parameter is a JSON type token
 * (see `jsonType`); English renders it as a phrase ("an array"). Pure, never throws.
 */
import type { FAILURE_TEMPLATES, ISSUE_TEMPLATES } from './english';

export type Params = Record<string, string | number>;

/** The wording variant of a code lives in params.variant (e.g. bad-event-data for "chunk" vs "end"). */
export function templateId(code: string, params?: Params): string {
  const v = params?.variant;
  return typeof v === 'string' && v !== '' ? `${code}.${v}` : code;
}

/** A value's JSON type as a stable token: the UI translates it, English says it with an article. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** English phrases for the type tokens (what the loaders have always written). */
const TYPE_PHRASES: Record<string, string> = {
  null: 'null',
  array: 'an array',
  object: 'an object',
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
};

export const typePhrase = (token: string): string => TYPE_PHRASES[token] ?? token;


export type IssueTemplateId = keyof typeof ISSUE_TEMPLATES;
export type FailureCode = keyof typeof FAILURE_TEMPLATES;


/** Every type token `jsonType` gives for a value parsed from JSON (or absent: undefined). */
export const TYPE_TOKENS = ['null', 'array', 'object', 'string', 'number', 'boolean', 'undefined'] as const;

/** Parameters rendered as English words rather than as given. */
const TOKEN_PARAMS: Record<string, (token: string) => string> = { type: typePhrase, expected: typePhrase };

/**
 * Fills `{name}` placeholders from params (type tokens as English phrases). Only a placeholder whose name is a
 * parameter is replaced: the templates' literal JSON ({"zh": "...", ...}) has no such names and stays as it is.
 */
export function fill(template: string, params: Params): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    const word = TOKEN_PARAMS[name];
    return word && typeof value === 'string' ? word(value) : String(value);
  });
}

/** The placeholder names a template uses that are parameters (not literal JSON braces). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

/** The parameter names in a template literal type (JSON braces in the text, which hold quotes or dots, are not). */
type Names<S extends string> = S extends `${string}{${infer N}}${infer R}`
  ? N extends `${string}${'"' | ' ' | '.' | ':'}${string}`
    ? Names<R>
    : N | Names<R>
  : never;

/** The params an issue template needs, checked when the loaders build an issue. */
export type IssueParams<I extends IssueTemplateId> = Record<Names<(typeof ISSUE_TEMPLATES)[I]>, string | number>;
export type FailureParams<C extends FailureCode> = Record<Names<(typeof FAILURE_TEMPLATES)[C]>, string | number>;
