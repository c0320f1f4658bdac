// Panel (3), parse results: every parse attempt so far, the calls ready so far with their arguments, and for the
// partial-JSON-preview strategy the live preview at this frame with a warning that a preview must never run.
import { inWireOrder } from '../../../core/strategies/call-order';
import { memo, Suspense, useId, useMemo } from 'react';
import type { FrameIndex, ReadyCall } from '../../../core/types';
import { attemptCountUpTo, buffersAt, callsUpTo } from '../../../core/session/view';
import type { CallRef } from '../../../core/types';
import { sameCall, type PanelProps } from '../types';
import type { Translate } from '../../../i18n';
import { naReasonKey } from '../../../i18n/codes';
import { JsonBlock } from '../../code/JsonBlock';
import { prettyValue, type Pretty } from '../../code/pretty';
import { AttemptList } from './AttemptList';
import { lazyView } from '../../shell/lazyView';
import { turnLastFrame, unendedAt } from '../unended';
import '../panels.css';
import { translateIsolated } from '../../i18n/parts';
import { getFrame } from '../../../core/sse/frame-table';
import { Region } from '../../shell/Region';
import { lastOf } from '../lastOf';

// the previews and their partial parser load with the partial-json-preview strategy's first view
const PreviewList = lazyView(() => import('./PreviewList'), (m) => m.default);

const ReadyCallView = memo(function ReadyCallView({ call, t, theme, selected, hovered, onSelectCall, onHoverCall, onSeek }: {
  call: ReadyCall;
  t: Translate;
  theme: 'light' | 'dark';
  selected: boolean;
  hovered: boolean;
  onSelectCall: (c: CallRef | null) => void;
  onHoverCall: (c: CallRef | null) => void;
  onSeek: (f: FrameIndex) => void;
}) {
  const ref = { turn: call.turn, key: call.key };
  // bounded: deep arguments go on one line past a depth, long ones are cut (never JSON.stringify, which overflows)
  const pretty = useMemo((): Pretty => (call.args === undefined ? { text: call.argsText } : prettyValue(call.args)), [call]);
  return (
    <li
      className={`ss-call${selected ? ' ss-selected' : ''}${hovered ? ' ss-hovered' : ''}`}
      onMouseEnter={() => onHoverCall(ref)}
      onMouseLeave={() => onHoverCall(null)}
    >
      <button type="button" className="ss-linkish" aria-pressed={selected} onClick={() => onSelectCall(selected ? null : ref)}>
        {translateIsolated(t, 'panels.results.call', { name: call.name, id: call.id, key: call.key }, ['name', 'id', 'key'])}
      </button>{' '}
      <button type="button" className="ss-linkish ss-muted" onClick={() => onSeek(call.readyFrame)}>
        {t('panels.results.call.ready', { frame: call.readyFrame })}
      </button>
      <JsonBlock pretty={pretty} theme={theme} t={t} />
    </li>
  );
});

export function ResultsPanel({ session, strategy, frame, t, theme, selectedCall, hoveredCall, hoveredFrames, onSeek, onSelectCall, onHoverCall, onHoverFrames }: PanelProps) {
  const run = session.strategies[strategy];
  const attempts = attemptCountUpTo(run, frame);
  // listed in the order the calls began on the wire (the order an agent answers them in), not by readiness
  const calls = inWireOrder(callsUpTo(run, frame), session.carried);
  // past the turn's last frame the stream is over for it: say what happened, not what may still come
  const turn = getFrame(session.frames, frame)?.turn ?? null;
  const lastOfTurn = turn === null ? null : turnLastFrame(session, turn);
  const over = lastOfTurn !== null && frame >= lastOfTurn;
  const unended = turn === null ? [] : unendedAt(session, turn, null, frame);
  const turnCalls = turn === null ? 0 : calls.filter((c) => c.turn === turn).length;
  const opened = strategy === 'partial-json-preview' ? buffersAt(run, frame) : [];
  // the last ones (../lastOf.ts): a call-heavy stream has thousands of buffers and of ready calls
  const { shown: previewBuffers, hidden: previewsHidden } = lastOf(opened);
  const { shown: shownCalls, hidden: callsHidden } = lastOf(calls);
  const attemptsHeading = useId();
  return (
    <Region className="ss-panel ss-results" aria-label={t('panels.results.title')}>
      <header className="ss-panel-head">
        <h2>{t('panels.results.title')}</h2>
        <span className="ss-muted">{t(`strategy.${strategy}.label`)}</span>
      </header>
      {!run.applicable ? <p className="ss-note">{t('panels.buffers.na', { reason: t(naReasonKey(run.naReason)) })}</p> : null}
      {strategy === 'partial-json-preview' ? (
        <div className="ss-preview">
          <h3>{t('panels.results.preview.title')}</h3>
          <p className="ss-warning" role="note">
            ⚠ {t('panels.results.preview.warning')}
          </p>
          {previewBuffers.length === 0 ? (
            <p className="ss-muted">{t('panels.results.preview.none')}</p>
          ) : (
            <Suspense fallback={null}>
              {previewsHidden > 0 ? <p className="ss-note">{t('panels.buffers.some', { shown: previewBuffers.length, total: opened.length })}</p> : null}
              <PreviewList run={run} buffers={previewBuffers} frame={frame} t={t} theme={theme} />
            </Suspense>
          )}
        </div>
      ) : null}
      <h3 id={attemptsHeading}>{t('panels.results.attempts', { count: attempts })}</h3>
      {/* A new list (and virtualizer) per strategy, so no row size is carried over from another strategy's rows. */}
      <AttemptList
        key={strategy}
        run={run}
        count={attempts}
        frame={frame}
        t={t}
        onSeek={onSeek}
        labelledBy={attemptsHeading}
        hoveredFrames={hoveredFrames ?? null}
        {...(onHoverFrames ? { onHoverFrames } : {})}
      />
      <h3>{t('panels.results.calls', { count: calls.length })}</h3>
      {unended.length > 0 ? (
        <div className="ss-unended-list">
          {unended.map((c) => (
            <p key={c.key} className="ss-unended" role="note">
              <span aria-hidden="true">✗ </span>
              {translateIsolated(t, 'panels.results.unended', { name: c.name || c.key, frame: lastOfTurn ?? 0 }, ['name'])}
            </p>
          ))}
        </div>
      ) : null}
      {calls.length === 0 || (over && turnCalls === 0) ? (
        <p className="ss-muted">
          {!over
            ? t('panels.results.calls.none')
            : unended.length > 0
              ? t('panels.results.calls.noneEndedCut', { turn: (turn ?? 0) + 1 })
              : t('panels.results.calls.noneEnded', { turn: (turn ?? 0) + 1 })}
        </p>
      ) : null}
      {callsHidden > 0 ? <p className="ss-note">{t('panels.results.calls.some', { shown: shownCalls.length, total: calls.length })}</p> : null}
      {calls.length === 0 ? null : (
        <ul className="ss-calls">
          {shownCalls.map((c) => {
            const ref = { turn: c.turn, key: c.key };
            return (
              <ReadyCallView
                key={`${c.turn}:${c.key}:${c.readyFrame}`}
                call={c}
                t={t}
                theme={theme}
                selected={sameCall(ref, selectedCall)}
                hovered={sameCall(ref, hoveredCall)}
                onSelectCall={onSelectCall}
                onHoverCall={onHoverCall}
                onSeek={onSeek}
              />
            );
          })}
        </ul>
      )}
    </Region>
  );
}
