// When the lab's lazily loaded chunk cannot be loaded, the user is told in words (what failed, and that the next
// click retries), once per failed attempt and never with a stack; nothing changes, and the next call loads it.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { en as teachingEn } from '../../src/i18n/messages/teaching';
import { zh as teachingZh } from '../../src/i18n/messages/zh/teaching';
import { errorLine, LAB_LOAD_FAILED } from '../../src/store/labHandle';
import { LAB_DEFAULTS } from '../../src/store/labState';
import { createPlayerStore } from '../../src/store/player';
import type { Analyzer, PlayerOptions } from '../../src/store/state';
import { manualScheduler, twoTurnSession } from './fixture';

const CHUNK_ERROR = new TypeError('Failed to fetch dynamically imported module: https://x.example/assets/labStore-abc123.js');
CHUNK_ERROR.stack = `${CHUNK_ERROR.message}\n    at importLab (https://x.example/assets/index.js:1:2)`;

function setup(importLab: NonNullable<PlayerOptions['importLab']>, options: Partial<PlayerOptions> = {}) {
  const analyze = vi.fn<Analyzer>(async () => ({ ok: true, session: twoTurnSession() }));
  const store = createPlayerStore({ analyze, scheduler: manualScheduler(), importLab, ...options });
  return { store, a: store.actions };
}

const realLab = () => import('../../src/store/labStore');

afterEach(() => vi.restoreAllMocks());

describe('a lab that cannot be loaded', () => {
  test('says so once per attempt, in words, changes nothing, and the next click loads it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const importLab = vi.fn<NonNullable<PlayerOptions['importLab']>>().mockRejectedValueOnce(CHUNK_ERROR).mockImplementation(realLab);
    const { store, a } = setup(importLab);
    await a.loadRecording({ input: 'x', name: 'x.sse' });

    a.setLabOpen(true);
    a.setPresenter(true);
    await a.setFaults(['cut:1']); // three calls wait for the same attempt: it resolves, never throws
    expect(importLab).toHaveBeenCalledTimes(1);
    expect(store.getState().warnings).toEqual([{ key: LAB_LOAD_FAILED, params: { message: CHUNK_ERROR.message } }]);
    expect(JSON.stringify(store.getState().warnings)).not.toContain(' at ');
    expect(store.lab.loaded).toBe(false);
    expect(store.lab.getState()).toBe(LAB_DEFAULTS);
    expect(logged).toHaveBeenCalled(); // the details are for the console

    // the next click retries, and works
    a.setLabOpen(true);
    await store.lab.load();
    expect(importLab).toHaveBeenCalledTimes(2);
    expect(store.lab.loaded).toBe(true);
    expect(store.lab.getState().labOpen).toBe(true);
    expect(store.getState().warnings).toHaveLength(1);
  });

  test('lab settings from the URL that cannot be loaded are named too; playing goes on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store, a } = setup(() => Promise.reject(new Error('offline')), { faults: ['cut:1'] });
    await a.loadRecording({ input: 'x', name: 'x.sse' });
    expect(store.getState().status.kind).toBe('ready');
    expect(store.getState().warnings).toEqual([{ key: LAB_LOAD_FAILED, params: { message: 'offline' } }]);
  });

  test('the notice is worded in both languages, with the error and the retry', () => {
    for (const lang of ['en', 'zh'] as const) {
      const text = (lang === 'en' ? teachingEn : teachingZh)[LAB_LOAD_FAILED];
      expect(text, lang).toContain('{message}');
    }
    expect(teachingEn[LAB_LOAD_FAILED]).toMatch(/instructor lab.*could not be loaded.*retry/i);
    expect(teachingZh[LAB_LOAD_FAILED]).toMatch(/教师实验台/);
  });

  test("what the user reads of an error: its message's first line, at most 200 characters", () => {
    expect(errorLine(CHUNK_ERROR)).toBe(CHUNK_ERROR.message);
    expect(errorLine(new Error('first\nsecond'))).toBe('first');
    expect(errorLine(new TypeError(''))).toBe('TypeError');
    expect(errorLine('boom')).toBe('boom');
    expect(errorLine(new Error('x'.repeat(500)))).toHaveLength(200);
  });
});
