/**
 * The player's view state in the URL: `rec`, `s`, `f`, `lang`, `theme`, `compare`, `code`.
 *
 * Contract: pure. Both directions walk one table, VIEW_PARAMS (./params.ts). `parseViewParams` never throws: a
 * value it does not recognise is dropped (and named in `rejected`, so the UI can say so), never guessed.
 * `viewSearch` writes only the parameters it owns and keeps any other parameter already in the search string, in
 * place. Round trip: parse(viewSearch(v)) equals v.
 * `rec` is kept as written (at most REC_MAX characters, no control characters): what it may load is decided by
 * `resolveRec` before anything is fetched — a shipped id, a relative path under the recordings folder, or an https
 * URL of an origin on the build-time allowlist; anything else is refused.
 */
import type { StrategyId } from '../core/types';
import { LEARNER_ID, STRATEGY_IDS } from '../core/types';
import { flag, integer, oneOf, readParams, writeParams, type ParamTable } from './params';

export type Lang = 'zh' | 'en';
export type ThemePref = 'light' | 'dark' | 'system';
export const THEMES: readonly ThemePref[] = ['light', 'dark', 'system'];
/** The strategy code view's language (`code=py|ts`); absent: the view is closed. */
export type CodeLang = 'py' | 'ts';
export const CODE_LANGS: readonly CodeLang[] = ['py', 'ts'];

export interface ViewParams {
  rec?: string;
  strategy?: StrategyId;
  frame?: number;
  lang?: Lang;
  theme?: ThemePref;
  compare?: boolean;
  code?: CodeLang;
}

export interface ParsedView {
  view: ViewParams;
  /** Parameters present but not understood, as `name=value`. */
  rejected: string[];
}

const REC_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
export const REC_MAX = 2048;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The view's rows of the URL table (./params.ts): read and written from this one place. */
export const VIEW_PARAMS: ParamTable<ViewParams> = {
  rec: { name: 'rec', parse: (v) => (v !== '' && v.length <= REC_MAX && !CONTROL.test(v) ? v : undefined), serialize: (v) => v },
  // 'yours': the learner's strategy of the exercise mode (its code is in the exercise's own parameters)
  strategy: oneOf<StrategyId, ViewParams>('s', [...STRATEGY_IDS, LEARNER_ID]),
  frame: integer<ViewParams>('f', /^\d{1,9}$/),
  lang: oneOf<Lang, ViewParams>('lang', ['zh', 'en']),
  theme: oneOf<ThemePref, ViewParams>('theme', THEMES),
  compare: flag<ViewParams>('compare'),
  code: oneOf<CodeLang, ViewParams>('code', CODE_LANGS),
};

export function parseViewParams(search: string): ParsedView {
  const { values, rejected } = readParams(VIEW_PARAMS, search);
  return { view: values, rejected };
}

/** The search string (with `?`, or '' when empty) for `view`, keeping parameters of `current` that are not ours. */
export function viewSearch(view: ViewParams, current = ''): string {
  return writeParams(VIEW_PARAMS, view, current);
}

/** The browser's preferred language among ours: zh for any zh-*, else en. */
export function preferredLang(languages: readonly string[]): Lang {
  for (const l of languages) {
    const lower = l.toLowerCase();
    if (lower === 'zh' || lower.startsWith('zh-')) return 'zh';
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
  }
  return 'en';
}

// -------------------------------------------------------------------------------------------------------------
// What `rec=` may load
// -------------------------------------------------------------------------------------------------------------
/** Extensions of the formats the app opens (a path must name a file of one of them). */
const REC_EXTENSIONS = /\.(?:jsonl|sse|txt|har|ndjson|json)$/i;
/** Path segments: letters, digits, '.', '_', '-'; no '.' or '..' segment, no '%' (no encoded traversal), no '\\'. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export type RecTarget =
  /** Not a path or URL: an id, to look up in index.json. */
  | { kind: 'id'; id: string }
  /** A relative path under the recordings folder (fetched as base + path). */
  | { kind: 'path'; path: string }
  /** An https URL of an allowed origin. */
  | { kind: 'url'; url: string }
  | { kind: 'refused'; value: string };

/** The origins (e.g. `https://cdn.example.org`) normalised as URL.origin, bad entries dropped. */
export function normalizeOrigins(origins: readonly string[]): string[] {
  const out: string[] = [];
  for (const o of origins) {
    try {
      const u = new URL(o);
      if (u.protocol === 'https:' && !out.includes(u.origin)) out.push(u.origin);
    } catch {
      // not a URL: ignored
    }
  }
  return out;
}

/**
 * Decides what `rec` names, without fetching anything. `origins` are the build-time allowlist. A path must be
 * relative (no scheme, no leading '/', no '..'), made of plain segments and end in a recording extension; a URL
 * must be https, carry no user name or password and have an allowed origin. Anything else is refused.
 */
export function resolveRec(rec: string, origins: readonly string[]): RecTarget {
  if (rec.length > REC_MAX || CONTROL.test(rec)) return { kind: 'refused', value: rec };
  if (REC_ID.test(rec) && !REC_EXTENSIONS.test(rec)) return { kind: 'id', id: rec };
  if (/^https:\/\//i.test(rec)) {
    let url: URL;
    try {
      url = new URL(rec);
    } catch {
      return { kind: 'refused', value: rec };
    }
    if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return { kind: 'refused', value: rec };
    if (!normalizeOrigins(origins).includes(url.origin)) return { kind: 'refused', value: rec };
    return { kind: 'url', url: url.href };
  }
  const path = rec.startsWith('./') ? rec.slice(2) : rec;
  const segments = path.split('/');
  if (segments.length <= 8 && segments.every((seg) => SEGMENT.test(seg) && seg !== '..') && REC_EXTENSIONS.test(path)) {
    return { kind: 'path', path };
  }
  return { kind: 'refused', value: rec };
}
