// Whether the exercise mode is on, per player, as hooks the first view can afford: a few lines, no editor code.
// Where it lives is the player's ExerciseHost (ExerciseContext):
// - the standalone app and embed.html (the default): their own URL, `exercise=1` and the learner's code in `yours=`
//   (store/exerciseUrl.ts); turning it on or off rewrites that URL in place and tells every subscriber;
// - a player in someone else's page (mount(), <streamscope-player>): its options (`exercise`, the code the page
//   passes: `yours` compressed as in a link, or plain `starter`), in memory: the page's own URL is never touched.
// The learner's code is kept in the browser between visits under the host's storage key (a page's player: one per
// page address and starter code, so two course pages' exercises do not overwrite each other).
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { exerciseSearch, parseExerciseParams } from '../../store/exerciseUrl';

export interface ExerciseHost {
  subscribe(fn: () => void): () => void;
  isOn(): boolean;
  setOn(on: boolean): void;
  /** Each run writes the learner's code into the page's URL (`yours=`), and the editor reads it from there first. */
  readonly inUrl: boolean;
  /** The code the page passed, compressed as in a link (`yours`): what the editor opens with, run at once. */
  readonly yours?: string;
  /** Plain starter code from the page, in place of the built-in starter (not run until the learner runs it). */
  readonly starter?: string;
  /** The localStorage key of the learner's code between visits. */
  readonly storageKey: string;
}

/** The app's key (kept as it was before players in pages had their own). */
export const APP_STORAGE_KEY = 'streamscope.exercise.code';

const readUrl = (): boolean => typeof window !== 'undefined' && parseExerciseParams(window.location.search).exercise.exercise === true;

/** The exercise in this window's URL (the app, embed.html): `exercise=1`, `yours=`, `starter=`. */
export function urlExercise(): ExerciseHost {
  const listeners = new Set<() => void>();
  return {
    inUrl: true,
    get yours() {
      return parseExerciseParams(window.location.search).exercise.yours;
    },
    get starter() {
      return parseExerciseParams(window.location.search).exercise.starter;
    },
    storageKey: APP_STORAGE_KEY,
    isOn: readUrl,
    subscribe(fn) {
      listeners.add(fn);
      window.addEventListener('popstate', fn);
      return () => {
        listeners.delete(fn);
        window.removeEventListener('popstate', fn);
      };
    },
    setOn(on) {
      const { exercise } = parseExerciseParams(window.location.search);
      const search = exerciseSearch({ ...exercise, exercise: on }, window.location.search);
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
      for (const fn of listeners) fn();
    },
  };
}

let appHost: ExerciseHost | null = null;
/** The default host: this window's URL (made on first use, so importing this module touches no DOM). */
const defaultHost = (): ExerciseHost => (appHost ??= urlExercise());

const ExerciseContext = createContext<ExerciseHost | null>(null);

export function ExerciseProvider({ host, children }: { host: ExerciseHost; children?: ReactNode }) {
  return createElement(ExerciseContext.Provider, { value: host }, children);
}

export const useExerciseHost = (): ExerciseHost => useContext(ExerciseContext) ?? defaultHost();

export function useExerciseMode(): boolean {
  const host = useExerciseHost();
  return useSyncExternalStore(host.subscribe, host.isOn, () => false);
}
