// The lab's URL parameters and the lab's store, through its actions only: a page without lab parameters never
// loads the lab; faults= and seed= apply together (one analysis with both); a lab change is written back.
import { describe, expect, test, vi } from 'vitest';
// loaded up front, so the lab's own import of it (an analysis with faults) does not take longer than settle()
import '../../src/core/faults';
import { createPlayerStore } from '../../src/store/player';
import type { Analyzer } from '../../src/store/state';
import { startLabUrl } from '../../src/ui/lab/labUrlSync';
import { manualScheduler, twoTurnSession } from '../store/fixture';

function fakeWindow(search: string) {
  const location = { search, pathname: '/', hash: '' };
  const win = {
    location,
    history: { state: null, replaceState: (_s: unknown, _t: string, url: string) => (location.search = new URL(url, 'http://x').search) },
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  return win as unknown as Window & { location: typeof location };
}

function setup() {
  const analyze = vi.fn<Analyzer>(async () => ({ ok: true, session: twoTurnSession() }));
  const store = createPlayerStore({ analyze, scheduler: manualScheduler() });
  return { store, analyze };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('the lab in the URL', () => {
  test('no lab parameter: the lab is not loaded and the URL is left as it was', async () => {
    const { store } = setup();
    const win = fakeWindow('?rec=x');
    await store.actions.loadRecording({ input: 'x', name: 'x.sse' });
    startLabUrl(store, win);
    await settle();
    expect(store.lab.loaded).toBe(false);
    expect(win.location.search).toBe('?rec=x');
  });

  test('faults= and seed= apply together to the shown recording, and a lab change is written back', async () => {
    const { store, analyze } = setup();
    await store.actions.loadRecording({ input: 'x', name: 'x.sse' });
    const win = fakeWindow('?faults=cut:1&seed=7');
    startLabUrl(store, win);
    await store.lab.load(); // the lab's chunk (the first import may take longer than a few tasks)
    await settle();
    expect(store.lab.getState()).toMatchObject({ faults: ['cut:1'], seed: 7, applied: { faults: ['cut:1'], seed: 7 } });
    // one analysis for the page, one with the URL's faults and seed (not one per parameter)
    expect(analyze).toHaveBeenCalledTimes(2);
    expect(analyze.mock.calls[1]?.[2]).toMatchObject({ faults: ['cut:1'], seed: 7 });
    store.actions.setLabOpen(true);
    expect(win.location.search).toBe('?faults=cut%3A1&seed=7&lab=1');
  });
});
