// The parse attempts so far, newest last, capped to the last MAX_SHOWN with a count. Each one names its frame,
// its buffer, the input it saw, "parsed" or "failed" with the parser's own message and, for a failure, the
// plain-words reason. Clicking one seeks to its frame.
import { memo, type ReactNode } from 'react';
import type { FrameIndex, ParseAttempt, StrategyRun } from '../../../core/types';
import { attemptInput } from '../../../core/session/view';
import type { Translate } from '../../i18n';
import { explainParseFailure } from '../../conclusion/explain';
import { translateIsolated, translateNodes } from '../../i18n/parts';

export const MAX_SHOWN = 200;
const INPUT_PREVIEW = 400;

export function bufferLabel(run: StrategyRun, attempt: ParseAttempt, t: Translate): ReactNode {
  const buffer = run.buffers[attempt.bufferId];
  if (!buffer || buffer.key === null)
    return attempt.key === null ? t('panels.buffers.shared') : translateIsolated(t, 'panels.buffers.key', { key: attempt.key }, ['key']);
  return translateIsolated(t, 'panels.buffers.call', { name: buffer.name ?? '?', id: buffer.callId ?? '?', key: buffer.key }, ['name', 'id', 'key']);
}

const Attempt = memo(function Attempt({ run, attempt, t, current, onSeek }: {
  run: StrategyRun;
  attempt: ParseAttempt;
  t: Translate;
  current: boolean;
  onSeek: (frame: FrameIndex) => void;
}) {
  const input = attemptInput(run, attempt);
  const shown = input.length > INPUT_PREVIEW ? `${input.slice(0, INPUT_PREVIEW)}…` : input;
  const why = attempt.ok ? null : explainParseFailure(input, attempt.error);
  return (
    <li className={`ss-attempt ${attempt.ok ? 'ss-ok' : 'ss-fail'}${current ? ' ss-current' : ''}`}>
      <button type="button" className="ss-linkish" onClick={() => onSeek(attempt.frame)} title={t('panels.results.attempt.seek', { frame: attempt.frame })}>
        {translateNodes(t, 'panels.results.attempt', { frame: attempt.frame }, { buffer: bufferLabel(run, attempt, t) })}
      </button>{' '}
      <span className={`ss-status ${attempt.ok ? 'ss-ok' : 'ss-fail'}`}>
        <span aria-hidden="true">{attempt.ok ? '✓ ' : '✗ '}</span>
        <span>{t(attempt.ok ? 'panels.results.parsed' : 'panels.results.failed')}</span>
      </span>
      <code className="ss-attempt-input">{input === '' ? t('panels.results.emptyInput') : shown}</code>
      {attempt.error !== undefined ? <span className="ss-attempt-error">{attempt.error}</span> : null}
      {why ? <span className="ss-attempt-why">{t(why.key, why.params)}</span> : null}
    </li>
  );
});

export function AttemptList({ run, attempts, frame, t, onSeek }: {
  run: StrategyRun;
  attempts: readonly ParseAttempt[];
  frame: FrameIndex;
  t: Translate;
  onSeek: (frame: FrameIndex) => void;
}) {
  if (attempts.length === 0) return <p className="ss-muted">{t('panels.results.attempts.none')}</p>;
  const from = Math.max(0, attempts.length - MAX_SHOWN);
  return (
    <>
      {from > 0 ? <p className="ss-note">{t('panels.results.attempts.capped', { shown: MAX_SHOWN, total: attempts.length })}</p> : null}
      <ol className="ss-attempts" start={from + 1}>
        {attempts.slice(from).map((a, i) => (
          <Attempt key={from + i} run={run} attempt={a} t={t} current={a.frame === frame} onSeek={onSeek} />
        ))}
      </ol>
    </>
  );
}
