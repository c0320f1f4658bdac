/**
 * Yielding a task, for the page-side worker clients and the store (core has no timers, so it lives here).
 *
 * Contract: `nextTask()` resolves in a later macrotask (a zero-delay timer), so whatever the caller does next runs
 * in a task of its own, after the event loop has had the chance to paint, handle input and deliver messages. It
 * never rejects. Used to cut long work into tasks of bounded length: posting an input's pieces to the worker,
 * building a kept file's Blob, installing a large session, the matrix's rows.
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
