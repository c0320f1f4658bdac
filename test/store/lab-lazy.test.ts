// The lab's store is created on the lab's first use: ordinary playing never loads it, and once loaded it wraps the
// player (its faults apply to the analysis, its state reaches subscribers).
import { describe, expect, test, vi } from 'vitest';
import { frameIndex } from '../../src/core/types';
import { LAB_DEFAULTS } from '../../src/store/labState';
import { createPlayerStore } from '../../src/store/player';
import type { Analyzer } from '../../src/store/state';
import { manualScheduler, twoTurnSession } from './fixture';

function setup(options: { faults?: string[] } = {}) {
  const analyze = vi.fn<Analyzer>(async () => ({ ok: true, session: twoTurnSession() }));
  const store = createPlayerStore({ analyze, scheduler: manualScheduler(), ...options });
  return { store, a: store.actions, analyze };
}

describe('the lazily loaded lab', () => {
  test('playing, seeking and lab actions that change nothing do not load it', async () => {
    const { store, a } = setup();
    await a.loadRecording({ input: 'x', name: 'x.sse' });
    a.seek(frameIndex(3));
    a.setLabOpen(false);
    a.setMatrixOpen(false);
    a.setPresenter(false);
    a.closeTour();
    a.tourChoose(0);
    a.tourReveal();
    await a.tourStep(2);
    await a.setFaults([]);
    await a.setSeed(1);
    expect(store.lab.loaded).toBe(false);
    expect(store.lab.getState()).toBe(LAB_DEFAULTS);
  });

  test('a lab action loads it, runs once loaded, and subscribers hear the change', async () => {
    const { store, a } = setup();
    const heard = vi.fn();
    store.lab.subscribe(heard);
    a.setLabOpen(true);
    a.setPresenter(true);
    await store.lab.load();
    expect(store.lab.loaded).toBe(true);
    expect(store.lab.getState()).toMatchObject({ labOpen: true, presenter: true });
    expect(heard).toHaveBeenCalled();
    a.setLabOpen(false);
    expect(store.lab.getState().labOpen).toBe(false);
  });

  test('faults given at creation apply to the first analysis; faults set later re-analyse the kept input', async () => {
    const { a, analyze, store } = setup({ faults: ['cut:1'] });
    await a.loadRecording({ input: 'first', name: 'x.sse' });
    expect(analyze.mock.calls[0]?.[2].faults).toEqual(['cut:1']);

    const later = setup();
    await later.a.loadRecording({ input: 'kept', name: 'y.sse' });
    expect(later.analyze.mock.calls[0]?.[2].faults ?? []).toEqual([]);
    await later.a.setFaults(['cut:1']);
    expect(later.analyze).toHaveBeenCalledTimes(2);
    expect(later.analyze.mock.calls[1]?.[0]).toBe('kept');
    expect(later.analyze.mock.calls[1]?.[2].faults).toEqual(['cut:1']);
    expect(later.store.lab.getState().applied.faults).toEqual(['cut:1']);
    expect(store.lab.getState().applied.faults).toEqual(['cut:1']);
  });
});
