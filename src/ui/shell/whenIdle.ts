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
