// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import { frameIndex } from '../../src/core/types';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createPlayerStore, type PlayerStore } from '../../src/store/player';
import { PlayerProvider } from '../../src/store/react';
import { PlaybackControls } from '../../src/ui/playback/PlaybackControls';
import { Scrubber } from '../../src/ui/scrubber/Scrubber';
import { StrategyToggle } from '../../src/ui/shell/StrategyToggle';
import { Provenance } from '../../src/ui/shell/Provenance';
import { makeSession, manualScheduler, twoTurnSession } from '../store/fixture';

afterEach(cleanup);

async function setup(lang: 'en' | 'zh' = 'en') {
  const base = twoTurnSession();
  const provenance = { kind: 'docs' as const, source: '<img src=x onerror=alert(1)>', url: 'javascript:alert(1)' };
  const session = { ...base, recording: { ...base.recording, header: { ...base.recording.header, provenance } } };
  const store = createPlayerStore({ analyze: async () => ({ ok: true, session }), scheduler: manualScheduler(), lang });
  await store.actions.loadRecording({ input: 'x', name: 'fixture.jsonl' });
  const ui = (store: PlayerStore) => (
    <PlayerProvider store={store}>
      <Provenance />
      <StrategyToggle />
      <Scrubber />
      <PlaybackControls />
    </PlayerProvider>
  );
  render(ui(store));
  return store;
}

describe('shell components', () => {
  test('the Frame slider: 0-based value, words in aria-valuetext, seeks the store', async () => {
    const store = await setup();
    const slider = screen.getByRole('slider', { name: 'Frame' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Frame 0 of 10, 100 ms, message');
    fireEvent.input(slider, { target: { value: '3' } });
    expect(store.getState().frame).toBe(3);
    expect(slider.getAttribute('aria-valuetext')).toBe('Frame 3 of 10, 900 ms, message');
    act(() => store.actions.seek(frameIndex(9)));
    expect((slider as HTMLInputElement).value).toBe('9');
  });

  test('strategy radiogroup: exact labels, the n/a strategy disabled with its reason', async () => {
    const store = await setup();
    const group = screen.getByRole('radiogroup', { name: 'Assembly strategy' });
    const na = screen.getByRole('radio', { name: 'Completed items only' });
    expect(group.contains(na)).toBe(true);
    expect((na as HTMLInputElement).disabled).toBe(true);
    const reason = document.getElementById(na.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toContain('Completed items only does not apply here');
    // told about this recording's own wire (Chat), not about every wire the reason could apply to
    expect(reason?.textContent).toContain('No Chat Completions chunk carries a whole call');
    expect(reason?.textContent).not.toContain('Anthropic');
    // the reason describes the radio; it is not part of the radio's name
    expect(na.closest('label')?.textContent).not.toContain('does not apply');
    fireEvent.click(screen.getByRole('radio', { name: 'One buffer per call' }));
    expect(store.getState().strategy).toBe('per-call-buffer');
  });

  test('playback buttons drive the store; zh labels', async () => {
    const store = await setup('zh');
    fireEvent.click(screen.getByRole('button', { name: '下一轮' }));
    expect(store.getState().frame).toBe(6);
    fireEvent.click(screen.getByRole('button', { name: '上一帧' }));
    expect(store.getState().frame).toBe(5);
    fireEvent.click(screen.getByRole('button', { name: '播放' }));
    expect(store.getState().playback).toBe('playing');
    expect(screen.getByRole('button', { name: '暂停' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: '帧' })).toBeTruthy();
  });

  test('provenance is shown as text, never as HTML, and a non-http link is not made a link', async () => {
    await setup();
    expect(screen.getByText(/Provenance: Constructed from the official docs/)).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  test('the frame and turn count reads in words: "2 turns", but "1 turn"', async () => {
    await setup();
    expect(screen.getByText(/10 frames, 2 turns/)).toBeTruthy();
    cleanup();
    const one = makeSession([
      { turn: 0, time: 100, event: 'message', signals: [{ kind: 'text', text: 'Hi' }] },
      { turn: 0, time: 150, event: 'message', signals: [{ kind: 'finish', reason: 'stop' }] },
    ]);
    const store = createPlayerStore({ analyze: async () => ({ ok: true, session: one }), scheduler: manualScheduler(), lang: 'en' });
    await store.actions.loadRecording({ input: 'x', name: 'one.jsonl' });
    render(
      <PlayerProvider store={store}>
        <Provenance />
      </PlayerProvider>,
    );
    expect(screen.getByText(/2 frames, 1 turn\b/)).toBeTruthy();
    expect(screen.queryByText(/1 turns/)).toBeNull();
  });
});
