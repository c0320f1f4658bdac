/**
 * i18n, framework-free (no React, no DOM): the app's UI and the CLI's summary read it. Every string shown to users
 * lives in messages/*.ts, in zh and en. Each area owns one file (app, panels,
 * waterfall, embed, teaching tools, lab, core facts); this module merges them and formats `{name}` placeholders.
 * A missing zh string falls back to en; a missing key renders the key itself (and a test catches it).
 *
 * The areas the first view needs are merged here, at load. An area only a lazily loaded view uses (messages/lab.ts:
 * the instructor lab and the matrix; messages/waterfall.ts: the span waterfall) stays out of the first page load: the view's module calls `registerMessages`
 * at its top level, so its strings are in `catalogs` (and `translate`/`hasKey` see them) before it first renders.
 * Registering is idempotent; areas never share a key.
 */
import { app } from './messages/app';
import { panels } from './messages/panels';
import { facts } from './messages/facts';
import { embed } from './messages/embedding';
import { teaching } from './messages/teaching';
import { load } from './messages/load';

import type { lab } from './messages/lab';
import type { waterfall } from './messages/waterfall';
import type { provenanceNotes } from './messages/provenance';
import type { cli } from './messages/inspect';

export type Lang = 'zh' | 'en';
export const LANGS: readonly Lang[] = ['zh', 'en'];

/** The keys of one area (a messages/*.ts file): its English catalog's keys; zh is typed complete against them. */
type KeysOf<Area extends { en: object }> = keyof Area['en'] & string;

/**
 * Every message key, over all areas, those loaded with the app and the lazily loaded ones (lab, waterfall,
 * provenance notes; cli, which only the CLI registers: type-only imports here, so their strings stay out of the
 * first page load).
 */
export type MessageKey =
  | KeysOf<typeof app>
  | KeysOf<typeof panels>
  | KeysOf<typeof facts>
  | KeysOf<typeof embed>
  | KeysOf<typeof teaching>
  | KeysOf<typeof load>
  | KeysOf<typeof lab>
  | KeysOf<typeof waterfall>
  | KeysOf<typeof provenanceNotes>
  | KeysOf<typeof cli>;

/** One area's strings, in both languages (a messages/*.ts file types its zh complete against its en). */
export interface Messages<K extends string = MessageKey> {
  en: Record<K, string>;
  zh: Partial<Record<K, string>>;
}

/**
 * Every registered string, per language: the raw table, looked up by any string (a key built from data is checked
 * with `hasKey` before it is translated); `translate` takes only a MessageKey.
 */
export const catalogs: Record<Lang, Record<string, string>> = { en: {}, zh: {} };

/** Adds an area's strings to `catalogs` (a lazily loaded view calls it at its module's top level). */
export function registerMessages<K extends string>(area: Messages<K>): void {
  Object.assign(catalogs.en, area.en);
  Object.assign(catalogs.zh, area.zh);
}

registerMessages(app);
registerMessages(panels);
registerMessages(facts);
registerMessages(embed);
registerMessages(teaching);
registerMessages(load);

export type Params = Record<string, string | number>;

const numberFormats: Record<Lang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }),
  zh: new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 1 }),
};

/** Formats a number the way the lesson prints figures: 1,840.2 (one decimal at most). */
const fixedFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(lang: Lang, n: number, fractionDigits?: number): string {
  if (fractionDigits === undefined) return numberFormats[lang].format(n);
  // Intl.NumberFormat is costly to construct: one per (language, digits), made on first use
  const id = `${lang}:${fractionDigits}`;
  let format = fixedFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    fixedFormats.set(id, format);
  }
  return format.format(n);
}

const pluralRules: Record<Lang, Intl.PluralRules> = { en: new Intl.PluralRules('en-US'), zh: new Intl.PluralRules('zh-CN') };

/**
 * `{name}` is replaced by the parameter (numbers formatted); `{name:one|other}` picks a plural form by the number
 * (Intl.PluralRules: English 'one' for 1), with `#` standing for the formatted number: '{calls:its one call|all #
 * calls}'. Chinese has no plural forms, so its templates write plain `{name}`.
 */
const PLACEHOLDER = /\{(\w+)(?::([^{}|]*)\|([^{}]*))?\}/g;

/** The parameter names a template uses, sorted, each once (plural tokens name their parameter too). */
export function placeholderNames(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string))].sort();
}

export function translate(lang: Lang, key: MessageKey, params?: Params): string {
  const template = catalogs[lang][key] ?? catalogs.en[key] ?? key;
  if (!params) return template;
  return template.replace(PLACEHOLDER, (whole, name: string, one: string | undefined, other: string | undefined) => {
    const value = params[name];
    if (value === undefined) return whole;
    const text = typeof value === 'number' ? formatNumber(lang, value) : value;
    if (one === undefined || other === undefined) return text;
    const form = typeof value === 'number' && pluralRules[lang].select(value) === 'one' ? one : other;
    return form.replace(/#/g, text);
  });
}

/**
 * Wraps text that came from a file (a file name, a quoted line) in Unicode isolates (U+2068 ... U+2069), so a
 * right-to-left override inside it cannot reorder the sentence around it. Use for notice parameters.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

/** Whether `key` is a registered message (a key built from data or read from a file is checked before use). */
export function hasKey(key: string): key is MessageKey {
  return key in catalogs.en;
}

export type Translate = (key: MessageKey, params?: Params) => string;

/**
 * A key that arrives as data (a store notice, a marker's code, a key built from a file's value): worded when the
 * catalogs know it, else shown as it is (what `translate` does for an unknown key), so the check is explicit.
 */
export const translateData = (t: Translate, key: string, params?: Params): string => (hasKey(key) ? t(key, params) : key);
export const translator = (lang: Lang): Translate => (key, params) => translate(lang, key, params);
