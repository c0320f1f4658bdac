// @vitest-environment jsdom
// The provenance facts line isolates what the file chose, as the title is: the model and the server each in <bdi>,
// so a right-to-left override in one cannot reorder the wire, the frame count or the other fact around it.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createPlayerStore } from '../../src/store/player';
import { PlayerProvider } from '../../src/store/react';
import { Provenance } from '../../src/ui/shell/Provenance';
import { manualScheduler, twoTurnSession } from '../store/fixture';

afterEach(cleanup);

describe('the provenance facts line', () => {
  test('the model and the server are each in a <bdi>; the wire and the counts are not', async () => {
    const errors = vi.spyOn(console, 'error');
    const base = twoTurnSession();
    const model = 'gpt\u202e-lave';
    const server = '\u2067evil.example\u2069:8080';
    const session = { ...base, recording: { ...base.recording, header: { ...base.recording.header, model, server } } };
    const store = createPlayerStore({ analyze: async () => ({ ok: true, session }), scheduler: manualScheduler(), lang: 'en' });
    await store.actions.loadRecording({ input: 'x', name: 'fixture.jsonl' });
    render(
      <PlayerProvider store={store}>
        <Provenance />
      </PlayerProvider>,
    );
    const facts = screen.getByRole('region', { name: 'Provenance' }).querySelector('.ss-facts');
    expect([...(facts?.querySelectorAll('bdi') ?? [])].map((b) => b.textContent)).toEqual([model, server]);
    expect(facts?.textContent).toMatch(new RegExp(`^[^\\u202e\\u2067]+ · ${model} · ${server} · \\d+ frames`));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
