/**
 * Commands an embedding page sends before its recording has loaded (seek, play, pause, setStrategy) wait for it,
 * as asciinema-player queues them, instead of being dropped.
 *
 * Contract: `queueUntilLoaded(store)` returns the four commands. While the player has no session, or a load is in
 * progress, each call is appended to a queue (at most MAX_QUEUED: past it the oldest is dropped) and nothing else
 * happens; on the next `ready` the queue is applied in the order received, then emptied. A load that ends without
 * `ready` (it failed, or was cancelled) while a recording is still shown applies the queue to that recording, in a
 * microtask; with none shown, the queue waits for the next one. Once loaded, a command runs at once.
 * A seek queued right after another seek replaces it (the first would be undone at once), so a flood of seeks
 * before the load takes one place in the queue and cannot push the other commands out.
 * `dispose()` drops the queue and stops listening. Frames are checked by the caller (protocol.ts).
 */
import type { FrameIndex, StrategyId } from '../core/types';
import type { PlayerStore } from './actions';

export const MAX_QUEUED = 64;

export interface QueuedCommands {
  seek(frame: FrameIndex): void;
  play(): void;
  pause(): void;
  setStrategy(id: StrategyId): void;
  /** How many commands wait for the recording. */
  readonly pending: number;
  dispose(): void;
}

export function queueUntilLoaded(store: PlayerStore): QueuedCommands {
  const queue: (() => void)[] = [];
  /** The last queued command, when it is a seek (the next seek takes its place). */
  let lastSeek: (() => void) | null = null;
  const loaded = () => {
    const s = store.getState();
    return s.session !== null && s.status.kind !== 'loading';
  };
  const run = (command: () => void, seek = false) => {
    if (loaded() && queue.length === 0) return command();
    if (seek && lastSeek !== null && queue.at(-1) === lastSeek) queue[queue.length - 1] = command;
    else queue.push(command);
    lastSeek = seek ? command : null;
    if (queue.length > MAX_QUEUED) queue.shift();
  };
  const flush = () => {
    lastSeek = null;
    const commands = queue.splice(0);
    for (const command of commands) command();
  };
  const offReady = store.on('ready', flush);
  // a load that ends without `ready` (failed, cancelled) must not leave the queue, and every later command, waiting
  const offStatus = store.subscribe((s, prev) => {
    if (prev.status.kind === 'loading' && s.status.kind !== 'loading' && queue.length > 0) {
      queueMicrotask(() => {
        if (loaded()) flush();
      });
    }
  });
  const a = store.actions;
  return {
    seek: (frame) => run(() => a.seek(frame), true),
    play: () => run(() => a.play()),
    pause: () => run(() => a.pause()),
    setStrategy: (id) => run(() => a.setStrategy(id)),
    get pending() {
      return queue.length;
    },
    dispose() {
      queue.length = 0;
      lastSeek = null;
      offReady();
      offStatus();
    },
  };
}
