// Slices of the player store: each part writes only its own keys (a compile error otherwise, checked by
// `npm run typecheck` through the @ts-expect-error lines below), the slices cover the state exactly once, a batch
// is one update, and what the UI and the page get is read-only.
import { describe, expect, test } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { frameIndex } from '../../src/core/types';
import { createPlayerStore } from '../../src/store/player';
import { createSlices, HOVER_KEYS, LOAD_KEYS, PLAYBACK_KEYS, PREFS_KEYS, type SliceSetter } from '../../src/store/slices';
import type { LoadState, PlayerState } from '../../src/store/state';
import { manualScheduler, twoTurnSession } from './fixture';

const setup = () => createPlayerStore({ analyze: async () => ({ ok: true, session: twoTurnSession() }), scheduler: manualScheduler() });

describe('slice setters', () => {
  test("a slice's setter takes its own keys and refuses another slice's at compile time", () => {
    const writes: object[] = [];
    const setLoad = ((p: object) => writes.push(p)) as SliceSetter<keyof LoadState>;
    setLoad({ status: { kind: 'idle' } });
    // @ts-expect-error frame belongs to the playback slice
    setLoad({ frame: frameIndex(0) });
    // @ts-expect-error one foreign key among own keys is refused too
    setLoad({ warnings: [], lang: 'zh' });
    const foreign = { theme: 'dark' as const };
    // @ts-expect-error a spread of another slice's keys is refused
    setLoad({ ...foreign });
    expect(writes).toHaveLength(4);
  });

  test('the slices partition the state: every key in exactly one slice', () => {
    const keys = [...LOAD_KEYS, ...PLAYBACK_KEYS, ...PREFS_KEYS, ...HOVER_KEYS].sort();
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(Object.keys(setup().getState()).sort());
  });

  test('a batch is one store update, applied at its end', () => {
    const store = createStore<PlayerState>(() => setup().getState() as PlayerState);
    const slices = createSlices(store);
    let updates = 0;
    store.subscribe(() => updates++);
    slices.batch(() => {
      slices.load({ warnings: [{ key: 'x' }] });
      slices.prefs({ lang: 'zh' });
      slices.hover({ hoveredFrames: [frameIndex(1), frameIndex(2)] });
      expect(store.getState().lang).toBe('en');
    });
    expect(updates).toBe(1);
    expect(store.getState()).toMatchObject({ lang: 'zh', hoveredFrames: [1, 2], warnings: [{ key: 'x' }] });
  });
});

describe('the store the UI gets', () => {
  test('has no setState, for the player nor for its lab', () => {
    const store = setup();
    expect('setState' in store).toBe(false);
    expect('setState' in store.lab).toBe(false);
    // @ts-expect-error the player store is read-only
    void store.setState;
    // @ts-expect-error the lab's view is read-only
    void store.lab.setState;
  });

  test('loading a recording installs it in one update (subscribers never see half of it)', async () => {
    const store = setup();
    const seen: { session: boolean; times: number }[] = [];
    store.subscribe((s) => seen.push({ session: s.session !== null, times: s.times.length }));
    await store.actions.loadRecording({ input: 'x', name: 'x.sse' });
    const installed = seen.filter((s) => s.session);
    expect(installed[0]?.times).toBeGreaterThan(0);
  });
});
