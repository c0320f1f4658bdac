/**
 * The preferences slice (language, theme, compare) and the hover slice (selected call, hovered call, hovered
 * frames) of a player.
 *
 * Contract: each writes only its own keys; `setLang` with a `prepare` (the app's catalog loader) switches once it
 * has resolved, and only to the language asked for last (a failed load keeps the language as it was); hovering the same thing again writes nothing (no re-render per mouse
 * move); a hovered frame range with start > end is no range.
 */
import type { CallRef, FrameIndex } from '../core/types';
import type { HoverSetter, PrefsSetter } from './slices';
import type { PlayerState } from './state';
import type { Lang, ThemePref } from './url';

export interface PrefsActions {
  setLang(lang: Lang): void;
  setTheme(theme: ThemePref): void;
  setCompare(compare: boolean): void;
}

export interface HoverActions {
  selectCall(call: CallRef | null): void;
  hoverCall(call: CallRef | null): void;
  hoverFrames(range: readonly [FrameIndex, FrameIndex] | null): void;
}

export function createPrefs(set: PrefsSetter, prepare?: (lang: Lang) => Promise<void>): PrefsActions {
  let wanted: Lang | null = null;
  return {
    setLang(lang) {
      if (!prepare) return set({ lang });
      wanted = lang;
      prepare(lang).then(
        () => {
          if (wanted === lang) set({ lang });
        },
        () => {
          // the catalog did not arrive (offline, a stale build): the page stays readable in its language
          if (wanted === lang) wanted = null;
        },
      );
    },
    setTheme: (theme) => set({ theme }),
    setCompare: (compare) => set({ compare }),
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
