// @vitest-environment jsdom
// The strategy matrix fetches the shipped recordings from its player's recordings folder (a course page may serve
// them from elsewhere with `recordingsBase`), not from a fixed './recordings/'.
import { readFileSync } from 'node:fs';
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { analyzeText } from '../../src/core/session/analyze';
import { createPlayerStore } from '../../src/store/player';
import { PlayerProvider } from '../../src/store/react';
import type { Analyzer } from '../../src/store/state';
import { Matrix } from '../../src/ui/matrix/Matrix';
import { manualScheduler } from '../store/fixture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BASE = '/course/streams/';
const analyze: Analyzer = async (input, name) => analyzeText(input, name);

test('matrix rows are fetched from the recordings base the player was given', async () => {
  const fetchText = async (url: string) => readFileSync(`public/recordings/${url.slice(BASE.length)}`, 'utf8');
  const store = createPlayerStore({ analyze, fetchText, scheduler: manualScheduler(), lang: 'en', recordingsBase: BASE });
  expect(store.recordingsBase).toBe(BASE);
  await store.actions.loadRecording('parallel-probe');
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(String(url));
    return new Response(readFileSync(`public/recordings/${String(url).slice(BASE.length)}`, 'utf8'));
  });
  render(
    <PlayerProvider store={store}>
      <Matrix />
    </PlayerProvider>,
  );
  await waitFor(() => expect(asked.length).toBeGreaterThan(0), { timeout: 10_000 });
  expect(asked.every((u) => u.startsWith(BASE))).toBe(true);
  expect(asked).toContain(`${BASE}${store.getState().recordings[0]?.file}`);
});
