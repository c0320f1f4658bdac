// One of the panels as the shell renders it (behind its error boundary), and the same panel as a tab (TabPane). A
// tab's panel shows what the player shows while its tab is chosen. While it is hidden it holds the frame, hover and
// strategy it last showed: a step, a scrub or a strategy switch re-rendered the hidden panels too, and on a long
// stream's last frame the buffers nobody could see were most of a switch's time on a phone (1,300 new nodes). It
// catches up in the render that shows it, or on its own: in a task right after a switch has painted, and after
// steps once the player has been quiet for CATCH_UP_QUIET_MS (a hover alone waits for the tab to be chosen); so a tab
// chosen a little later opens at once. A new session, language or theme reaches it at once.
import { memo, useEffect, useState, type ReactNode } from 'react';
import { BuffersPanel } from '../panels/buffers/BuffersPanel';
import { RawEventsPanel } from '../panels/raw/RawEventsPanel';
import { ResultsPanel } from '../panels/results/ResultsPanel';
import type { PanelProps } from '../panels/types';
import { ErrorBoundary } from './ErrorBoundary';
import { afterPaint, whenQuietThenIdle } from './whenIdle';

export type Slot = (props: PanelProps) => ReactNode;
export type Pane = 'raw' | 'buffers' | 'results' | 'code';

export function pane(id: Pane, props: PanelProps, codeView?: Slot): ReactNode {
  if (id === 'code') {
    return (
      <ErrorBoundary key="code" areaKey="app.area.code" resetKey={props.session}>
        {codeView?.(props) ?? null}
      </ErrorBoundary>
    );
  }
  const panel = id === 'raw' ? <RawEventsPanel {...props} /> : id === 'buffers' ? <BuffersPanel {...props} /> : <ResultsPanel {...props} />;
  return (
    <ErrorBoundary key={id === 'raw' ? id : `${id}:${props.strategy}`} areaKey={`panels.${id}.title`} resetKey={props.session}>
      {panel}
    </ErrorBoundary>
  );
}

/** How long the player must be quiet (no step) before a hidden tab catches up with the frame. */
export const CATCH_UP_QUIET_MS = 1000;
const CATCH_UP_IDLE_MS = 2000;

/** What a hidden tab holds: what a step, a scrub, a hover or a strategy switch changes. */
type Held = Pick<PanelProps, 'frame' | 'strategy' | 'hoveredFrames' | 'hoveredCall'> & { session: PanelProps['session'] };

const hold = (p: PanelProps): Held => ({ frame: p.frame, strategy: p.strategy, hoveredFrames: p.hoveredFrames ?? null, hoveredCall: p.hoveredCall, session: p.session });
const sameHeld = (a: Held, b: Held): boolean =>
  a.frame === b.frame && a.strategy === b.strategy && a.hoveredFrames === b.hoveredFrames && a.hoveredCall === b.hoveredCall && a.session === b.session;

/** Whether two panel props differ only in their handlers (nobody can use a hidden panel's). */
function sameButHandlers(a: PanelProps, b: PanelProps): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof PanelProps>;
  for (const key of keys) {
    if (a[key] === b[key]) continue;
    if (typeof a[key] === 'function' && typeof b[key] === 'function') continue;
    return false;
  }
  return true;
}

const PaneView = memo(
  function PaneView({ id, props, codeView }: { id: Pane; props: PanelProps; codeView?: Slot | undefined; shown: boolean }) {
    return pane(id, props, codeView);
  },
  (prev, next) => !prev.shown && !next.shown && prev.id === next.id && sameButHandlers(prev.props, next.props),
);

export function TabPane({ id, props, codeView, shown }: { id: Pane; props: PanelProps; codeView?: Slot | undefined; shown: boolean }) {
  const now = hold(props);
  const [held, setHeld] = useState<Held>(now);
  // shown, or given a new session: what it holds is what the player shows (adjusted while rendering)
  const behind = !sameHeld(held, now);
  if (behind && (shown || held.session !== now.session)) setHeld(now);
  // A new strategy is caught up in a task of its own right after the switch has painted (the tab is then ready when
  // chosen); a new frame once the player is quiet, in an idle moment (playback and drags never pay for a hidden tab);
  // a hover alone never (the tab shows the hover in force when chosen).
  const switched = held.strategy !== now.strategy;
  const stepped = held.frame !== now.frame;
  useEffect(() => {
    if (shown || !(switched || stepped)) return;
    if (switched) return afterPaint(() => setHeld(now));
    return whenQuietThenIdle(() => setHeld(now), CATCH_UP_QUIET_MS, CATCH_UP_IDLE_MS);
    // (now's fields, not the object: a new object with the same values is not a change)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, switched, stepped, now.frame, now.strategy, now.session]);
  const given = shown || !behind || held.session !== now.session ? props : { ...props, frame: held.frame, strategy: held.strategy, hoveredFrames: held.hoveredFrames, hoveredCall: held.hoveredCall };
  return <PaneView id={id} props={given} codeView={codeView} shown={shown} />;
}
