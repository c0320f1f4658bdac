// @vitest-environment jsdom
// The stage without a recording: while one is on its way the status line names it and the stage claims nothing
// ("no recording is open" would be false, and it was the largest text of a phone's first paint); with none asked
// for, or after a failure, the stage says so.
import { afterEach, expect, test } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createPlayerStore } from '../../src/store/player';
import { PlayerProvider } from '../../src/store/react';
import { Views } from '../../src/ui/shell/Stage';
import { LoadStatus } from '../../src/ui/shell/LoadStatus';
import { manualScheduler } from '../store/fixture';

afterEach(cleanup);

function stage(analyze: Parameters<typeof createPlayerStore>[0]['analyze']) {
  const store = createPlayerStore({ analyze, scheduler: manualScheduler(), lang: 'en' });
  const view = render(
    <PlayerProvider store={store}>
      <LoadStatus />
      <Views slots={{}} show={['raw', 'buffers', 'results']} narrow={false} wide={false} picker={false} />
    </PlayerProvider>,
  );
  return { store, view };
}

test('while a recording loads, the stage names it and does not say that none is open', async () => {
  const { store, view } = stage(() => new Promise(() => undefined));
  act(() => void store.actions.loadRecording({ input: 'x', name: 'probe.jsonl' }));
  await act(async () => undefined);
  expect(store.getState().status.kind).toBe('loading');
  expect(view.container.textContent).toContain('probe.jsonl');
  expect(view.container.textContent).not.toContain('No recording is open.');
  expect(view.container.querySelector('.ss-empty')).toBeNull();
});

test('with nothing asked for, or after a failure, the stage says that no recording is open', async () => {
  const idle = stage(() => new Promise(() => undefined));
  expect(idle.view.container.querySelector('.ss-empty')?.textContent).toBe('No recording is open.');
  cleanup();
  const failed = stage(async () => ({ ok: false, error: { code: 'empty', message: 'empty', params: {} } }) as never);
  await act(async () => void (await failed.store.actions.loadRecording({ input: 'x', name: 'probe.jsonl' })));
  expect(failed.store.getState().status.kind).toBe('error');
  expect(failed.view.container.querySelector('.ss-empty')?.textContent).toBe('No recording is open.');
});
