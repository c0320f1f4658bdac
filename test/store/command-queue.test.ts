// Commands a page sends before the recording has loaded wait for it and run in order; none is dropped.
import { describe, expect, test } from 'vitest';
import { frameIndex } from '../../src/core/types';
import { MAX_QUEUED, queueUntilLoaded } from '../../src/store/commandQueue';
import { createPlayerStore } from '../../src/store/player';
import type { Analyzer } from '../../src/store/state';
import { manualScheduler, twoTurnSession } from './fixture';

function setup() {
  let release: () => void = () => {};
  const analyze: Analyzer = async () => {
    await new Promise<void>((r) => (release = r));
    return { ok: true, session: twoTurnSession() };
  };
  const store = createPlayerStore({ analyze, scheduler: manualScheduler() });
  const log: string[] = [];
  store.subscribe((s, prev) => {
    if (s.frame !== prev.frame) log.push(`frame ${s.frame}`);
    if (s.strategy !== prev.strategy) log.push(`strategy ${s.strategy}`);
    if (s.playback !== prev.playback) log.push(`playback ${s.playback}`);
  });
  return { store, queue: queueUntilLoaded(store), log, release: () => release() };
}

describe('the command queue', () => {
  test('seek, setStrategy and play sent before load are applied in order once it has loaded', async () => {
    const { store, queue, log, release } = setup();
    const loading = store.actions.loadRecording({ input: 'x', name: 'x.sse' });
    queue.seek(frameIndex(3));
    queue.setStrategy('per-call-buffer');
    queue.seek(frameIndex(5));
    queue.play();
    expect(queue.pending).toBe(4);
    expect(store.getState()).toMatchObject({ frame: 0, strategy: 'shared-buffer', playback: 'paused' });
    await Promise.resolve();
    release();
    await loading;
    expect(queue.pending).toBe(0);
    expect(log).toEqual(['frame 3', 'strategy per-call-buffer', 'frame 5', 'playback playing']);
    expect(store.getState()).toMatchObject({ frame: 5, strategy: 'per-call-buffer', playback: 'playing' });
  });

  test('once loaded, a command runs at once; during a later load it waits for that load', async () => {
    const { store, queue, release } = setup();
    const first = store.actions.loadRecording({ input: 'x', name: 'x.sse' });
    await Promise.resolve();
    release();
    await first;
    queue.seek(frameIndex(2));
    expect(store.getState().frame).toBe(2);
    const second = store.actions.loadRecording({ input: 'y', name: 'y.sse' }, { frame: frameIndex(1) });
    queue.seek(frameIndex(7));
    expect(store.getState().frame).toBe(2);
    await Promise.resolve();
    release();
    await second;
    expect(store.getState().frame).toBe(7);
  });

  test('a page flooding it before load keeps the last MAX_QUEUED commands; dispose drops them', () => {
    const { queue } = setup();
    for (let i = 0; i < MAX_QUEUED + 10; i++) queue.seek(frameIndex(i));
    expect(queue.pending).toBe(MAX_QUEUED);
    queue.dispose();
    expect(queue.pending).toBe(0);
  });
});
