// @vitest-environment jsdom
// The panels as tabs (a narrow player): a hidden tab's panel does not follow steps or a strategy switch (its render
// would be work nobody sees), shows the current frame and strategy as soon as its tab is chosen, catches up on its
// own after a switch, and follows at once a language.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { frameIndex, type Session, type StrategyId } from '../../src/core/types';
import { CATCH_UP_QUIET_MS } from '../../src/ui/shell/TabPane';
import { translator, type Lang } from '../../src/i18n';
import { createPlayerStore } from '../../src/store/player';
import { PlayerProvider } from '../../src/store/react';
import type { PanelProps } from '../../src/ui/panels/types';
import { Panels } from '../../src/ui/shell/Panels';
import { PANEL_IDS } from '../../src/ui/shell/views';
import { manualScheduler, twoTurnSession } from '../store/fixture';
import { giveElementsASize } from './panels/render';

afterEach(cleanup);

const handlers = { onSeek: vi.fn(), onSelectCall: vi.fn(), onHoverCall: vi.fn() };

function props(session: Session, frame: number, lang: Lang = 'en', strategy: StrategyId = 'per-call-buffer'): PanelProps {
  // new handlers every render, as a shell that does not memoize them would give
  return { session, strategy, frame: frameIndex(frame), lang, t: translator(lang), theme: 'light', selectedCall: null, hoveredCall: null, ...{ onSeek: (f) => handlers.onSeek(f), onSelectCall: (c) => handlers.onSelectCall(c), onHoverCall: (c) => handlers.onHoverCall(c) } };
}

const afterPaint = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(() => setTimeout(r, 0), 0))));
const text = (name: string) => screen.getByRole('region', { name, hidden: true }).textContent ?? '';

/** The two-turn fixture loaded in a store, and the panels as tabs around given props. */
async function tabbed() {
  giveElementsASize();
  const session = twoTurnSession();
  const store = createPlayerStore({ analyze: async () => ({ ok: true, session }), scheduler: manualScheduler(), lang: 'en' });
  await store.actions.loadRecording({ input: 'x', name: 'fixture.jsonl' });
  const view = (p: PanelProps) => (
    <PlayerProvider store={store}>
      <Panels props={p} compare={false} show={PANEL_IDS} tabs />
    </PlayerProvider>
  );
  return { session, last: session.frames.count - 1, view };
}

describe('panels as tabs', () => {
  test('a hidden tab does not follow steps, catches up when chosen, and follows a new language at once', async () => {
    const { session, last, view } = await tabbed();
    const { rerender } = render(view(props(session, 0)));
    await afterPaint();
    const atStart = text('Parameter buffers');
    // what the buffers panel shows at the last frame, rendered for comparison in a tab of its own
    const { unmount } = render(view(props(session, last)));
    await afterPaint();
    fireEvent.click(screen.getAllByRole('tab', { name: 'Parameter buffers' })[1] as HTMLElement);
    const atLast = screen.getAllByRole('region', { name: 'Parameter buffers', hidden: true })[1]?.textContent ?? '';
    unmount();
    expect(atLast).not.toBe(atStart);

    // stepping while the buffers tab is hidden: it keeps what it showed
    for (let f = 1; f <= last; f++) rerender(view(props(session, f)));
    expect(text('Parameter buffers')).toBe(atStart);
    // chosen: the current frame at once
    fireEvent.click(screen.getByRole('tab', { name: 'Parameter buffers' }));
    expect(text('Parameter buffers')).toBe(atLast);

    // the raw tab, now hidden, follows a new language without being chosen
    const rawBefore = text('Raw events');
    rerender(view(props(session, last, 'zh')));
    expect(screen.getByRole('region', { name: '原始事件', hidden: true }).textContent).not.toBe(rawBefore);
  });

  test('a hidden tab holds its strategy through a switch; it catches up on its own after it, or when chosen', async () => {
    const { session, last, view } = await tabbed();
    const { rerender } = render(view(props(session, last)));
    await afterPaint();
    const perCall = text('Parameter buffers');
    expect(perCall).toContain('One buffer per call');

    rerender(view(props(session, last, 'en', 'shared-buffer')));
    expect(text('Parameter buffers')).toBe(perCall);
    // the next idle moment (a zero-delay timer where there is no requestIdleCallback): it catches up
    await act(() => new Promise<void>((r) => setTimeout(r, 50)));
    expect(text('Parameter buffers')).toContain('One shared buffer');
    // steps wait for the player to be quiet
    rerender(view(props(session, 0, 'en', 'shared-buffer')));
    const atLast = text('Parameter buffers');
    await act(() => new Promise<void>((r) => setTimeout(r, 50)));
    expect(text('Parameter buffers')).toBe(atLast);
    await act(() => new Promise<void>((r) => setTimeout(r, CATCH_UP_QUIET_MS + 200)));
    expect(text('Parameter buffers')).not.toBe(atLast);
    rerender(view(props(session, last, 'en', 'shared-buffer')));
    await act(() => new Promise<void>((r) => setTimeout(r, CATCH_UP_QUIET_MS + 200)));

    // switched back, then chosen at once: the strategy in force, in the render that shows it
    rerender(view(props(session, last, 'en', 'per-call-buffer')));
    expect(text('Parameter buffers')).toContain('One shared buffer');
    fireEvent.click(screen.getByRole('tab', { name: 'Parameter buffers' }));
    expect(text('Parameter buffers')).toBe(perCall);
  });
});
