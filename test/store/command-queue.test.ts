// Commands a page sends before the recording has loaded wait for it and run in order; none is dropped.
import { describe, expect, test } from 'vitest';
import { frameIndex } from '../../src/core/types';
import { MAX_QUEUED, queueUntilLoaded } from '../../src/store/commandQueue';
import { createPlayerStore } from '../../src/store/player';
import type { Analyzer } from '../../src/store/state';
import { manualScheduler, twoTurnSession } from './fixture';

function setup() {
  let release: () => void = () => {};
  let failNext = false;
  const analyze: Analyzer = async () => {
    await new Promise<void>((r) => (release = r));
    if (failNext) {
      failNext = false;
      throw new Error('worker gone');
    }
    return { ok: true, session: twoTurnSession() };
  };
  const store = createPlayerStore({ analyze, scheduler: manualScheduler() });
  const log: string[] = [];
  store.subscribe((s, prev) => {
    if (s.frame !== prev.frame) log.push(`frame ${s.frame}`);
    if (s.strategy !== prev.strategy) log.push(`strategy ${s.strategy}`);
    if (s.playback !== prev.playback) log.push(`playback ${s.playback}`);
  });
  return { store, queue: queueUntilLoaded(store), log, release: () => release(), failNextLoad: () => (failNext = true) };
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

  test('a later load that fails or is cancelled leaves the player on its recording: what waited runs, and later commands run at once', async () => {
    const { store, queue, release, failNextLoad } = setup();
    const first = store.actions.loadRecording({ input: 'x', name: 'x.sse' });
    await Promise.resolve();
    release();
    await first;
    // a load that fails: the seek sent during it applies to the recording still shown
    failNextLoad();
    const failing = store.actions.loadRecording({ input: 'y', name: 'y.sse' });
    queue.seek(frameIndex(4));
    await Promise.resolve();
    release();
    await failing;
    expect(store.getState().status.kind).toBe('error');
    await Promise.resolve();
    expect(queue.pending).toBe(0);
    expect(store.getState().frame).toBe(4);
    queue.seek(frameIndex(6));
    expect(store.getState().frame).toBe(6);
    // a load the user cancels: likewise
    void store.actions.loadRecording({ input: 'z', name: 'z.sse' });
    queue.seek(frameIndex(1));
    expect(queue.pending).toBe(1);
    store.actions.cancelLoad();
    await Promise.resolve();
    expect(queue.pending).toBe(0);
    expect(store.getState().frame).toBe(1);
  });

  test('a first load that fails keeps the commands for the next recording', async () => {
    const { store, queue, release, failNextLoad } = setup();
    failNextLoad();
    const failing = store.actions.loadRecording({ input: 'x', name: 'x.sse' });
    queue.seek(frameIndex(3));
    await Promise.resolve();
    release();
    await failing;
    await Promise.resolve();
    expect(queue.pending).toBe(1);
    const next = store.actions.loadRecording({ input: 'y', name: 'y.sse' });
    await Promise.resolve();
    release();
    await next;
    expect(store.getState().frame).toBe(3);
  });

  test('a page flooding it before load keeps the last MAX_QUEUED commands; dispose drops them', () => {
    const { queue } = setup();
    for (let i = 0; i < MAX_QUEUED + 10; i++) {
      queue.seek(frameIndex(i));
      queue.pause();
    }
    expect(queue.pending).toBe(MAX_QUEUED);
    queue.dispose();
    expect(queue.pending).toBe(0);
  });

  test('a flood of seeks before load takes one place, the last seek: the commands around it are kept', async () => {
    const { store, queue, log, release } = setup();
    const loading = store.actions.loadRecording({ input: 'x', name: 'x.sse' });
    queue.setStrategy('per-call-buffer');
    for (let i = 0; i < 100_000; i++) queue.seek(frameIndex(i % 7));
    queue.play();
    queue.seek(frameIndex(2));
    expect(queue.pending).toBe(4);
    await Promise.resolve();
    release();
    await loading;
    // 99,999 % 7 = 4: the last of the flood, then play, then the seek sent after play
    expect(log).toEqual(['strategy per-call-buffer', 'frame 4', 'playback playing', 'frame 2']);
  });
});
