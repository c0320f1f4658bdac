/**
 * `useAfterPaint(value, resetKey?)`: `value`, one painted frame late. The first render gets it at once; a change shows
 * in a render of its own, in a task after the frame that showed the change elsewhere was painted (./whenIdle.ts,
 * afterPaint). A change that comes before then replaces the one waiting (a drag shows only where it stops or slows
 * down). A change of `resetKey` (another session) takes `value` at once: a late value must not be read against a new
 * key. For a part below what an interaction changes (the current frame's detail): the seek's own frame does not
 * wait for it, and it is never more than a frame behind.
 */
import { useEffect, useState } from 'react';
import { afterPaint } from './whenIdle';

export function useAfterPaint<T>(value: T, resetKey?: unknown): T {
  const [shown, setShown] = useState({ value, resetKey });
  const reset = !Object.is(shown.resetKey, resetKey);
  if (reset) setShown({ value, resetKey });
  const behind = !reset && !Object.is(shown.value, value);
  useEffect(() => {
    if (!behind) return;
    return afterPaint(() => setShown({ value, resetKey }));
  }, [behind, value, resetKey]);
  return reset ? value : shown.value;
}
