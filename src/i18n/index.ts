/**
 * i18n, framework-free (no React, no DOM): the app's UI and the CLI's summary read it. Every string shown to users
 * lives in messages/*.ts, English in messages/<area>.ts and Chinese in messages/zh/<area>.ts (typed complete
 * against it), or both in one file for an area only a lazily loaded view uses. Each area owns its files (app,
 * panels, waterfall, embed, teaching tools, lab, core facts); this module keeps the registered strings and formats
 * `{name}` placeholders. A missing zh string falls back to en; a missing key renders the key itself (and a test
 * catches it).
 *
 * Languages load one at a time: the first view's areas of one language are one chunk (lang/en.ts, lang/zh.ts),
 * fetched by `loadLanguage(lang)`, which the app awaits before it first renders in that language (and before it
 * switches to it), so a reader's first page carries only their language's strings. The notices' words (what the
 * status line says when something went wrong or needs saying: lang/notices-*.ts) are a second chunk per language,
 * fetched by `loadNotices(lang)` the first time there is a notice to show. Node (the CLI, tests) imports ./all.ts,
 * which registers both at once. An area only a lazily loaded view uses (messages/lab.ts: the instructor lab and
 * the matrix; messages/waterfall.ts: the span waterfall; messages/dialogs.ts: the help, paste and share dialogs;
 * messages/tour.ts: the lesson tour; messages/checks.ts: the self-check footer and the compare view;
 * messages/frameDetail.ts: the current frame's detail, fetched after the first paint; messages/loadIssues.ts: the
 * problems met while reading a file) stays out of the first page load: the view's
 * module calls `registerMessages` at its top level, so its strings (both languages) are in `catalogs` (and
 * `translate`/`hasKey` see them) before it first renders. Registering is idempotent; areas never share a key.
 */
import { retryingImport } from '../core/retryImport';
import { formatDecimal, pluralCategory } from './numbers';
import type { strings as firstView } from './lang/en';
import type { strings as notices } from './lang/notices-en';

import type { checks } from './messages/checks';
import type { loadIssues } from './messages/loadIssues';
import type { dialogs } from './messages/dialogs';
import type { lab } from './messages/lab';
import type { codeView } from './messages/codeView';
import type { frameDetail } from './messages/frameDetail';
import type { exercise } from './messages/exercise';
import type { tour } from './messages/tour';
import type { waterfall } from './messages/waterfall';
import type { provenanceNotes } from './messages/provenance';
import type { cli } from './messages/inspect';

export type Lang = 'zh' | 'en';
export const LANGS: readonly Lang[] = ['zh', 'en'];

/** The keys of one lazily loaded area (a messages/*.ts file): its English catalog's keys; zh is typed complete against them. */
type KeysOf<Area extends { en: object }> = keyof Area['en'] & string;

/**
 * Every message key, over all areas: the first view's (their English catalogs, lang/en.ts) and the lazily loaded
 * ones (lab, waterfall, dialogs, tour, checks, provenance notes; cli, which only the CLI registers). Type-only imports here, so no string
 * is in this module's chunk.
 */
export type MessageKey =
  | (keyof typeof firstView & string)
  | (keyof typeof notices & string)
  | KeysOf<typeof lab>
  | KeysOf<typeof codeView>
  | KeysOf<typeof frameDetail>
  | KeysOf<typeof exercise>
  | KeysOf<typeof dialogs>
  | KeysOf<typeof tour>
  | KeysOf<typeof checks>
  | KeysOf<typeof loadIssues>
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

type StringsChunk = () => Promise<{ strings: Readonly<Record<string, string>> }>;

/**
 * One set of strings per language, each its own chunk, fetched on demand (a typed dynamic import) and registered in
 * `catalogs` once in; after a failed fetch the next call fetches it again (../core/retryImport.ts: a browser may keep
 * a failed module URL failed). `register` puts a language's strings in without a fetch (./all.ts, in Node).
 */
function perLanguage(chunks: { [L in Lang]: StringsChunk }) {
  const registered = new Set<Lang>();
  const pending = new Map<Lang, Promise<void>>();
  const register = (lang: Lang, strings: Readonly<Record<string, string>>): void => {
    Object.assign(catalogs[lang], strings);
    registered.add(lang);
  };
  const load = (lang: Lang): Promise<void> => {
    if (registered.has(lang)) return Promise.resolve();
    let loading = pending.get(lang);
    if (!loading) {
      loading = chunks[lang]().then(
        (chunk) => {
          pending.delete(lang);
          register(lang, chunk.strings);
        },
        (e: unknown) => {
          pending.delete(lang);
          throw e;
        },
      );
      pending.set(lang, loading);
    }
    return loading;
  };
  return { register, load, loaded: (lang: Lang): boolean => registered.has(lang) };
}

/** The first view's strings of each language. */
const firstViews = perLanguage({
  en: retryingImport(() => import('./lang/en')),
  zh: retryingImport(() => import('./lang/zh')),
});

/**
 * The notices' words of each language (./lang/notices-*.ts: an unreadable file, a refused rec=, a file kept or
 * forgotten...): fetched by the status line the first time it has a notice to show, so a page whose recording opens
 * without trouble never fetches them.
 */
const noticeWords = perLanguage({
  en: retryingImport(() => import('./lang/notices-en')),
  zh: retryingImport(() => import('./lang/notices-zh')),
});

/** Adds a language's first-view strings to `catalogs` (./all.ts does it for both languages, in Node). */
export const registerLanguage = firstViews.register;

/** Whether `lang`'s first-view strings are registered (then rendering in it needs no wait). */
export const isLanguageLoaded = firstViews.loaded;

/**
 * Fetches and registers `lang`'s first-view strings, once however often it is called; resolves when they are in.
 * A failed fetch (the network, a stale build) rejects, and a later call fetches it again.
 */
export const loadLanguage = firstViews.load;

/** Adds a language's notice words to `catalogs` (./all.ts, in Node). */
export const registerNotices = noticeWords.register;

/** Whether `lang`'s notice words are registered. */
export const areNoticesLoaded = noticeWords.loaded;

/** Fetches and registers `lang`'s notice words, as `loadLanguage` does the first view's. */
export const loadNotices = noticeWords.load;

/**
 * The language to first render in: `lang` once its strings are in; if they cannot be fetched, English (the
 * fallback every key has), once that is in; if neither can, `lang` (keys show as themselves, nothing breaks).
 */
export async function readyLanguage(lang: Lang): Promise<Lang> {
  try {
    await loadLanguage(lang);
    return lang;
  } catch {
    if (lang === 'en') return lang;
    return loadLanguage('en').then(
      () => 'en' as const,
      () => lang,
    );
  }
}

export type Params = Record<string, string | number>;

/**
 * Formats a number the way the lesson prints figures: 1,840.2 (one decimal at most), or with exactly
 * `fractionDigits` decimals. What Intl.NumberFormat gives for en-US and zh-CN, without making one (./numbers.ts: the
 * first Intl object of a page costs over 100 ms on a phone).
 */
export function formatNumber(lang: Lang, n: number, fractionDigits?: number): string {
  return fractionDigits === undefined ? formatDecimal(lang, n, 1) : formatDecimal(lang, n, fractionDigits, fractionDigits);
}

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
    const form = typeof value === 'number' && pluralCategory(lang, value) === 'one' ? one : other;
    return form.replace(/#/g, text);
  });
}

/**
 * Wraps text that came from a file (a file name, a quoted line) in Unicode isolates (U+2068 ... U+2069), so a
 * right-to-left override inside it cannot reorder the sentence around it. Use for notice parameters.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

/**
 * Whether `key` is a registered message (a key built from data or read from a file is checked before use), in
 * either language: a Chinese reader's page has only the Chinese, which is complete.
 */
export function hasKey(key: string): key is MessageKey {
  return key in catalogs.en || key in catalogs.zh;
}

export type Translate = (key: MessageKey, params?: Params) => string;

/**
 * A key that arrives as data (a store notice, a marker's code, a key built from a file's value): worded when the
 * catalogs know it, else shown as it is (what `translate` does for an unknown key), so the check is explicit.
 */
export const translateData = (t: Translate, key: string, params?: Params): string => (hasKey(key) ? t(key, params) : key);
export const translator = (lang: Lang): Translate => (key, params) => translate(lang, key, params);
