// The exercise mode's place under the panels: nothing unless `exercise=1` is on; then the editor, whose code (the
// panel, CodeMirror, the sandbox's client and the exercise's strings) loads on its first render, never before.
import { Suspense } from 'react';
import type { PanelProps } from '../panels/types';
import { lazyView } from '../shell/lazyView';
import { useExerciseMode } from './mode';

const ExercisePanel = lazyView(() => import('./ExercisePanel'), (m) => m.ExercisePanel);

export function ExerciseSlot(props: PanelProps) {
  const on = useExerciseMode();
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <ExercisePanel {...props} />
    </Suspense>
  );
}
