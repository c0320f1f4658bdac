// @vitest-environment jsdom
// The waterfall slot loads its code only when it comes near the viewport and stops following the player while it
// is out of view. IntersectionObserver is replaced by a hand-driven one; Waterfall itself by a stub showing its frame.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { frameIndex } from '../../../src/core/types';
import { translator } from '../../../src/i18n';
import type { PanelProps } from '../../../src/ui/panels/types';
import { anthropicEvents, buildSession } from './fixture';

vi.mock('../../../src/ui/waterfall/Waterfall', () => ({
  Waterfall: (p: PanelProps) => <section aria-label="stub waterfall">frame {p.frame}</section>,
}));
const { IDLE_WAIT_MS, LazyWaterfall } = await import('../../../src/ui/waterfall/LazyWaterfall');
/** The lazy import can take over findBy's default 1 s on a busy machine; a pass returns as soon as the text is there. */
const SLOW = { timeout: 10_000 };

type Callback = (entries: { isIntersecting: boolean }[]) => void;
const observers: { margin: string | undefined; callback: Callback }[] = [];
class FakeObserver {
  constructor(callback: Callback, options?: { rootMargin?: string }) {
    observers.push({ margin: options?.rootMargin, callback });
  }
  observe() {}
  disconnect() {}
}

const session = buildSession(anthropicEvents());
const props = (frame: number): PanelProps => ({
  session,
  strategy: 'per-call-buffer',
  frame: frameIndex(frame),
  lang: 'en',
  t: translator('en'),
  theme: 'light',
  selectedCall: null,
  hoveredCall: null,
  onSeek: () => {},
  onSelectCall: () => {},
  onHoverCall: () => {},
});

afterEach(() => {
  cleanup();
  observers.length = 0;
  vi.unstubAllGlobals();
});

const fire = (which: 'near' | 'visible', isIntersecting: boolean) =>
  act(() => {
    for (const o of observers) if ((o.margin !== undefined) === (which === 'near')) o.callback([{ isIntersecting }]);
  });

describe('LazyWaterfall', () => {
  it('without IntersectionObserver it loads at once', async () => {
    render(<LazyWaterfall {...props(2)} />);
    expect(await screen.findByText('frame 2', {}, SLOW)).toBeTruthy();
  });

  it('holds its place until it comes near, then follows the player only while visible', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { rerender, container } = render(<LazyWaterfall {...props(1)} />);
    expect(container.querySelector('.wf-placeholder')).not.toBeNull();
    expect(screen.queryByText(/^frame/)).toBeNull();
    fire('visible', false);
    fire('near', true);
    // loaded, but not visible: it shows the props it had when it left (or was first seen out of) view
    expect(await screen.findByText('frame 1', {}, SLOW)).toBeTruthy();
    rerender(<LazyWaterfall {...props(5)} />);
    expect(screen.getByText('frame 1')).toBeTruthy();
    fire('visible', true);
    expect(screen.getByText('frame 5')).toBeTruthy();
    rerender(<LazyWaterfall {...props(7)} />);
    expect(screen.getByText('frame 7')).toBeTruthy();
    fire('visible', false);
    rerender(<LazyWaterfall {...props(8)} />);
    expect(screen.getByText('frame 7')).toBeTruthy();
  });

  it('near but not seen, it loads when the page is idle (at most IDLE_WAIT_MS later); seen, at once', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const idle: { run: () => void; timeout: number | undefined }[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, opts?: { timeout?: number }) => idle.push({ run, timeout: opts?.timeout }));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const first = render(<LazyWaterfall {...props(4)} />);
    fire('visible', false);
    fire('near', true);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText(/^frame/)).toBeNull();
    expect(idle.map((i) => i.timeout)).toEqual([IDLE_WAIT_MS]);
    act(() => idle[0]?.run());
    expect(await screen.findByText('frame 4', {}, SLOW)).toBeTruthy();
    first.unmount();
    // seen before the page was idle: loaded at once
    observers.length = 0;
    render(<LazyWaterfall {...props(6)} />);
    fire('near', true);
    fire('visible', true);
    expect(await screen.findByText('frame 6', {}, SLOW)).toBeTruthy();
    expect(idle).toHaveLength(2);
  });

  it('out of view and never near, it never loads its code', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(<LazyWaterfall {...props(3)} />);
    fire('visible', false);
    fire('near', false);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText(/^frame/)).toBeNull();
    expect(container.querySelector('.wf-placeholder')).not.toBeNull();
    // and it starts loading one viewport height ahead
    expect(observers.some((o) => o.margin === '100% 0px')).toBe(true);
  });
});
