// A full collection before each timed side, so neither side pays for the garbage the previous round left. The
// collector is the one --expose-gc gives; without the flag it is obtained at run time (v8.setFlagsFromString + a
// fresh vm context), so `npm run bench` and `npx tsx -e ...` measure the same way.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

function collector(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

export const collect = collector();

/** Milliseconds `f` takes, after a full collection. */
export const time = (f: () => unknown): number => {
  collect?.();
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};

/** The same for an async `f`. */
export const timeAsync = async (f: () => Promise<unknown>): Promise<number> => {
  collect?.();
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
};
