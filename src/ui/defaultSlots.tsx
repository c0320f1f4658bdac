// The slots every player fills the same way (the standalone app, embed.html, mount() and the custom element):
// the conclusion line, the compare view, the span waterfall and the self-check footer. The compare view and the
// waterfall are not part of the first view, so their code loads on demand: the compare view when compare mode is
// turned on, the waterfall when it scrolls near the viewport (waterfall/LazyWaterfall), the self-check footer (below
// the fold) just after the first view is painted (shell/AfterFirstPaint: its request is not among the first paint's).
import { Suspense } from 'react';
import { GuardedConclusion } from './conclusion/GuardedConclusion';
import type { AppSlots } from './App';
import { AfterFirstPaint } from './shell/AfterFirstPaint';
import { LazyWaterfall } from './waterfall/LazyWaterfall';
import { ExerciseSlot } from './exercise/ExerciseSlot';
import { lazyView } from './shell/lazyView';

const SelfCheck = lazyView(() => import('./selfcheck/SelfCheck'), (m) => m.SelfCheck);
const CompareView = lazyView(() => import('./compare/CompareView'), (m) => m.CompareView);
// the code view, its sources, shiki's Python and TypeScript grammars and the line notes: loaded when it first opens
const CodeView = lazyView(() => import('./code/CodeView'), (m) => m.CodeView);

export const defaultSlots: AppSlots = {
  conclusion: (p) => <GuardedConclusion session={p.session} strategy={p.strategy} t={p.t} onSeek={p.onSeek} />,
  compare: (p) => (
    <Suspense fallback={null}>
      <CompareView session={p.session} strategy={p.strategy} frame={p.frame} t={p.t} onSeek={p.onSeek} />
    </Suspense>
  ),
  waterfall: (p) => <LazyWaterfall {...p} />,
  exercise: (p) => <ExerciseSlot {...p} />,
  code: (p) => (
    <Suspense fallback={null}>
      <CodeView {...p} />
    </Suspense>
  ),
  footer: (p) => (
    <AfterFirstPaint>
      <Suspense fallback={null}>
        <SelfCheck session={p.session} t={p.t} />
      </Suspense>
    </AfterFirstPaint>
  ),
};
