// @vitest-environment jsdom
// The parse-attempt list (results/AttemptList.tsx): virtualized on a long parse-each-fragment run (the
// virtualizer loaded on first use), plain on a short run; and the pure scroll-follow arithmetic (results/follow.ts).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { ResultsPanel } from '../../../src/ui/panels/results/ResultsPanel';
import { followRow } from '../../../src/ui/panels/results/follow';
import { estimatedRowPx, PLAIN_ROWS } from '../../../src/ui/panels/results/AttemptList';
import { frameIndex } from '../../../src/core/types';
import { buildSession, type Ev } from './fixture';
import { giveElementsASize, renderPanel } from './render';
import { attemptRows } from '../../../src/core/strategies/attempts';

beforeAll(giveElementsASize);
afterEach(cleanup);

const FRAGMENTS = 20_000;
/** One tool call streamed in FRAGMENTS pieces, none of which is JSON on its own: one failed attempt per piece. */
function longCall(): Ev[] {
  const piece = (i: number): Ev => {
    const text = i === 0 ? '{"text": "' : `word${i} `;
    return {
      event: 'content_block_delta',
      data: { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: text } },
      signals: [{ kind: 'args', key: '1', text }],
    };
  };
  return [
    { event: 'message_start', data: { type: 'message_start' }, signals: [] },
    {
      event: 'content_block_start',
      data: { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'write_file', input: {} } },
      signals: [{ kind: 'call-start', key: '1', id: 'toolu_1', name: 'write_file' }],
    },
    ...Array.from({ length: FRAGMENTS }, (_, i) => piece(i)),
  ];
}

const session = buildSession(longCall());
const run = session.strategies['parse-each-fragment'];
const strategy = 'parse-each-fragment' as const;
const list = () => screen.getByRole('group', { name: /^Parse attempts:/ });
const rows = () => list().querySelectorAll('li');

describe('AttemptList, virtualized', () => {
  // the virtualizer comes on first use: until it is in, the plain list shows the newest rows; once in, every long
  // list renders it at once
  beforeAll(async () => {
    renderPanel(ResultsPanel, session, { strategy, frame: 300 });
    expect(list().querySelector('ol.ss-flow')).not.toBeNull();
    expect(rows().length).toBeLessThanOrEqual(PLAIN_ROWS);
    expect(list().querySelector('li[aria-current="true"]')?.getAttribute('aria-posinset')).toBe('299');
    // the chunk's first import: given time on a loaded machine (waitFor's default is 1 s)
    await waitFor(() => expect(list().querySelector('ol.ss-flow')).toBeNull(), { timeout: 15_000 });
    cleanup();
  }, 30_000);

  it('has one failed attempt per fragment in the fixture', () => {
    expect(run.attempts.count).toBe(FRAGMENTS);
    expect(attemptRows(run).every((a) => !a.ok)).toBe(true);
  });

  it('shows the newest of 20,000 attempts without rendering 20,000 rows, and keeps every one reachable', () => {
    const last = FRAGMENTS + 1; // frames 0 and 1 are message_start and content_block_start
    renderPanel(ResultsPanel, session, { strategy, frame: last });
    expect(rows().length).toBeGreaterThan(3);
    expect(rows().length).toBeLessThan(60);
    const newest = list().querySelector(`li[aria-posinset="${FRAGMENTS}"]`) as HTMLElement;
    expect(newest.getAttribute('aria-setsize')).toBe(String(FRAGMENTS));
    expect(newest.getAttribute('aria-current')).toBe('true');
    expect(newest.textContent).toContain(`word${FRAGMENTS - 1}`);
    expect(within(newest).getByText('failed')).toBeTruthy();
    // the whole list is as tall as all its rows: the first attempt can be scrolled to
    const ol = list().querySelector('ol') as HTMLElement;
    expect(parseFloat(ol.style.height)).toBeGreaterThanOrEqual(FRAGMENTS * estimatedRowPx(run.attempts.ok[0] === 1) - 1);
    // and no "showing the last N" cap any more
    expect(screen.queryByText(/Showing the last/)).toBeNull();
  });

  it('a seek brings the newest attempt at or before the new frame into view in the same render', () => {
    const { rerender, props } = renderPanel(ResultsPanel, session, { strategy, frame: FRAGMENTS + 1 });
    for (const f of [5_000, 12, 19_999, 3, 10_001]) {
      rerender(<ResultsPanel {...props} frame={frameIndex(f)} />);
      const upTo = attemptRows(run).filter((a) => a.frame <= f).length;
      expect(screen.getByRole('heading', { name: new RegExp(`^Parse attempts: ${upTo.toLocaleString('en')}$|^Parse attempts: ${upTo}$`) })).toBeTruthy();
      const newest = list().querySelector(`li[aria-posinset="${upTo}"]`) as HTMLElement | null;
      expect(newest, `frame ${f}`).not.toBeNull();
      expect(newest?.getAttribute('aria-current')).toBe('true');
      expect(list().querySelector(`li[aria-posinset="${upTo + 1}"]`)).toBeNull();
      // its row sits where the virtualizer put it, inside the rendered window
      expect(newest?.style.transform).toBe(`translateY(${(upTo - 1) * estimatedRowPx(run.attempts.ok[0] === 1)}px)`);
      expect(rows().length).toBeLessThan(60);
    }
  });

  it('reads no layout during a seek', () => {
    const { rerender, props } = renderPanel(ResultsPanel, session, { strategy, frame: 100 });
    let reads = 0;
    const restore: (() => void)[] = [];
    for (const name of ['offsetHeight', 'offsetWidth', 'clientHeight', 'clientWidth', 'scrollTop', 'scrollHeight'] as const) {
      const proto = name === 'scrollTop' || name === 'scrollHeight' ? Element.prototype : HTMLElement.prototype;
      const before = Object.getOwnPropertyDescriptor(proto, name);
      Object.defineProperty(proto, name, {
        configurable: true,
        get() {
          reads++;
          return before?.get?.call(this) ?? 0;
        },
        set(v: number) {
          before?.set?.call(this, v);
        },
      });
      restore.push(() => before && Object.defineProperty(proto, name, before));
    }
    const rect = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      reads++;
      return rect.call(this);
    };
    try {
      for (const f of [15_000, 40, 7_777]) rerender(<ResultsPanel {...props} frame={frameIndex(f)} />);
      expect(list().querySelector('li[aria-current="true"]')?.getAttribute('aria-posinset')).toBe(String(7_777 - 1));
      expect(reads).toBe(0);
    } finally {
      Element.prototype.getBoundingClientRect = rect;
      for (const r of restore) r();
    }
  });

  it('seeks from a row, is keyboard-focusable and named by its heading', () => {
    const { props } = renderPanel(ResultsPanel, session, { strategy, frame: 300 });
    expect(list().tabIndex).toBe(0);
    const button = within(list()).getByRole('button', { name: 'Frame 297 · write_file · toolu_1 · key 1' });
    fireEvent.click(button);
    expect(props.onSeek).toHaveBeenCalledWith(297);
  });

  it('says 解析失败 with the parser’s message and the plain-words reason in Chinese', () => {
    renderPanel(ResultsPanel, session, { strategy, frame: 2, lang: 'zh' });
    const item = screen.getByText('解析失败').closest('li') as HTMLElement;
    expect(item.querySelector('.ss-attempt-error')?.textContent).toMatch(/JSON/);
    expect(item.querySelector('.ss-attempt-why')?.textContent).not.toBe('');
  });
});

describe('AttemptList, plain (a run of at most PLAIN_ROWS attempts)', () => {
  const short = buildSession(longCall().slice(0, 40));
  const shortRun = short.strategies[strategy];

  it('renders every attempt so far as a flowing row, the newest current', () => {
    expect(shortRun.attempts.count).toBeLessThanOrEqual(PLAIN_ROWS);
    renderPanel(ResultsPanel, short, { strategy, frame: 20 });
    expect(list().querySelector('ol.ss-flow')).not.toBeNull();
    const upTo = attemptRows(shortRun).filter((a) => a.frame <= 20).length;
    expect(rows()).toHaveLength(upTo);
    expect(list().querySelector('li[aria-current="true"]')?.getAttribute('aria-posinset')).toBe(String(upTo));
    expect((rows()[0] as HTMLElement).style.transform).toBe('');
  });

  it('scrolls the newest into view on a seek, until the reader scrolls by hand', () => {
    const { rerender, props } = renderPanel(ResultsPanel, short, { strategy, frame: 10 });
    const box = list();
    Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => 40 * rows().length });
    rerender(<ResultsPanel {...props} frame={frameIndex(30)} />);
    expect(box.scrollTop).toBe(40 * rows().length);
    fireEvent.wheel(box);
    box.scrollTop = 0;
    rerender(<ResultsPanel {...props} frame={frameIndex(30)} hoveredFrames={[3, 3]} />);
    expect(box.scrollTop).toBe(0);
    rerender(<ResultsPanel {...props} frame={frameIndex(35)} />);
    expect(box.scrollTop).toBe(40 * rows().length);
  });
});

describe('followRow', () => {
  it('keeps a visible row where it is and aligns a hidden one to the nearer edge', () => {
    expect(followRow(100, 200, { start: 150, end: 190 }, 10_000)).toBe(100);
    expect(followRow(100, 200, { start: 50, end: 90 }, 10_000)).toBe(50);
    expect(followRow(100, 200, { start: 400, end: 450 }, 10_000)).toBe(250);
    expect(followRow(0, 200, { start: 9_950, end: 10_000 }, 10_000)).toBe(9_800);
    // taller than the viewport: its top
    expect(followRow(0, 200, { start: 500, end: 900 }, 10_000)).toBe(500);
  });

  it('always lands in range and shows the row when it fits (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e7, noNaN: true }),
        fc.double({ min: 1, max: 2_000, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 1, max: 1_000, noNaN: true }),
        (scroll, view, start, size) => {
          const total = start + size + 500;
          const s = followRow(scroll, view, { start, end: start + size }, total);
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(Math.max(0, total - view) + 1e-6);
          if (size <= view) {
            expect(start).toBeGreaterThanOrEqual(s - 1e-6);
            expect(start + size).toBeLessThanOrEqual(s + view + 1e-6);
          } else expect(s).toBeCloseTo(Math.min(start, total - view));
        },
      ),
    );
  });

  it('gives a number for nonsense input, never NaN or a throw', () => {
    for (const s of [NaN, Infinity, -5]) {
      const r = followRow(s, NaN, { start: NaN, end: -Infinity }, NaN);
      expect(Number.isFinite(r)).toBe(true);
    }
  });
});
