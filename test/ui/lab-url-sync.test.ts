// The lab's URL parameters and the lab's store, through its actions only: a page without lab parameters never
// loads the lab; faults= and seed= apply together (one analysis with both); a lab change is written back.
import { describe, expect, test, vi } from 'vitest';
// loaded up front, so the lab's own import of it (an analysis with faults) does not take longer than settle()
import '../../src/core/faults';
import { createPlayerStore } from '../../src/store/player';
import type { Analyzer } from '../../src/store/state';
import { LAB_PARAMS } from '../../src/store/labUrl';
import { LAB_PARAM_NAMES, startLabUrlLater } from '../../src/ui/lab/labUrlStart';
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

  test('started later: the sync names every lab parameter, and its code waits for the first lab change when the address holds none', async () => {
    expect([...LAB_PARAM_NAMES].sort()).toEqual(Object.values(LAB_PARAMS).map((p) => p.name).sort());
    const { store } = setup();
    await store.actions.loadRecording({ input: 'x', name: 'x.sse' });
    const win = fakeWindow('?rec=x');
    const stop = startLabUrlLater(store, win);
    await settle();
    expect(store.lab.loaded).toBe(false);
    expect(win.location.search).toBe('?rec=x');
    // the first lab change loads the lab, then the sync, which writes the state it finds
    store.actions.setLabOpen(true);
    await store.lab.load();
    await vi.waitFor(() => expect(win.location.search).toBe('?rec=x&lab=1'), { timeout: 10_000 });
    store.actions.setPresenter(true);
    expect(win.location.search).toBe('?rec=x&lab=1&presenter=1');
    stop();
    store.actions.setLabOpen(false);
    expect(win.location.search).toBe('?rec=x&lab=1&presenter=1');
  });

  test('started later on an address with lab parameters: they are applied at once', async () => {
    const { store } = setup();
    await store.actions.loadRecording({ input: 'x', name: 'x.sse' });
    const win = fakeWindow('?presenter=1&lab=1');
    startLabUrlLater(store, win);
    await vi.waitFor(() => expect(store.lab.getState()).toMatchObject({ presenter: true, labOpen: true }), { timeout: 10_000 });
  });
});
