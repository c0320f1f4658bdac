import { describe, expect, test, vi } from 'vitest';
import { frameIndex } from '../../src/core/types';
import { MAX_RECORDING_BYTES } from '../../src/store/loader';
import { createPlayerStore } from '../../src/store/player';
import { transition, type PlaybackEvent, type PlaybackState } from '../../src/store/playback';
import type { Analyzer } from '../../src/store/state';
import { manualScheduler, twoTurnSession } from './fixture';

const INDEX = JSON.stringify({
  recordings: [
    { id: 'parallel-probe', file: 'parallel-probe.jsonl', group: 'lesson', title: { zh: '并行', en: 'Parallel' } },
    { id: 'broken', file: 'broken.jsonl', group: 'failure', title: { zh: '坏', en: 'Broken' } },
  ],
});

function setup(analyze?: Analyzer) {
  const scheduler = manualScheduler();
  const session = twoTurnSession();
  const fetchText = vi.fn(async (url: string) => {
    if (url.endsWith('index.json')) return INDEX;
    if (url.endsWith('parallel-probe.jsonl') || url.endsWith('broken.jsonl')) return 'text';
    throw new Error('HTTP 404');
  });
  const analyzer: Analyzer =
    analyze ??
    (async (_input, name) =>
      name === 'broken' ? { ok: false, error: { message: 'not JSON', line: 3, byteOffset: 42 } } : { ok: true, session });
  const store = createPlayerStore({ analyze: analyzer, fetchText, scheduler });
  return { store, scheduler, session, fetchText, a: store.actions };
}

describe('loading', () => {
  test('loads a shipped recording by id, opens on the asked frame, emits ready', async () => {
    const { store, a, session } = setup();
    const ready = vi.fn();
    store.on('ready', ready);
    await a.loadRecording('parallel-probe', { frame: frameIndex(4) });
    expect(store.getState().session).toBe(session);
    expect(store.getState().frame).toBe(4);
    expect(store.getState().status).toEqual({ kind: 'ready' });
    expect(store.getState().recordings.map((r) => r.id)).toEqual(['parallel-probe', 'broken']);
    expect(ready).toHaveBeenCalledOnce();
  });

  test('a frame beyond the end is clamped to the last frame', async () => {
    const { store, a } = setup();
    await a.loadRecording('parallel-probe', { frame: frameIndex(999) });
    expect(store.getState().frame).toBe(9);
  });

  test('an unknown id, a fetch failure and an unreadable file end in an error naming what and where', async () => {
    const { store, a } = setup();
    await a.loadRecording('nope');
    expect(store.getState().status).toEqual({ kind: 'error', notice: { key: 'app.error.unknownRecording', params: { id: 'nope' } } });
    await a.loadRecording('broken');
    expect(store.getState().status).toEqual({
      kind: 'error',
      notice: { key: 'app.error.loadAtLineByte', params: { name: 'broken', message: 'not JSON', line: 3, byte: 42 } },
    });
  });

  test('an analyzer that throws does not throw out of the store', async () => {
    const { store, a } = setup(async () => {
      throw new Error('boom');
    });
    await expect(a.loadRecording({ input: 'x', name: 'mine.sse' })).resolves.toBeUndefined();
    expect(store.getState().status).toMatchObject({ kind: 'error', notice: { key: 'app.error.analyze' } });
    expect(store.getState().files).toEqual(['mine.sse']);
  });

  /** An analyzer that holds the file named 'slow' (at half its progress) until `release()`; `signal()` is its abort signal. */
  function slowAnalyzer() {
    let release: (() => void) | undefined;
    let signal: AbortSignal | undefined;
    const session = twoTurnSession();
    const analyze: Analyzer = async (_i, name, hooks) => {
      if (name === 'slow') {
        signal = hooks.signal;
        hooks.onProgress(0.5);
        await new Promise<void>((r) => (release = r));
      }
      return { ok: true, session };
    };
    return { analyze, held: () => release !== undefined, release: () => release?.(), signal: () => signal };
  }

  test('a stale load never overwrites a newer one; cancel aborts the analysis', async () => {
    const slowly = slowAnalyzer();
    const { store, a } = setup(slowly.analyze);
    const slow = a.loadRecording({ input: 'x', name: 'slow' });
    await Promise.resolve();
    expect(store.getState().status).toEqual({ kind: 'loading', name: 'slow', progress: 0.5 });
    a.cancelLoad();
    expect(slowly.signal()?.aborted).toBe(true);
    expect(store.getState().status).toMatchObject({ kind: 'error', notice: { key: 'app.error.cancelled' } });
    await a.loadRecording({ input: 'y', name: 'fast' });
    slowly.release();
    await slow;
    expect(store.getState().source).toEqual({ kind: 'file', name: 'fast' });
  });

  test('a file refused as too large while another is analysed: the older load is aborted and the refusal stays', async () => {
    const slowly = slowAnalyzer();
    const { store, a } = setup(slowly.analyze);
    const slow = a.loadRecording({ input: 'x', name: 'slow' });
    await vi.waitFor(() => expect(slowly.held()).toBe(true));
    // a view of zero pages: its length is what is measured, nothing is read
    await a.loadRecording({ input: new Uint8Array(new ArrayBuffer(MAX_RECORDING_BYTES + 1)), name: 'huge.sse' });
    expect(slowly.signal()?.aborted).toBe(true);
    slowly.release();
    await slow;
    expect(store.getState().status).toMatchObject({ kind: 'error', notice: { key: 'files.tooLarge' } });
    expect(store.getState().session).toBeNull();
  });
});

describe('navigation', () => {
  test('seek clamps; step moves one frame; frame events fire once per change', async () => {
    const { store, a } = setup();
    await a.loadRecording('parallel-probe');
    const frames: number[] = [];
    store.on('frame', (e) => frames.push(e.index));
    a.seek(frameIndex(3));
    a.step(1);
    a.step(-10);
    a.seek(frameIndex(3.6));
    a.seek(frameIndex(Number.NaN));
    a.seek(frameIndex(0));
    expect(frames).toEqual([3, 4, 0, 4, 0]);
  });

  test('turn steps go to turn starts', async () => {
    const { store, a } = setup();
    await a.loadRecording('parallel-probe', { frame: frameIndex(2) });
    a.stepTurn(1);
    expect(store.getState().frame).toBe(6);
    a.stepTurn(1);
    expect(store.getState().frame).toBe(9);
    a.stepTurn(-1);
    expect(store.getState().frame).toBe(6);
    a.stepTurn(-1);
    expect(store.getState().frame).toBe(0);
  });

  test('markers depend on the strategy; next / previous marker', async () => {
    const { store, a } = setup();
    await a.loadRecording('parallel-probe');
    a.setStrategy('shared-buffer');
    expect([...store.getState().markerFrames]).toEqual([0, 2, 3, 4, 6, 9]);
    a.nextMarker();
    expect(store.getState().frame).toBe(2);
    a.setStrategy('per-call-buffer');
    expect([...store.getState().markerFrames]).toEqual([0, 3, 4, 6, 9]);
    a.nextMarker();
    expect(store.getState().frame).toBe(3);
    a.prevMarker();
    expect(store.getState().frame).toBe(0);
    a.prevMarker();
    expect(store.getState().frame).toBe(0);
  });

  test('digits jump to 0-90 %', async () => {
    const { store, a } = setup();
    await a.loadRecording('parallel-probe');
    a.jumpTo(0.5);
    expect(store.getState().frame).toBe(5);
    a.jumpTo(0.9);
    expect(store.getState().frame).toBe(9);
    a.jumpTo(0);
    expect(store.getState().frame).toBe(0);
  });
});

describe('playback', () => {
  test('the state machine', () => {
    const cases: [PlaybackState, PlaybackEvent, PlaybackState][] = [
      ['paused', 'play', 'playing'],
      ['playing', 'pause', 'paused'],
      ['playing', 'seek', 'playing'],
      ['ended', 'seek', 'paused'],
      ['playing', 'reach-end', 'ended'],
      ['paused', 'reach-end', 'paused'],
      ['playing', 'reach-end-loop', 'playing'],
      ['ended', 'play', 'playing'],
      ['playing', 'load', 'paused'],
      ['ended', 'pause', 'ended'],
    ];
    for (const [from, event, to] of cases) expect(`${from} ${event} -> ${transition(from, event)}`).toBe(`${from} ${event} -> ${to}`);
  });

  test('the clock follows the recorded times, x speed', async () => {
    const { store, a, scheduler } = setup();
    await a.loadRecording('parallel-probe');
    a.play();
    expect(store.getState().playback).toBe('playing');
    scheduler.advance(60); // playhead 60 ms -> frame 1 (50 ms)
    expect(store.getState().frame).toBe(1);
    scheduler.advance(40); // 100 ms -> frame 2
    expect(store.getState().frame).toBe(2);
    a.setSpeed(8); // changeable while playing, playhead kept
    scheduler.advance(100); // +800 ms -> 900 ms -> frame 5 (860)
    expect(store.getState().frame).toBe(5);
    expect(store.getState().speed).toBe(8);
    const ended = vi.fn();
    store.on('ended', ended);
    scheduler.advance(1000);
    expect(store.getState().frame).toBe(9);
    expect(store.getState().playback).toBe('ended');
    expect(ended).toHaveBeenCalledOnce();
    expect(scheduler.pendingCount).toBe(0); // the clock stopped
  });

  test('one clock only: play twice does not start a second loop; pause stops it', async () => {
    const { a, scheduler } = setup();
    await a.loadRecording('parallel-probe');
    a.play();
    a.play();
    expect(scheduler.pendingCount).toBe(1);
    a.pause();
    expect(scheduler.pendingCount).toBe(0);
  });

  test('loop wraps to frame 0 and keeps playing; play at the end restarts', async () => {
    const { store, a, scheduler } = setup();
    await a.loadRecording('parallel-probe', { frame: frameIndex(9) });
    a.setLoop(true);
    a.play();
    expect(store.getState().frame).toBe(0);
    scheduler.advance(5000);
    expect(store.getState().frame).toBe(0);
    expect(store.getState().playback).toBe('playing');
    scheduler.advance(120);
    expect(store.getState().frame).toBe(2);
  });

  test('seek while playing re-anchors; time mode even spaces frames', async () => {
    const { store, a, scheduler } = setup();
    await a.loadRecording('parallel-probe');
    a.setTimeMode('even');
    a.play();
    a.seek(frameIndex(6));
    scheduler.advance(41);
    expect(store.getState().frame).toBe(7);
    store.dispose();
    expect(scheduler.pendingCount).toBe(0);
    expect(store.getState().playback).toBe('paused');
  });

  test('two stores share nothing', async () => {
    const one = setup();
    const two = setup();
    await one.a.loadRecording('parallel-probe');
    await two.a.loadRecording('parallel-probe');
    one.a.seek(frameIndex(5));
    one.a.setLang('zh');
    expect(two.store.getState().frame).toBe(0);
    expect(two.store.getState().lang).toBe('en');
  });
});
