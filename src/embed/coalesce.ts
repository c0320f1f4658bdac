/**
 * What keeps the embed's bridge responsive under a flood of commands: a host posting 100,000 `seek` commands in a
 * burst made the player seek and render 100,000 times and answer with as many `frame` events, and a command sent
 * after them waited for all of it (no answer within 61 s).
 *
 * Contract: `nextFrameScheduler(win)` runs a callback once on the window's next animation frame, or after
 * FALLBACK_MS where none comes (a hidden or throttled iframe paints no frame); it returns a cancel function.
 * `latest(schedule, apply)` keeps only the last value given to `set` and hands it to `apply` once, when the
 * scheduled callback runs or when `flush()` is called first (a command that must come after it, an event that must
 * follow it); `set` while a value waits only replaces it, so N values in one frame cost one `apply`. Given
 * `{flood, calm}`: when more than `flood` values came in the wait before the last `apply` (a flood, not a host
 * following a slider, which sends one or two a frame), the next wait is `calm`'s (`pauseScheduler`: FLOOD_PAUSE_MS),
 * so a flood costs the player a few renders a second instead of one every frame, each between the messages it has
 * to get through; the last value still comes, at most FLOOD_PAUSE_MS after the flood. `dispose()` cancels and drops
 * what waits. Neither ever throws on its own.
 */

/** Runs `run` once later; returns a function that cancels it. */
export type Schedule = (run: () => void) => () => void;

/** How long a callback waits for an animation frame before it runs anyway. */
export const FALLBACK_MS = 100;

export function nextFrameScheduler(win: Pick<Window, 'setTimeout' | 'clearTimeout'> & Partial<Pick<Window, 'requestAnimationFrame' | 'cancelAnimationFrame'>>): Schedule {
  return (run) => {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      if (frame !== undefined) win.cancelAnimationFrame?.(frame);
      win.clearTimeout(timer);
      run();
    };
    const frame = typeof win.requestAnimationFrame === 'function' ? win.requestAnimationFrame(once) : undefined;
    const timer = win.setTimeout(once, FALLBACK_MS);
    return () => {
      done = true;
      if (frame !== undefined) win.cancelAnimationFrame?.(frame);
      win.clearTimeout(timer);
    };
  };
}

/** How long a value waits in a flood (see `latest`). */
export const FLOOD_PAUSE_MS = 250;

export function pauseScheduler(win: Pick<Window, 'setTimeout' | 'clearTimeout'>, ms = FLOOD_PAUSE_MS): Schedule {
  return (run) => {
    const timer = win.setTimeout(run, ms);
    return () => win.clearTimeout(timer);
  };
}

export interface Latest<T> {
  /** Replaces the value waiting (or makes it wait), scheduling one `apply`. */
  set(value: T): void;
  /** Applies the value waiting, now (nothing when none waits). */
  flush(): void;
  dispose(): void;
}

export function latest<T>(schedule: Schedule, apply: (value: T) => void, options: { flood?: number; calm?: Schedule } = {}): Latest<T> {
  let waiting: { value: T } | null = null;
  let cancel: (() => void) | null = null;
  /** Values given since the last apply, and in the wait before it. */
  let sets = 0;
  let before = 0;
  const flooded = () => options.flood !== undefined && options.calm !== undefined && before > options.flood;
  const flush = () => {
    cancel?.();
    cancel = null;
    before = sets;
    sets = 0;
    if (!waiting) return;
    const { value } = waiting;
    waiting = null;
    apply(value);
  };
  return {
    set(value) {
      waiting = { value };
      sets++;
      cancel ??= (flooded() ? (options.calm as Schedule) : schedule)(flush);
    },
    flush,
    dispose() {
      cancel?.();
      cancel = null;
      waiting = null;
    },
  };
}
