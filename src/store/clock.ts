/**
 * The one animation-frame clock of a player instance.
 *
 * Contract: `createClock(scheduler, tick)` runs `tick(now)` once per animation frame between `start()` and
 * `stop()`; `tick` returns false to stop the loop itself. Starting a running clock does nothing (never two loops).
 * The scheduler is injected so tests drive time by hand; `browserScheduler()` uses requestAnimationFrame.
 */
export interface FrameScheduler {
  request(callback: (now: number) => void): number;
  cancel(handle: number): void;
  now(): number;
}

export function browserScheduler(): FrameScheduler {
  return {
    request: (cb) => globalThis.requestAnimationFrame(cb),
    cancel: (h) => globalThis.cancelAnimationFrame(h),
    now: () => globalThis.performance.now(),
  };
}

export interface Clock {
  start(): void;
  stop(): void;
  readonly running: boolean;
}

export function createClock(scheduler: FrameScheduler, tick: (now: number) => boolean): Clock {
  let handle: number | null = null;
  const loop = (now: number) => {
    handle = null;
    if (tick(now)) handle = scheduler.request(loop);
  };
  return {
    start() {
      if (handle === null) handle = scheduler.request(loop);
    },
    stop() {
      if (handle !== null) scheduler.cancel(handle);
      handle = null;
    },
    get running() {
      return handle !== null;
    },
  };
}
