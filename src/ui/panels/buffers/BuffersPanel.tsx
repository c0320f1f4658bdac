// Panel (2), parameter buffers: one box per buffer of the selected strategy at frame f, its text so far with the
// fragments tinted alternately and separated by a non-colour cue, the current frame's fragment emphasized, empty
// fragments shown as a visible ∅ '' token. Hovering or clicking a box selects its call in every panel. Hovering or
// focusing a fragment lights its frame in the other panels (the store's hovered frames); clicking it seeks there.
// Once its turn has no more frames, a buffer whose call never got its end signal says so: do not execute it. While
// the current turn has no buffer (a long answer, a thinking phase) the panel shows its text / reasoning so far.
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { frameIndex, type BufferLog, type FragmentTable, type FrameIndex, type Session, type TurnIndex } from '../../../core/types';
import { buffersAt } from '../../../core/session/view';
import { fragmentCount, fragmentFrame } from '../../../core/strategies/fragments';
import type { CallRef } from '../../../core/types';
import { sameCall, type PanelProps } from '../types';
import type { Translate } from '../../../i18n';
import { naReasonKey } from '../../../i18n/codes';
import { inRange, turnLastFrame, unendedAt } from '../unended';
import { accumulatedAt, accumulatedOf, type StreamKind } from './accumulated';
import { bufferView } from './segments';
import '../panels.css';
import { translateIsolated } from '../../i18n/parts';
import { getFrame } from '../../../core/sse/frame-table';
import { Region } from '../../shell/Region';
import { lastOf } from '../lastOf';
import { whenQuietThenIdle } from '../../shell/whenIdle';

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

/** The text a "so far" box keeps for scrolling back: its last this many characters. */
const SOFAR_CHARS = 4000;
/** While frames keep changing (a drag, a run of seeks, playback) the box lays out only its end: more than its
 * 16rem fill at any width. Laying out all 4,000 characters was a tenth of a seek on a long answer. */
const SOFAR_NEAR_CHARS = 1200;
/** The rest of the window follows once no frame has come for this long, in the page's next idle moment (as the raw
 * list's rows beyond its edges do). */
const SOFAR_QUIET_MS = 250;
const SOFAR_IDLE_MS = 500;

/** The current turn's text or reasoning so far, for a turn with no buffer. */
function SoFar({ session, turn, frame, kind, t }: { session: Session; turn: TurnIndex; frame: FrameIndex; kind: StreamKind; t: Translate }) {
  // the frame the whole window was last laid out for (the first render's frame: opening a box is not a seek)
  const [settled, setSettled] = useState(frame);
  const near = settled !== frame;
  useEffect(() => {
    if (!near) return;
    return whenQuietThenIdle(() => setSettled(frame), SOFAR_QUIET_MS, SOFAR_IDLE_MS);
  }, [near, frame]);
  const view = accumulatedAt(accumulatedOf(session, turn, kind), frame, near ? SOFAR_NEAR_CHARS : SOFAR_CHARS);
  // the newest text is at the end: keep it in view as the turn streams (one write per change of length, and when
  // the rest of the window comes in above it)
  const box = useRef<HTMLParagraphElement | null>(null);
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [view.length, near]);
  if (view.length === 0) return null;
  return (
    <article className={`ss-buffer ss-sofar ss-sofar-${kind}`} aria-label={t(`panels.buffers.sofar.${kind}`, { turn: turn + 1 })}>
      <header className="ss-buffer-head">
        <strong>{t(`panels.buffers.sofar.${kind}`, { turn: turn + 1 })}</strong>
        <span className="ss-muted">{t('panels.buffers.sofar.chars', { chars: view.length })}</span>
      </header>
      {view.hidden > 0 ? <p className="ss-note">{t('panels.buffers.window', { shown: view.length - view.hidden, total: view.length })}</p> : null}
      {/* scrollable, so focusable (the keyboard scrolls it) */}
      <p className="ss-buffer-text ss-sofar-text" tabIndex={0} ref={box}>
        {view.shown}
      </p>
    </article>
  );
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
