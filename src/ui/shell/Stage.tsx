// The parts of the player's stage that follow the frame, kept apart from the shell so a seek re-renders only
// these: the conclusion line, the views (the three panels, as columns or tabs, with the code view as a fourth; or
// the compare view) and what comes after the first screen (the exercise, the code view beside compare, the span
// waterfall, the self-check footer). Each slot sits behind its own error boundary.
import type { AppSlots } from '../App';
import { usePlayer } from '../../store/react';
import { ErrorBoundary } from './ErrorBoundary';
import { Panels } from './Panels';
import { usePanelProps } from './usePanelProps';
import { useT } from './useT';
import type { PanelId } from './views';

/** The conclusion is the payoff: pinned under the transport controls, above the panels it sums up. */
export function ConclusionLine({ slots }: { slots: AppSlots }) {
  const props = usePanelProps();
  if (!props) return null;
  return (
    <div className="ss-conclusion-slot">
      <ErrorBoundary areaKey="app.area.conclusion" resetKey={props.session}>
        {slots.conclusion?.(props) ?? null}
      </ErrorBoundary>
    </div>
  );
}

/** The panels follow the frame: kept apart so a seek re-renders only these, not the header. */
export function Views({ slots, show, narrow, wide, picker }: { slots: AppSlots; show: readonly PanelId[]; narrow: boolean; wide: boolean; picker: boolean }) {
  const { t } = useT();
  const compare = usePlayer((s) => s.compare);
  const code = usePlayer((s) => s.code);
  const props = usePanelProps();
  // while a recording is on its way the status line names it: "no recording is open" would be false (and, the
  // largest text of the first paint, it was what a phone painted first)
  const loading = usePlayer((s) => s.status.kind === 'loading');
  if (!props) return loading ? null : <p className="ss-empty">{t(picker ? 'app.empty' : 'app.emptyEmbedded')}</p>;
  const codeView = code !== null ? slots.code : undefined;
  // the code view is a fourth panel: a fourth column where it fits, else the panels become tabs with it the fourth
  const tabs = narrow || (codeView !== undefined && !wide);
  return <Panels props={props} compare={compare} compareView={slots.compare} codeView={codeView} show={show} tabs={tabs} wide={wide} />;
}

/** What comes after the first screen: the span waterfall and the self-check footer. */
export function Below({ slots, show, codeHere }: { slots: AppSlots; show: readonly PanelId[]; codeHere: boolean }) {
  const props = usePanelProps();
  const code = usePlayer((s) => (codeHere ? s.code : null));
  if (!props) return null;
  return (
    <>
      <ErrorBoundary areaKey="app.area.exercise" resetKey={props.session.frames}>
        {slots.exercise?.(props) ?? null}
      </ErrorBoundary>
      {code !== null ? (
        <ErrorBoundary areaKey="app.area.code" resetKey={props.session}>
          {slots.code?.(props) ?? null}
        </ErrorBoundary>
      ) : null}
      {show.includes('waterfall') ? (
        <ErrorBoundary areaKey="app.area.waterfall" resetKey={props.session}>
          {slots.waterfall?.(props) ?? null}
        </ErrorBoundary>
      ) : null}
      <ErrorBoundary areaKey="app.area.footer" resetKey={props.session}>
        {slots.footer?.(props) ?? null}
      </ErrorBoundary>
    </>
  );
}
