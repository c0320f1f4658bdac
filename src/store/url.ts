/**
 * The player's view state in the URL: `rec`, `s`, `f`, `lang`, `theme`, `compare`.
 *
 * Contract: pure. `parseViewParams` never throws: a value it does not recognise is dropped (and named in
 * `rejected`, so the UI can say so), never guessed. `viewSearch` writes only the parameters it owns and keeps any
 * other parameter already in the search string, in place. Round trip: parse(viewSearch(v)) equals v.
 */
import type { StrategyId } from '../core/types';
import { STRATEGY_IDS } from '../core/types';

export type Lang = 'zh' | 'en';
export type ThemePref = 'light' | 'dark' | 'system';
export const THEMES: readonly ThemePref[] = ['light', 'dark', 'system'];

export interface ViewParams {
  rec?: string;
  strategy?: StrategyId;
  frame?: number;
  lang?: Lang;
  theme?: ThemePref;
  compare?: boolean;
}

export interface ParsedView {
  view: ViewParams;
  /** Parameters present but not understood, as `name=value`. */
  rejected: string[];
}

const REC_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export function parseViewParams(search: string): ParsedView {
  const params = new URLSearchParams(search);
  const view: ViewParams = {};
  const rejected: string[] = [];
  const reject = (name: string, value: string) => rejected.push(`${name}=${value.slice(0, 60)}`);

  const rec = params.get('rec');
  if (rec !== null) {
    if (REC_ID.test(rec)) view.rec = rec;
    else reject('rec', rec);
  }
  const s = params.get('s');
  if (s !== null) {
    if ((STRATEGY_IDS as readonly string[]).includes(s)) view.strategy = s as StrategyId;
    else reject('s', s);
  }
  const f = params.get('f');
  if (f !== null) {
    if (/^\d{1,9}$/.test(f)) view.frame = Number(f);
    else reject('f', f);
  }
  const lang = params.get('lang');
  if (lang !== null) {
    if (lang === 'zh' || lang === 'en') view.lang = lang;
    else reject('lang', lang);
  }
  const theme = params.get('theme');
  if (theme !== null) {
    if ((THEMES as readonly string[]).includes(theme)) view.theme = theme as ThemePref;
    else reject('theme', theme);
  }
  const compare = params.get('compare');
  if (compare !== null) {
    if (compare === '1' || compare === 'true') view.compare = true;
    else if (compare === '0' || compare === 'false') view.compare = false;
    else reject('compare', compare);
  }
  return { view, rejected };
}

/** The search string (with `?`, or '' when empty) for `view`, keeping parameters of `current` that are not ours. */
export function viewSearch(view: ViewParams, current = ''): string {
  const params = new URLSearchParams(current);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined) params.delete(name);
    else params.set(name, value);
  };
  set('rec', view.rec);
  set('s', view.strategy);
  set('f', view.frame === undefined ? undefined : String(view.frame));
  set('lang', view.lang);
  set('theme', view.theme);
  set('compare', view.compare ? '1' : undefined);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
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
