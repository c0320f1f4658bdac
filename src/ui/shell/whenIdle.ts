/**
 * Work that can wait for the page to be idle: `whenIdle(f, timeoutMs)` runs `f` in the page's next idle period
 * (requestIdleCallback, at most `timeoutMs` later), or in a zero-delay timer where there is no such call (Safari,
 * jsdom). Returns the cancel, for an effect's cleanup.
 */
export function whenIdle(f: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(f, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(f, 0);
  return () => clearTimeout(id);
}

/**
 * `afterPaint(f)` runs `f` in a task of its own after the page's next frame has been painted (a zero-delay timer
 * posted from an animation frame callback; a zero-delay timer alone where there are no animation frames). Returns
 * the cancel. For work that must not delay the frame that shows an interaction, and must not wait for an idle period
 * either (a busy or throttled page may not have one for seconds).
 */
export function afterPaint(f: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(f, 0);
    return () => clearTimeout(timer ?? undefined);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(f, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
  };
}

/**
 * The waits of what a seek leaves for later (the raw list's rows beyond its edges, the rest of a "so far" window):
 * once no seek has come for SEEKS_QUIET_MS, in the page's next idle period, at most SEEKS_IDLE_MS after that.
 */
export const SEEKS_QUIET_MS = 250;
export const SEEKS_IDLE_MS = 500;

/**
 * `whenQuietThenIdle(f, quietMs, idleMs)`: `f` once `quietMs` have passed (the caller cancels and calls again on
 * every new event, so this is "after quietMs without one"), then in the page's next idle period (`whenIdle`).
 * Returns the cancel of both waits.
 */
export function whenQuietThenIdle(f: () => void, quietMs: number, idleMs: number): () => void {
  let cancelIdle: (() => void) | null = null;
  const quiet = setTimeout(() => {
    cancelIdle = whenIdle(f, idleMs);
  }, quietMs);
  return () => {
    clearTimeout(quiet);
    cancelIdle?.();
  };
}
