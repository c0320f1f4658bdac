// Whether the exercise mode is on (`exercise=1` in the page's URL, store/exerciseUrl.ts), as a hook the first view
// can afford: a few lines, no editor code. Turning it on or off rewrites the URL in place and tells every subscriber.
import { useSyncExternalStore } from 'react';
import { exerciseSearch, parseExerciseParams } from '../../store/exerciseUrl';

const listeners = new Set<() => void>();
const read = (): boolean => typeof window !== 'undefined' && parseExerciseParams(window.location.search).exercise.exercise === true;

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  window.addEventListener('popstate', fn);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('popstate', fn);
  };
}

export const useExerciseMode = (): boolean => useSyncExternalStore(subscribe, read, () => false);

export function setExerciseMode(on: boolean): void {
  const { exercise } = parseExerciseParams(window.location.search);
  const search = exerciseSearch({ ...exercise, exercise: on }, window.location.search);
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
  for (const fn of listeners) fn();
}
