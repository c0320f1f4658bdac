// Panel (2), parameter buffers: one box per buffer of the selected strategy at frame f, its text so far with the
// fragments tinted alternately and separated by a non-colour cue, the current frame's fragment emphasized, empty
// fragments shown as a visible ∅ '' token. Hovering or clicking a box selects its call in every panel. Hovering or
// focusing a fragment lights its frame in the other panels (the store's hovered frames); clicking it seeks there.
// Once its turn has no more frames, a buffer whose call never got its end signal says so: do not execute it. While
// the current turn has no buffer (a long answer, a thinking phase) the panel shows its text / reasoning so far.
import { memo, useCallback, useRef, type KeyboardEvent } from 'react';
import { frameIndex, type BufferLog, type FragmentTable, type FrameIndex, type Session } from '../../../core/types';
import { buffersAt } from '../../../core/session/view';
import { fragmentCount, fragmentFrame } from '../../../core/strategies/fragments';
import type { CallRef } from '../../../core/types';
import { sameCall, type PanelProps } from '../types';
import type { Translate } from '../../../i18n';
import { naReasonKey } from '../../../i18n/codes';
import { inRange, turnLastFrame, unendedAt } from '../unended';
import { SoFar } from './SoFar';
import { bufferView } from './segments';
import '../panels.css';
import { translateIsolated } from '../../i18n/parts';
import { getFrame } from '../../../core/sse/frame-table';
import { Region } from '../../shell/Region';
import { lastOf } from '../lastOf';

type HoverFrames = (range: [number, number] | null) => void;

interface BoxProps {
  buffer: BufferLog;
  /** Its run's fragment table (the same object for every box of a run). */
  fragments: FragmentTable;
  frame: FrameIndex;
  t: Translate;
  selected: boolean;
  hovered: boolean;
  /** Frames lit from another panel, when they touch this buffer's fragments. */
  linked: readonly [number, number] | null;
  /** Names of the calls in this buffer that never ended (empty while the turn still streams). */
  unended: string;
  onSelectCall: (call: CallRef | null) => void;
  onHoverCall: (call: CallRef | null) => void;
  onHoverFrames: HoverFrames;
  onSeek: (frame: FrameIndex) => void;
}

/** The frame of the fragment an event happened in (or inside), or null: a box's text listens once for all its
 * fragments (a buffer of hundreds of fragments is hundreds of spans, and five listeners each made a strategy switch
 * at the end of a long stream spend a fifth of its time adding them). */
function eventFrame(e: { target: EventTarget | null }): FrameIndex | null {
  const frame = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-frame]')?.dataset.frame : undefined;
  return frame === undefined ? null : frameIndex(Number(frame));
}

/** Up / Down move between a buffer's fragments (one Tab stop per buffer); Enter or Space seeks to the focused one. */
function onFragmentKeys(e: KeyboardEvent<HTMLParagraphElement>, onSeek: (f: FrameIndex) => void): void {
  const target = e.target as HTMLElement;
  const frame = target.dataset.frame;
  if (frame === undefined) return;
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    e.stopPropagation();
    onSeek(frameIndex(Number(frame)));
    return;
  }
  if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  e.preventDefault();
  const all = [...e.currentTarget.querySelectorAll<HTMLElement>('[data-frame]')];
  const next = all[all.indexOf(target) + (e.key === 'ArrowDown' ? 1 : -1)];
  // (focus moves; the Tab stop stays on the newest fragment, so React's tabindex values are never overridden)
  next?.focus();
}

const BufferBox = memo(function BufferBox({ buffer, fragments, frame, t, selected, hovered, linked, unended, onSelectCall, onHoverCall, onHoverFrames, onSeek }: BoxProps) {
  const view = bufferView({ fragments }, buffer, frame);
  const call: CallRef | null = buffer.key === null ? null : { turn: buffer.turn, key: buffer.key };
  // a buffer named by its key alone (the learner's strategy names buffers, not calls): no '? · ?' for what it lacks
  const keyOnly = buffer.key !== null && buffer.name === undefined && buffer.callId === undefined;
  const label =
    buffer.key === null
      ? t('panels.buffers.shared')
      : keyOnly
        ? t('panels.buffers.key', { key: buffer.key })
        : t('panels.buffers.call', { name: buffer.name ?? '?', id: buffer.callId ?? '?', key: buffer.key });
  const title =
    buffer.key === null
      ? label
      : keyOnly
        ? translateIsolated(t, 'panels.buffers.key', { key: buffer.key }, ['key'])
        : translateIsolated(t, 'panels.buffers.call', { name: buffer.name ?? '?', id: buffer.callId ?? '?', key: buffer.key }, ['name', 'id', 'key']);
  const lastSegment = view.segments.length - 1;
  // the fragment under the pointer, said once per fragment entered (mouseover also fires between a fragment's parts)
  const pointed = useRef<FrameIndex | null>(null);
  const point = (f: FrameIndex | null) => {
    if (f === pointed.current) return;
    pointed.current = f;
    onHoverFrames(f === null ? null : [f, f]);
  };
  return (
    <article
      className={`ss-buffer${selected ? ' ss-selected' : ''}${hovered ? ' ss-hovered' : ''}${unended ? ' ss-buffer-unended' : ''}`}
      aria-label={label}
      aria-current={selected ? 'true' : undefined}
      onMouseEnter={call ? () => onHoverCall(call) : undefined}
      onMouseLeave={call ? () => onHoverCall(null) : undefined}
    >
      <header className="ss-buffer-head">
        {call ? (
          <button type="button" className="ss-linkish" aria-pressed={selected} onClick={() => onSelectCall(selected ? null : call)}>
            {title}
          </button>
        ) : (
          <strong>{title}</strong>
        )}
        <span className="ss-muted">
          {t('panels.buffers.turn', { turn: buffer.turn + 1 })} · {t('panels.buffers.stats', { fragments: view.fragments, chars: view.length })}
        </span>
      </header>
      {view.hidden > 0 ? <p className="ss-note">{t('panels.buffers.window', { shown: view.length - view.hidden, total: view.length })}</p> : null}
      <p
        className="ss-buffer-text"
        onKeyDown={(e) => onFragmentKeys(e, onSeek)}
        onClick={(e) => {
          const f = eventFrame(e);
          if (f !== null) onSeek(f);
        }}
        onMouseOver={(e) => point(eventFrame(e))}
        onMouseLeave={() => point(null)}
        onFocusCapture={(e) => {
          const f = eventFrame(e);
          if (f !== null) onHoverFrames([f, f]);
        }}
        onBlurCapture={() => onHoverFrames(null)}
      >
        {view.segments.length === 0 ? <span className="ss-muted">{t('panels.buffers.noText')}</span> : null}
        {view.segments.map((s, i) => (
          <span
            key={s.fragment}
            className={`ss-frag ${s.fragment % 2 === 0 ? 'ss-frag-even' : 'ss-frag-odd'}${s.current ? ' ss-frag-current' : ''}${s.empty ? ' ss-frag-empty' : ''}${inRange(linked, s.frame) ? ' ss-linked' : ''}`}
            data-frame={s.frame}
            role="button"
            tabIndex={i === lastSegment ? 0 : -1}
            title={`${t('panels.buffers.fragment', { frame: s.frame })}${s.current ? ` · ${t('panels.buffers.current')}` : ''}`}
          >
            {s.empty ? (
              <abbr title={t('panels.buffers.emptyFragment')}>∅ &apos;&apos;</abbr>
            ) : (
              s.text
            )}
          </span>
        ))}
      </p>
      {unended ? (
        <p className="ss-unended" role="note">
          <span aria-hidden="true">✗ </span>
          <strong>{t('panels.buffers.unended')}</strong> {t('panels.buffers.unended.why', { name: unended })}
        </p>
      ) : null}
    </article>
  );
});

/**
 * A buffer looks the same at every frame after its last fragment: past it, the box gets one fixed frame, so its
 * memo holds and a seek re-renders only the buffers still growing at the new frame (and, once, the buffers of a
 * turn that has just ended, which may now say "never ended").
 */
function settledFrame(session: Session, fragments: FragmentTable, buffer: BufferLog, frame: FrameIndex): FrameIndex {
  const n = fragmentCount(fragments, buffer.id);
  const last = n > 0 ? fragmentFrame(fragments, buffer.id, n - 1) : undefined;
  if (last === undefined || frame <= last) return frame;
  const turnEnd = turnLastFrame(session, buffer.turn);
  return frameIndex(turnEnd !== null && frame >= turnEnd ? Math.max(last + 1, turnEnd) : last + 1);
}

/** The linked range when it touches this buffer's fragments (else null, so the box's memo holds). */
function linkedFor(fragments: FragmentTable, buffer: BufferLog, range: readonly [number, number] | null | undefined): readonly [number, number] | null {
  if (!range) return null;
  const n = fragmentCount(fragments, buffer.id);
  if (n === 0) return null;
  const first = fragmentFrame(fragments, buffer.id, 0);
  const last = fragmentFrame(fragments, buffer.id, n - 1);
  return range[1] >= first && range[0] <= last ? range : null;
}

export function BuffersPanel({ session, strategy, frame, t, selectedCall, hoveredCall, hoveredFrames, onSelectCall, onHoverCall, onHoverFrames, onSeek }: PanelProps) {
  const run = session.strategies[strategy];
  const opened = buffersAt(run, frame);
  // the last ones opened (../lastOf.ts): a call-heavy stream opens thousands
  const { shown: buffers, hidden } = lastOf(opened);
  const turn = getFrame(session.frames, frame)?.turn ?? null;
  const noneThisTurn = turn !== null && !opened.some((b) => b.turn === turn);
  const hoverFrames = useCallback<HoverFrames>((range) => onHoverFrames?.(range), [onHoverFrames]);
  const sofar =
    run.applicable && noneThisTurn && turn !== null ? (
      <>
        <SoFar session={session} turn={turn} frame={frame} kind="reasoning" t={t} />
        <SoFar session={session} turn={turn} frame={frame} kind="text" t={t} />
      </>
    ) : null;
  return (
    <Region className="ss-panel ss-buffers" aria-label={t('panels.buffers.title')}>
      <header className="ss-panel-head">
        <h2>{t('panels.buffers.title')}</h2>
        <span className="ss-muted">{t(`strategy.${strategy}.label`)}</span>
      </header>
      {!run.applicable ? (
        <p className="ss-note">{t('panels.buffers.na', { reason: t(naReasonKey(run.naReason)) })}</p>
      ) : buffers.length === 0 ? (
        <>
          <p className="ss-muted">{t('panels.buffers.none')}</p>
          {sofar}
        </>
      ) : (
        <div className="ss-buffer-list">
          {noneThisTurn ? <p className="ss-muted">{t('panels.buffers.noneThisTurn', { turn: (turn ?? 0) + 1 })}</p> : null}
          {sofar}
          {hidden > 0 ? <p className="ss-note">{t('panels.buffers.some', { shown: buffers.length, total: opened.length })}</p> : null}
          {buffers.map((b) => {
            const call = b.key === null ? null : { turn: b.turn, key: b.key };
            const settled = settledFrame(session, run.fragments, b, frame);
            const unended = unendedAt(session, b.turn, b.key, settled)
              .map((c) => c.name || c.key)
              .join(', ');
            return (
              <BufferBox
                key={b.id}
                buffer={b}
                fragments={run.fragments}
                frame={settled}
                t={t}
                selected={sameCall(call, selectedCall)}
                hovered={sameCall(call, hoveredCall)}
                linked={linkedFor(run.fragments, b, hoveredFrames)}
                unended={unended}
                onSelectCall={onSelectCall}
                onHoverCall={onHoverCall}
                onHoverFrames={hoverFrames}
                onSeek={onSeek}
              />
            );
          })}
        </div>
      )}
    </Region>
  );
}
