// The exercise of a player in someone else's page (mount(), <streamscope-player>): on or off from its options, in
// memory (the page's own URL is never touched), with the code the page passed (`yours`, compressed as in a link;
// `starter`, plain) and the learner's code kept in the browser under a key of the page's address and that code, so
// two course pages' exercises do not overwrite each other. The app and embed.html keep theirs in their own URL
// (ui/exercise/mode.ts urlExercise).
import type { ExerciseParams } from '../store/exerciseUrl';
import { APP_STORAGE_KEY, type ExerciseHost } from '../ui/exercise/mode';

/** A short, stable hash of a text (FNV-1a, 32 bits, base 36): part of a storage key, not a secret. */
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** The exercise of a player in a page, from its options; `page` is the page's address (its path). */
export function pageExercise(options: ExerciseParams, page: string): ExerciseHost {
  let on = options.exercise === true;
  const listeners = new Set<() => void>();
  return {
    inUrl: false,
    ...(options.yours !== undefined && { yours: options.yours }),
    ...(options.starter !== undefined && { starter: options.starter }),
    storageKey: `${APP_STORAGE_KEY}@${page}#${hashOf(options.yours ?? options.starter ?? '')}`,
    isOn: () => on,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    setOn(next) {
      if (next === on) return;
      on = next;
      for (const fn of listeners) fn();
    },
  };
}

