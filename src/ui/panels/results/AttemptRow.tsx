// One parse attempt as a list row, shared by the plain list (short runs) and the virtualized one (long runs): it
// names its frame and buffer, the input it saw, "parsed" or "failed" with the parser's own message and, for a
// failure, the plain-words reason. Clicking its label seeks to its frame. `top` places it in a virtualized list
// (absolute rows); the plain list leaves it undefined and the row flows.
import { memo, type ReactNode } from 'react';
import type { FrameIndex, ParseAttempt, StrategyRun } from '../../../core/types';
import { attemptAt, attemptError, attemptInput } from '../../../core/session/view';
import { bufferAt } from '../../../core/strategies/buffers';
import type { Translate } from '../../../i18n';
import { explainParseFailure } from '../../conclusion/explain';
import { translateIsolated, translateNodes } from '../../i18n/parts';

const INPUT_PREVIEW = 400;
/** A row before it is measured: a parsed one is the label line and one line of input; a failed one adds the
 * parser's message and about two lines of plain-words reason. */
export const estimatedRowPx = (parsed: boolean): number => (parsed ? 52 : 112);
/** Viewport before it is measured: the CSS height of `.ss-attempts-scroll` (18rem at 16 px). */
export const ATTEMPTS_VIEWPORT_PX = 288;

export function bufferLabel(run: StrategyRun, attempt: ParseAttempt, t: Translate): ReactNode {
  const buffer = bufferAt(run.buffers, attempt.bufferId);
  // no buffer of its own, or one named by its key alone (the learner's strategy names buffers, not calls)
  if (!buffer || buffer.key === null || (buffer.name === undefined && buffer.callId === undefined))
    return attempt.key === null ? t('panels.buffers.shared') : translateIsolated(t, 'panels.buffers.key', { key: attempt.key }, ['key']);
  return translateIsolated(t, 'panels.buffers.call', { name: buffer.name ?? '?', id: buffer.callId ?? '?', key: buffer.key }, ['name', 'id', 'key']);
}

export interface RowProps {
  run: StrategyRun;
  /** The attempt's row in the run's table (the row is read here, so the memo compares numbers). */
  index: number;
  count: number;
  /** Offset in a virtualized list; undefined in the plain list. */
  top?: number;
  t: Translate;
  current: boolean;
  /** Its frame is lit from another panel (the store's hovered frames). */
  linked: boolean;
  onSeek: (frame: FrameIndex) => void;
  onHoverFrames: (range: [number, number] | null) => void;
  measure?: (el: HTMLLIElement | null) => void;
}

export const Attempt = memo(function Attempt({ run, index, count, top, t, current, linked, onSeek, onHoverFrames, measure }: RowProps) {
  const attempt = attemptAt(run, index);
  if (!attempt) return null;
  const input = attemptInput(run, attempt);
  const shown = input.length > INPUT_PREVIEW ? `${input.slice(0, INPUT_PREVIEW)}…` : input;
  const error = attemptError(run, attempt);
  const why = attempt.ok ? null : explainParseFailure(input, error);
  return (
    <li
      ref={measure}
      data-index={index}
      aria-setsize={count}
      aria-posinset={index + 1}
      aria-current={current ? 'true' : undefined}
      className={`ss-attempt ${attempt.ok ? 'ss-ok' : 'ss-fail'}${current ? ' ss-current' : ''}${linked ? ' ss-linked' : ''}`}
      data-frame={attempt.frame}
      style={top === undefined ? undefined : { transform: `translateY(${top}px)` }}
      onMouseEnter={() => onHoverFrames([attempt.frame, attempt.frame])}
      onMouseLeave={() => onHoverFrames(null)}
    >
      <button
        type="button"
        className="ss-linkish"
        onClick={() => onSeek(attempt.frame)}
        onFocus={() => onHoverFrames([attempt.frame, attempt.frame])}
        onBlur={() => onHoverFrames(null)}
        title={t('panels.results.attempt.seek', { frame: attempt.frame })}
      >
        {translateNodes(t, 'panels.results.attempt', { frame: attempt.frame }, { buffer: bufferLabel(run, attempt, t) })}
      </button>{' '}
      <span className={`ss-status ${attempt.ok ? 'ss-ok' : 'ss-fail'}`}>
        <span aria-hidden="true">{attempt.ok ? '✓ ' : '✗ '}</span>
        <span>{t(attempt.ok ? 'panels.results.parsed' : 'panels.results.failed')}</span>
      </span>
      <code className="ss-attempt-input">{input === '' ? t('panels.results.emptyInput') : shown}</code>
      {error !== undefined ? <span className="ss-attempt-error">{error}</span> : null}
      {why ? <span className="ss-attempt-why">{t(why.key, why.params)}</span> : null}
    </li>
  );
});

