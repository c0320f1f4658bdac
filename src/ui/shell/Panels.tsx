// The three linked panels side by side (stacked on narrower screens), or the compare view when compare is on. When
// the player is narrow (`tabs`) they become tabs: a tablist with roving focus (arrows, Home, End), each panel in
// its tabpanel, still the region it always is ("Raw events", ...), the hidden ones kept mounted. Each panel is
// behind an error boundary: one that throws shows a notice, the others keep working (a new session or strategy
// retries).
import { Fragment, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { BuffersPanel } from '../panels/buffers/BuffersPanel';
import { RawEventsPanel } from '../panels/raw/RawEventsPanel';
import { ResultsPanel } from '../panels/results/ResultsPanel';
import type { PanelProps } from '../panels/types';
import { ErrorBoundary } from './ErrorBoundary';
import type { PanelId } from './views';

export type Slot = (props: PanelProps) => ReactNode;

type Pane = 'raw' | 'buffers' | 'results';
const PANES: readonly Pane[] = ['raw', 'buffers', 'results'];

interface PanelsProps {
  props: PanelProps;
  compare: boolean;
  compareView?: Slot | undefined;
  show: readonly PanelId[];
  tabs?: boolean;
}

function pane(id: Pane, props: PanelProps): ReactNode {
  const panel = id === 'raw' ? <RawEventsPanel {...props} /> : id === 'buffers' ? <BuffersPanel {...props} /> : <ResultsPanel {...props} />;
  return (
    <ErrorBoundary key={id === 'raw' ? id : `${id}:${props.strategy}`} areaKey={`panels.${id}.title`} resetKey={props.session}>
      {panel}
    </ErrorBoundary>
  );
}

function PanelTabs({ ids, props }: { ids: readonly Pane[]; props: PanelProps }) {
  const { t } = props;
  const base = useId();
  const [chosen, setChosen] = useState<Pane>(ids[0] ?? 'raw');
  const tabRefs = useRef(new Map<Pane, HTMLButtonElement>());
  const active = ids.includes(chosen) ? chosen : (ids[0] ?? 'raw');
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const n = ids.length;
    const next =
      e.key === 'ArrowRight' ? (i + 1) % n : e.key === 'ArrowLeft' ? (i - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : null;
    const id = next === null ? undefined : ids[next];
    if (!id) return;
    // handled here: the player's own keys (arrows step frames) must not act on it too
    e.preventDefault();
    setChosen(id);
    tabRefs.current.get(id)?.focus();
  };
  return (
    <div className="ss-panel-tabs">
      <div role="tablist" aria-label={t('app.panels.tabs')} className="ss-tablist">
        {ids.map((id, i) => (
          <button
            key={id}
            ref={(el) => {
              if (el) tabRefs.current.set(id, el);
              else tabRefs.current.delete(id);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${id}`}
            aria-selected={id === active}
            aria-controls={`${base}-pane-${id}`}
            tabIndex={id === active ? 0 : -1}
            className="ss-tab"
            onClick={() => setChosen(id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t(`panels.${id}.title`)}
          </button>
        ))}
      </div>
      {ids.map((id) => (
        <div key={id} role="tabpanel" id={`${base}-pane-${id}`} aria-labelledby={`${base}-tab-${id}`} hidden={id !== active} className="ss-tabpanel">
          {pane(id, props)}
        </div>
      ))}
    </div>
  );
}

export function Panels({ props, compare, compareView, show, tabs = false }: PanelsProps) {
  if (compare && compareView) {
    return (
      <div className="ss-compare">
        <ErrorBoundary areaKey="app.area.compare" resetKey={props.session}>
          {compareView(props)}
        </ErrorBoundary>
      </div>
    );
  }
  const ids = PANES.filter((id) => show.includes(id));
  const n = ids.length;
  if (n === 0) return null;
  if (tabs && n > 1) return <PanelTabs ids={ids} props={props} />;
  return (
    <div className="ss-panels" style={{ gridTemplateColumns: n === 3 ? undefined : `repeat(${n}, minmax(0, 1fr))` }}>
      {ids.map((id) => (
        <Fragment key={id}>{pane(id, props)}</Fragment>
      ))}
    </div>
  );
}
