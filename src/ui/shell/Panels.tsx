// The three linked panels side by side (stacked on narrow screens), or the compare view when compare is on; each
// behind an error boundary.
import type { ReactNode } from 'react';
import { BuffersPanel } from '../panels/buffers/BuffersPanel';
import { RawEventsPanel } from '../panels/raw/RawEventsPanel';
import { ResultsPanel } from '../panels/results/ResultsPanel';
import type { PanelProps } from '../panels/types';
import { ErrorBoundary } from './ErrorBoundary';

export type Slot = (props: PanelProps) => ReactNode;

/** The views a player can show (embedding picks a subset with `panels=`). */
export const PANEL_IDS = ['raw', 'buffers', 'results', 'waterfall'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

interface PanelsProps {
  props: PanelProps;
  compare: boolean;
  compareView?: Slot | undefined;
  show: readonly PanelId[];
}

export function Panels({ props, compare, compareView, show }: PanelsProps) {
  if (compare && compareView) {
    return (
      <div className="ss-compare">
        <ErrorBoundary areaKey="app.area.compare" resetKey={props.session}>
          {compareView(props)}
        </ErrorBoundary>
      </div>
    );
  }
  const n = ['raw', 'buffers', 'results'].filter((id) => show.includes(id as PanelId)).length;
  if (n === 0) return null;
  return (
    <div className="ss-panels" style={{ gridTemplateColumns: n === 3 ? undefined : `repeat(${n}, minmax(0, 1fr))` }}>
      {/* each panel is guarded: one that throws shows a notice, the others keep working (a new session or strategy retries) */}
      {show.includes('raw') && (
        <ErrorBoundary areaKey="panels.raw.title" resetKey={props.session}>
          <RawEventsPanel {...props} />
        </ErrorBoundary>
      )}
      {show.includes('buffers') && (
        <ErrorBoundary key={`buffers:${props.strategy}`} areaKey="panels.buffers.title" resetKey={props.session}>
          <BuffersPanel {...props} />
        </ErrorBoundary>
      )}
      {show.includes('results') && (
        <ErrorBoundary key={`results:${props.strategy}`} areaKey="panels.results.title" resetKey={props.session}>
          <ResultsPanel {...props} />
        </ErrorBoundary>
      )}
    </div>
  );
}
