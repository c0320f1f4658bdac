import { afterEach, describe, expect, test, vi } from 'vitest';
import { frameIndex } from '../../src/core/types';
import { createPlayerStore } from '../../src/store/player';
import { syncUrl } from '../../src/ui/shell/urlSync';
import { twoTurnSession } from '../store/fixture';

const INDEX = JSON.stringify({
  recordings: [
    { id: 'parallel-probe', file: 'a.jsonl', group: 'lesson', title: 'A' },
    { id: 'agent-run', file: 'b.jsonl', group: 'lesson', title: 'B' },
  ],
});

function fakeWindow(search: string) {
  const listeners = new Map<string, () => void>();
  const entries = [search];
  let index = 0;
  const win = {
    location: { pathname: '/app/', hash: '', search },
    history: {
      pushState: vi.fn((_s: unknown, _t: string, url: string) => {
        entries.splice(index + 1, Infinity, url.slice('/app/'.length));
        index++;
        win.location.search = entries[index]!;
      }),
      replaceState: vi.fn((_s: unknown, _t: string, url: string) => {
        entries[index] = url.slice('/app/'.length);
        win.location.search = entries[index]!;
      }),
    },
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
    back() {
      index--;
      win.location.search = entries[index]!;
      listeners.get('popstate')?.();
    },
  };
  return win;
}

describe('URL sync', () => {
  afterEach(() => vi.useRealTimers());

  test('first load fills the URL in place; strategy pushes; frames replace, throttled; Back applies the URL', async () => {
    vi.useFakeTimers();
    const session = twoTurnSession();
    const store = createPlayerStore({
      analyze: async () => ({ ok: true, session }),
      fetchText: async (url) => (url.endsWith('index.json') ? INDEX : 'x'),
      lang: 'en',
    });
    const win = fakeWindow('?rec=parallel-probe&utm=keep');
    const stop = syncUrl(store, win as unknown as Window);
    await store.actions.loadRecording('parallel-probe', { frame: frameIndex(2) });
    expect(win.history.pushState).not.toHaveBeenCalled();
    expect(win.location.search).toBe('?rec=parallel-probe&utm=keep&s=shared-buffer&f=2&lang=en&theme=system');

    for (let f = 3; f <= 8; f++) store.actions.seek(frameIndex(f));
    expect(win.history.replaceState).toHaveBeenCalledTimes(1); // the first fill only; frames wait for the throttle
    vi.advanceTimersByTime(400);
    expect(win.history.replaceState).toHaveBeenCalledTimes(2);
    expect(new URLSearchParams(win.location.search).get('f')).toBe('8');
    expect(win.history.pushState).not.toHaveBeenCalled();

    store.actions.setStrategy('per-call-buffer');
    expect(win.history.pushState).toHaveBeenCalledTimes(1);
    expect(new URLSearchParams(win.location.search).get('s')).toBe('per-call-buffer');

    win.back();
    expect(store.getState().strategy).toBe('shared-buffer');
    expect(store.getState().frame).toBe(8);
    stop();
  });

  test('started once a recording is shown (the app starts it after its first paint), it fills the URL in place', async () => {
    const session = twoTurnSession();
    const store = createPlayerStore({ analyze: async () => ({ ok: true, session }), fetchText: async (url) => (url.endsWith('index.json') ? INDEX : 'x'), lang: 'en' });
    await store.actions.loadRecording('parallel-probe', { frame: frameIndex(2) });
    const win = fakeWindow('?rec=parallel-probe');
    const stop = syncUrl(store, win as unknown as Window);
    expect(win.history.pushState).not.toHaveBeenCalled();
    expect(win.history.replaceState).toHaveBeenCalledTimes(1);
    expect(win.location.search).toBe('?rec=parallel-probe&s=shared-buffer&f=2&lang=en&theme=system');
    store.actions.setStrategy('per-call-buffer');
    expect(win.history.pushState).toHaveBeenCalledTimes(1);
    stop();
  });

  test('a back or forward before it started: the address the reader moved to is applied, not overwritten', async () => {
    const session = twoTurnSession();
    const store = createPlayerStore({ analyze: async () => ({ ok: true, session }), fetchText: async (url) => (url.endsWith('index.json') ? INDEX : 'x'), lang: 'en' });
    await store.actions.loadRecording('parallel-probe', { frame: frameIndex(2) });
    // the reader (or a page script) moved to another view before the sync's code had loaded
    const win = fakeWindow('?rec=parallel-probe&s=per-call-buffer&f=5');
    const stop = syncUrl(store, win as unknown as Window, true);
    expect(win.history.replaceState).not.toHaveBeenCalled();
    expect(win.location.search).toBe('?rec=parallel-probe&s=per-call-buffer&f=5');
    expect(store.getState().strategy).toBe('per-call-buffer');
    await vi.waitFor(() => expect(store.getState().frame).toBe(5));
    stop();
  });

  test('a local file leaves rec out of the URL', async () => {
    const session = twoTurnSession();
    const store = createPlayerStore({ analyze: async () => ({ ok: true, session }), fetchText: async () => INDEX, lang: 'zh' });
    const win = fakeWindow('?rec=agent-run');
    syncUrl(store, win as unknown as Window);
    await store.actions.loadRecording({ input: 'x', name: 'mine.sse' });
    expect(new URLSearchParams(win.location.search).get('rec')).toBeNull();
    expect(new URLSearchParams(win.location.search).get('lang')).toBe('zh');
  });
});
