// The current turn's text or reasoning so far, for a turn with no buffer (./BuffersPanel.tsx shows it then): the last
// SOFAR_CHARS characters, scrolled to the newest. While frames keep changing it lays out only its last
// SOFAR_NEAR_CHARS; the rest of the window follows once the seeks stop, in an idle moment (as the raw list's rows
// beyond its edges do: shell/whenIdle.ts, SEEKS_QUIET_MS and SEEKS_IDLE_MS).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FrameIndex, Session, TurnIndex } from '../../../core/types';
import type { Translate } from '../../../i18n';
import { accumulatedAt, accumulatedOf, type StreamKind } from './accumulated';
import { SEEKS_IDLE_MS, SEEKS_QUIET_MS, whenQuietThenIdle } from '../../shell/whenIdle';

/** The text a "so far" box keeps for scrolling back: its last this many characters. */
const SOFAR_CHARS = 4000;
/** While frames keep changing (a drag, a run of seeks, playback) the box lays out only its end: more than its
 * 16rem fill at any width. Laying out all 4,000 characters was a tenth of a seek on a long answer. */
const SOFAR_NEAR_CHARS = 1200;

/** The current turn's text or reasoning so far, for a turn with no buffer. */
export function SoFar({ session, turn, frame, kind, t }: { session: Session; turn: TurnIndex; frame: FrameIndex; kind: StreamKind; t: Translate }) {
  // the frame the whole window was last laid out for (the first render's frame: opening a box is not a seek)
  const [settled, setSettled] = useState(frame);
  const near = settled !== frame;
  useEffect(() => {
    if (!near) return;
    return whenQuietThenIdle(() => setSettled(frame), SEEKS_QUIET_MS, SEEKS_IDLE_MS);
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
