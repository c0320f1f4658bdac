// The three linked panels side by side (stacked on narrower screens), or the compare view when compare is on. When
// the player is narrow (`tabs`) they become tabs: a tablist with roving focus (arrows, Home, End), each panel in
// its tabpanel, still the region it always is ("Raw events", ...), the hidden ones kept mounted but not following
// steps, scrubs, hovers and strategy switches until their tab is chosen or they catch up on their own (TabPane.tsx).
// A hidden one is first rendered just after the player's first paint (AfterFirstPaint), in a task of its own: on a
// phone, where the panels are tabs, the first view's render and layout are then the chosen panel's alone. Each panel is behind an error boundary: one that
// throws shows a notice, the others keep working (a new session or strategy retries).
// The strategy code view (`codeView`, given while it is open) is a fourth panel: a fourth column when the player is
// wide (`wide`), else a fourth tab (the shell asks for tabs then), chosen when it opens.
import { Fragment, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PanelProps } from '../panels/types';
import { AfterFirstPaint } from './AfterFirstPaint';
import { ErrorBoundary } from './ErrorBoundary';
import { pane, TabPane, type Pane, type Slot } from './TabPane';
import type { PanelId } from './views';

export type { Slot } from './TabPane';

const PANES = ['raw', 'buffers', 'results'] as const;

interface PanelsProps {
  props: PanelProps;
  compare: boolean;
  compareView?: Slot | undefined;
  /** The strategy code view, while it is open. */
  codeView?: Slot | undefined;
  show: readonly PanelId[];
  tabs?: boolean;
  /** Room for a fourth column: the code view beside the three panels. */
  wide?: boolean;
}

const tabLabel = (id: Pane, t: PanelProps['t']): string => (id === 'code' ? t('code.open') : t(`panels.${id}.title`));

function PanelTabs({ ids, props, codeView }: { ids: readonly Pane[]; props: PanelProps; codeView?: Slot | undefined }) {
  const { t } = props;
  const base = useId();
  const hasCode = ids.includes('code');
  const [chosen, setChosen] = useState<Pane>(hasCode ? 'code' : (ids[0] ?? 'raw'));
  const tabRefs = useRef(new Map<Pane, HTMLButtonElement>());
  // the code tab is chosen when the code view opens (the reader, or the page's code=, asked for it), not after
  const [hadCode, setHadCode] = useState(hasCode);
  if (hasCode !== hadCode) {
    setHadCode(hasCode);
    if (hasCode) setChosen('code');
  }
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
            {tabLabel(id, t)}
          </button>
        ))}
      </div>
      {ids.map((id) => (
        <div key={id} role="tabpanel" id={`${base}-pane-${id}`} aria-labelledby={`${base}-tab-${id}`} hidden={id !== active} className="ss-tabpanel">
          <AfterFirstPaint now={id === active}>
            <TabPane id={id} props={props} codeView={codeView} shown={id === active} />
          </AfterFirstPaint>
        </div>
      ))}
    </div>
  );
}

export function Panels({ props, compare, compareView, codeView, show, tabs = false, wide = false }: PanelsProps) {
  if (compare && compareView) {
    return (
      <div className="ss-compare">
        <ErrorBoundary areaKey="app.area.compare" resetKey={props.session}>
          {compareView(props)}
        </ErrorBoundary>
      </div>
    );
  }
  const three = PANES.filter((id) => show.includes(id));
  const code = codeView !== undefined && (tabs || wide);
  const ids: readonly Pane[] = code ? [...three, 'code'] : three;
  const n = ids.length;
  if (n === 0) return null;
  if (tabs && n > 1) return <PanelTabs ids={ids} props={props} codeView={codeView} />;
  // beside the panels, the code gets the widest column: its lines are longer than a panel's rows
  const columns = code ? `${'minmax(0, 1fr) '.repeat(n - 1)}minmax(0, 1.5fr)` : n === 3 ? undefined : `repeat(${n}, minmax(0, 1fr))`;
  return (
    <div className={code ? 'ss-panels ss-panels-code' : 'ss-panels'} style={{ gridTemplateColumns: columns }}>
      {ids.map((id) => (
        <Fragment key={id}>{pane(id, props, codeView)}</Fragment>
      ))}
    </div>
  );
}
