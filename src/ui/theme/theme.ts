/**
 * Themes: light, dark, or the system's choice (prefers-color-scheme), and the reduced-motion preference.
 *
 * Contract: `resolveTheme` is pure; the hooks subscribe to matchMedia and never touch anything but the element
 * they are given.
 */
import { useSyncExternalStore } from 'react';
import type { ThemePref } from '../../store/url';

export type ResolvedTheme = 'light' | 'dark';

export function resolveTheme(pref: ThemePref, systemDark: boolean): ResolvedTheme {
  if (pref === 'system') return systemDark ? 'dark' : 'light';
  return pref;
}

function mediaStore(query: string) {
  let list: MediaQueryList | null | undefined;
  // one MediaQueryList per query, made on first use (getSnapshot runs on every render)
  const mql = () => (list ??= typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query) : null);
  return {
    subscribe(cb: () => void) {
      const m = mql();
      m?.addEventListener('change', cb);
      return () => m?.removeEventListener('change', cb);
    },
    get: () => mql()?.matches ?? false,
  };
}

const darkQuery = mediaStore('(prefers-color-scheme: dark)');
const motionQuery = mediaStore('(prefers-reduced-motion: reduce)');

export function useSystemDark(): boolean {
  return useSyncExternalStore(darkQuery.subscribe, darkQuery.get, () => false);
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(motionQuery.subscribe, motionQuery.get, () => false);
}

export function useResolvedTheme(pref: ThemePref): ResolvedTheme {
  return resolveTheme(pref, useSystemDark());
}
