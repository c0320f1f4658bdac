/**
 * The preferences slice (language, theme, compare, the code view's language) and the hover slice (selected call, hovered call, hovered
 * frames) of a player.
 *
 * Contract: each writes only its own keys; `setLang` with a `prepare` (the app's catalog loader) switches once it
 * has resolved, and only to the language asked for last; a failed load (of a switch, or of the first language,
 * which it asks `prepare` for at once) keeps the language as it was and names the failed one in `langFailed` until
 * it is asked for again or the language shown is; hovering the same thing again writes nothing (no re-render per
 * mouse move); a hovered frame range with start > end is no range.
 */
import type { CallRef, FrameIndex } from '../core/types';
import { errorLine } from './labHandle';
import type { HoverSetter, PrefsSetter } from './slices';
import type { PlayerState } from './state';
import type { CodeLang, Lang, ThemePref } from './url';

export interface PrefsActions {
  setLang(lang: Lang): void;
  setTheme(theme: ThemePref): void;
  setCompare(compare: boolean): void;
  /** Opens the strategy code view in a language, or closes it (null). */
  setCode(code: CodeLang | null): void;
}

export interface HoverActions {
  selectCall(call: CallRef | null): void;
  hoverCall(call: CallRef | null): void;
  hoverFrames(range: readonly [FrameIndex, FrameIndex] | null): void;
}

export function createPrefs(get: () => Readonly<PlayerState>, set: PrefsSetter, prepare?: (lang: Lang) => Promise<void>): PrefsActions {
  let wanted: Lang | null = null;
  // the catalog did not arrive (offline, a stale build): the page stays readable in its language and says which failed
  const failed = (lang: Lang) => (e: unknown) => {
    if (wanted !== null && wanted !== lang) return;
    wanted = null;
    set({ langFailed: { lang, message: errorLine(e) } });
  };
  // the first language: the same fetch the page awaits before its first render (which falls back to another)
  const first = get().lang;
  prepare?.(first).catch(failed(first));
  return {
    setLang(lang) {
      if (!prepare) return set({ lang });
      const s = get();
      // a retry, or the language shown after all: the notice goes (a retry that fails brings it back)
      if (s.langFailed && (s.langFailed.lang === lang || s.lang === lang)) set({ langFailed: null });
      wanted = lang;
      prepare(lang).then(() => {
        if (wanted === lang) set({ lang });
      }, failed(lang));
    },
    setTheme: (theme) => set({ theme }),
    setCompare: (compare) => set({ compare }),
    setCode: (code) => set({ code }),
  };
}

export function createHover(get: () => Readonly<PlayerState>, set: HoverSetter): HoverActions {
  return {
    selectCall: (call) => set({ selectedCall: call }),
    hoverCall(call) {
      const prev = get().hoveredCall;
      if (prev === call || (prev && call && prev.turn === call.turn && prev.key === call.key)) return;
      set({ hoveredCall: call });
    },
    hoverFrames(range) {
      const prev = get().hoveredFrames;
      if (prev === range || (prev && range && prev[0] === range[0] && prev[1] === range[1])) return;
      set({ hoveredFrames: range && range[0] <= range[1] ? [range[0], range[1]] : null });
    },
  };
}
