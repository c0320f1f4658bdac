// @vitest-environment jsdom
// While the first recording loads, the recording picker names it (the status line above the stage does too), not a
// blank "—"; a file being opened first, or an id the index does not list, leaves it blank until it is shown.
import { afterEach, expect, test } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createPlayerStore } from '../../src/store/player';
import { PlayerProvider } from '../../src/store/react';
import type { TextFetch } from '../../src/store/loader';
import { RecordingPicker } from '../../src/ui/shell/RecordingPicker';
import { manualScheduler, twoTurnSession } from '../store/fixture';

afterEach(cleanup);

const INDEX = JSON.stringify({
  recordings: [
    { id: 'agent-run', file: 'agent-run.jsonl', group: 'lesson', title: { en: 'Agent run', zh: '智能体运行' } },
    { id: 'probe', file: 'probe.jsonl', group: 'failure', title: { en: 'Probe', zh: '探针' } },
  ],
});

function setup() {
  let arrive: (body: string) => void = () => {};
  const fetchText: TextFetch = async (url) => (url.endsWith('index.json') ? INDEX : new Promise<string>((r) => (arrive = r)));
  const store = createPlayerStore({ analyze: async () => ({ ok: true, session: twoTurnSession() }), fetchText, scheduler: manualScheduler(), lang: 'en' });
  render(
    <PlayerProvider store={store}>
      <RecordingPicker />
    </PlayerProvider>,
  );
  return { store, arrive: (body: string) => arrive(body) };
}

const picker = () => screen.getByRole('combobox', { name: 'Recording' }) as HTMLSelectElement;

test('the shipped recording on its way is the one selected, before and after it is shown', async () => {
  const { store, arrive } = setup();
  const loaded = store.actions.loadRecording('agent-run');
  await expect.poll(() => store.getState().recordings.length).toBe(2);
  await expect.poll(() => picker().value).toBe('agent-run');
  expect(picker().selectedOptions[0]?.textContent).toBe('Agent run');
  expect([...picker().options].map((o) => o.textContent)).not.toContain('—');
  arrive('{"streamscope":1}\n');
  await loaded;
  expect(store.getState().source).toEqual({ kind: 'shipped', id: 'agent-run' });
  expect(picker().value).toBe('agent-run');
});

test('a file opened first is not in the list until it is shown: the picker stays blank meanwhile', async () => {
  const { store } = setup();
  await store.actions.loadIndex();
  void store.actions.loadRecording({ input: '{"streamscope":1}\n', name: 'probe' });
  // a file named like a shipped id is still a file: the status names it, the picker does not pick the shipped one
  expect(store.getState().status).toMatchObject({ kind: 'loading', name: 'probe' });
  expect(picker().value).toBe('');
});
