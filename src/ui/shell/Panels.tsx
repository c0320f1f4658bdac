// The three linked panels side by side (stacked on narrow screens), or the compare view when compare is on.
import type { ReactNode } from 'react';
import { BuffersPanel } from '../panels/buffers/BuffersPanel';
import { RawEventsPanel } from '../panels/raw/RawEventsPanel';
import { ResultsPanel } from '../panels/results/ResultsPanel';
import type { PanelProps } from '../panels/types';

export type Slot = (props: PanelProps) => ReactNode;

export function Panels({ props, compare, compareView }: { props: PanelProps; compare: boolean; compareView?: Slot | undefined }) {
  if (compare && compareView) return <div className="ss-compare">{compareView(props)}</div>;
  return (
    <div className="ss-panels">
      <RawEventsPanel {...props} />
      <BuffersPanel {...props} />
      <ResultsPanel {...props} />
    </div>
  );
}
