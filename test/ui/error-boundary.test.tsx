// @vitest-environment jsdom
// Error boundaries: a panel that throws while rendering is replaced by a notice naming it and the error (in the
// reader's language, with a retry, no stack trace) and the other panels stay; a throw outside the panels leaves a
// notice for the whole player instead of an empty page. Arguments nested 5,000 levels render in the results panel.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { analyzeInput } from '../../src/core/session/session';
import { frameIndex, type Session } from '../../src/core/types';
import { createPlayerStore } from '../../src/store/player';
import { PlayerProvider } from '../../src/store/react';
import { App } from '../../src/ui/App';
import { translator, type Lang } from '../../src/i18n';
import { ResultsPanel } from '../../src/ui/panels/results/ResultsPanel';
import type { PanelProps } from '../../src/ui/panels/types';
import { Panels } from '../../src/ui/shell/Panels';
import { PANEL_IDS } from '../../src/ui/shell/views';
import { manualScheduler, twoTurnSession } from '../store/fixture';
import { chatStream, nestedArrays } from '../robustness/deep-streams';
import { giveElementsASize, renderPanel } from './panels/render';

const failing = vi.hoisted(() => ({ buffers: false, header: false, toggle: false }));
vi.mock('../../src/ui/panels/buffers/BuffersPanel', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/ui/panels/buffers/BuffersPanel')>();
  return {
    BuffersPanel: (props: PanelProps) => {
      if (failing.buffers) throw new RangeError('Maximum call stack size exceeded\n    at render (BuffersPanel.tsx:1:1)');
      return real.BuffersPanel(props);
    },
  };
});
vi.mock('../../src/ui/shell/Header', () => ({
  Header: () => {
    if (failing.header) throw new Error('header broke');
    return null;
  },
}));
vi.mock('../../src/ui/shell/StrategyToggle', () => ({
  StrategyToggle: () => {
    if (failing.toggle) throw new Error('toggle broke');
    return null;
  },
}));

afterEach(() => {
  cleanup();
  failing.buffers = false;
  failing.header = false;
  failing.toggle = false;
});

async function storeWith(session: Session, lang: Lang) {
  const store = createPlayerStore({ analyze: async () => ({ ok: true, session }), scheduler: manualScheduler(), lang });
  await store.actions.loadRecording({ input: 'x', name: 'fixture.jsonl' });
  return store;
}

function panelProps(session: Session, lang: Lang): PanelProps {
  return {
    session,
    strategy: 'per-call-buffer',
    frame: frameIndex(0),
    lang,
    t: translator(lang),
    theme: 'light',
    selectedCall: null,
    hoveredCall: null,
    onSeek: vi.fn(),
    onSelectCall: vi.fn(),
    onHoverCall: vi.fn(),
  };
}

describe('error boundaries', () => {
  test.each([
    ['en', 'Parameter buffers could not be shown; the rest of the player still works.', 'What went wrong: Maximum call stack size exceeded', 'Try again', 'Raw events', 'Parse results'],
    ['zh', '参数缓冲区无法显示；播放器的其余部分仍可使用。', '出错原因：Maximum call stack size exceeded', '重试', '原始事件', '解析结果'],
  ] as const)('%s: a panel that throws leaves a notice, the other panels render', async (lang, title, detail, retry, raw, results) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    giveElementsASize();
    const session = twoTurnSession();
    const store = await storeWith(session, lang);
    failing.buffers = true;
    render(
      <PlayerProvider store={store}>
        <Panels props={panelProps(session, lang)} compare={false} show={PANEL_IDS} />
      </PlayerProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(title);
    expect(alert.textContent).toContain(detail);
    expect(alert.textContent).not.toMatch(/\bat render|BuffersPanel\.tsx/);
    expect(screen.getByRole('region', { name: raw })).toBeTruthy();
    expect(screen.getByRole('region', { name: results })).toBeTruthy();
    // retry renders the panel again: once it no longer throws, it is back
    failing.buffers = false;
    fireEvent.click(screen.getByRole('button', { name: retry }));
    expect(screen.queryByRole('alert')).toBeNull();
    vi.restoreAllMocks();
  });

  test('a throw outside the panels: a notice for the whole player, not an empty page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = await storeWith(twoTurnSession(), 'en');
    failing.toggle = true;
    const { container } = render(
      <PlayerProvider store={store}>
        <App standalone={false} />
      </PlayerProvider>,
    );
    expect(container.textContent).toContain('The player could not be shown.');
    expect(container.textContent).toContain('What went wrong: toggle broke');
    act(() => store.actions.setLang('zh'));
    expect(container.textContent).toContain('播放器无法显示。');
    vi.restoreAllMocks();
  });

  test('a throw in the header (its own chunk): a notice in its place, and the rest of the player works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = await storeWith(twoTurnSession(), 'en');
    failing.header = true;
    const { container } = render(
      <PlayerProvider store={store}>
        <App standalone />
      </PlayerProvider>,
    );
    await vi.waitFor(() => expect(container.textContent).toContain('The header (recordings, files, language, theme) could not be shown; the rest of the player still works.'));
    expect(container.textContent).toContain('What went wrong: header broke');
    expect(container.textContent).not.toContain('The player could not be shown.');
    expect(screen.getByRole('region', { name: 'Raw events' })).toBeTruthy();
    vi.restoreAllMocks();
  });
});

describe('arguments nested 5,000 levels in the results panel', () => {
  test('the ready call is shown, indented to a depth then on one line, with a note', () => {
    const r = analyzeInput(chatStream(nestedArrays(5_000), 2_000), 'deep.sse');
    if (!r.ok) throw new Error(r.error.message);
    const last = r.session.frames.count - 1;
    renderPanel(ResultsPanel, r.session, { frame: last });
    expect(screen.getByText(/Nested deeper than 32 levels/)).toBeTruthy();
    const code = document.querySelector('.ss-calls .ss-code')?.textContent ?? '';
    expect(code.replace(/\s/g, '')).toBe(nestedArrays(5_000));
    expect(code.length).toBeLessThan(20_000);
  });

  test('the live preview of the partial-JSON strategy, mid-stream', async () => {
    const r = analyzeInput(chatStream(nestedArrays(5_000), 2_000), 'deep.sse');
    if (!r.ok) throw new Error(r.error.message);
    renderPanel(ResultsPanel, r.session, { strategy: 'partial-json-preview', frame: 3 });
    // the preview list loads lazily: on a loaded machine that takes longer than findBy's default second
    expect((await screen.findAllByText(/Nested deeper than 32 levels/, {}, { timeout: 15_000 })).length).toBeGreaterThan(0);
  });
});
