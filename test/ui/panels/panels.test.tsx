// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RawEventsPanel } from '../../../src/ui/panels/raw/RawEventsPanel';
import { BuffersPanel } from '../../../src/ui/panels/buffers/BuffersPanel';
import { ResultsPanel } from '../../../src/ui/panels/results/ResultsPanel';
import { HOSTILE, anthropicEvents, buildSession } from './fixture';
import { giveElementsASize, renderPanel } from './render';
import { frameIndex } from '../../../src/core/types';
import { ROW_HEIGHT } from '../../../src/ui/panels/raw/listWindow';

beforeAll(giveElementsASize);
afterEach(cleanup);

const session = buildSession(anthropicEvents());
// Frames: 5 = first fragment '' of call 1, 6 = '{"path": "REA', 7 = 'DME.md"}', 8 = its content_block_stop.

describe('panel regions', () => {
  it('are named in both languages', () => {
    for (const [lang, names] of [
      ['en', ['Raw events', 'Parameter buffers', 'Parse results']],
      ['zh', ['原始事件', '参数缓冲区', '解析结果']],
    ] as const) {
      renderPanel(RawEventsPanel, session, { lang });
      renderPanel(BuffersPanel, session, { lang });
      renderPanel(ResultsPanel, session, { lang });
      for (const name of names) expect(screen.getByRole('region', { name })).toBeTruthy();
      cleanup();
    }
  });
});

describe('RawEventsPanel', () => {
  it('lists frames, marks the current one, and seeks on click', () => {
    const { props } = renderPanel(RawEventsPanel, session, { frame: 6 });
    const region = screen.getByRole('region', { name: 'Raw events' });
    const current = within(region).getByRole('button', { current: true });
    // named in words with the frame's kind (no aria-label: the name comes from a hidden span, so it never
    // disagrees with the visible text); the payload preview is visible and in the tooltip
    expect(current.getAttribute('aria-label')).toBeNull();
    expect(within(region).getByRole('button', { current: true, name: 'Frame 6, 163.0 ms, content_block_delta, tool arguments' })).toBe(current);
    expect(current.querySelector('.ss-raw-index')?.textContent).toBe('6');
    expect(current.querySelector('.ss-raw-data')?.textContent).toBe('partial_json "{\\"path\\": \\"REA"');
    expect(current.getAttribute('title')).toBe('Frame 6, 163.0 ms, content_block_delta, tool arguments · partial_json "{\\"path\\": \\"REA"');
    // one Tab stop: only the current row is tabbable
    expect(current.tabIndex).toBe(0);
    expect(within(region).getByRole('button', { name: /^Frame 2,/ }).tabIndex).toBe(-1);
    fireEvent.click(within(region).getByRole('button', { name: /^Frame 2,/ }));
    expect(props.onSeek).toHaveBeenCalledWith(2);
  });

  it('expands the current frame: raw text, pretty data, signals, chunk and bytes', async () => {
    renderPanel(RawEventsPanel, session, { frame: 6 });
    // the detail's code is fetched after the panel's first paint: not there in the first render, there after it
    expect(screen.queryByRole('heading', { name: 'Frame 6 · content_block_delta' })).toBeNull();
    // its place is kept meanwhile (the page below does not move up and back), and given back when it comes
    const region = screen.getByRole('region', { name: 'Raw events' });
    expect(region.querySelector('.ss-frame-detail-wait')).not.toBeNull();
    const detail = (await screen.findByRole('heading', { name: 'Frame 6 · content_block_delta' })).parentElement as HTMLElement;
    expect(region.querySelector('.ss-frame-detail-wait')).toBeNull();
    expect(detail.textContent).toContain('event: content_block_delta\ndata: {"type":"content_block_delta"');
    expect(detail.textContent).toContain('"partial_json": "{\\"path\\": \\"REA"');
    expect(detail.textContent).toContain('argument fragment');
    expect(detail.textContent).toContain('chunk 6');
    expect(detail.textContent).toMatch(/bytes \d+–\d+/);
  });

  it("follows a seek a painted frame later: the seek's own render leaves the detail as it was", async () => {
    const { rerender, props } = renderPanel(RawEventsPanel, session, { frame: 6 });
    await screen.findByRole('heading', { name: 'Frame 6 · content_block_delta' });
    rerender(<RawEventsPanel {...props} frame={frameIndex(7)} />);
    // the list moved at once; the detail did not yet
    expect(screen.getByRole('button', { current: true }).querySelector('.ss-raw-index')?.textContent).toBe('7');
    expect(screen.getByRole('heading', { name: 'Frame 6 · content_block_delta' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Frame 7 · content_block_delta' })).toBeTruthy();
  });

  it('shows a new session at its own frame at once (a late frame is never read against another recording)', async () => {
    const { rerender, props } = renderPanel(RawEventsPanel, session, { frame: 6 });
    await screen.findByRole('heading', { name: 'Frame 6 · content_block_delta' });
    const other = buildSession(anthropicEvents(), { chunks: [[0, 0], [0, 2], [2, 2]] });
    rerender(<RawEventsPanel {...props} session={other} frame={frameIndex(2)} />);
    expect(screen.getByRole('heading', { name: /^Frame 2 · / })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /^Frame 6 · / })).toBeNull();
  });

  it('swaps in shiki-highlighted JSON after the plain text, as text nodes', async () => {
    const { container } = renderPanel(RawEventsPanel, session, { frame: 6 });
    const code = await waitFor(() => {
      const pre = container.querySelector<HTMLElement>('.ss-frame-detail pre[data-highlighted]');
      if (!pre) throw new Error('the frame detail is not there yet');
      return pre;
    });
    expect(code.dataset.highlighted).toBe('false');
    const plain = code.textContent;
    await waitFor(() => expect(code.dataset.highlighted).toBe('true'), { timeout: 10_000 });
    expect(code.textContent).toBe(plain);
    expect(code.querySelector('span[style*="color"]')).not.toBeNull();
  });

  it('shows an event split across chunks', async () => {
    const split = buildSession(anthropicEvents(), { chunks: [[0, 0], [0, 2], [2, 2]] });
    renderPanel(RawEventsPanel, split, { frame: 1 });
    expect(await screen.findByText(/⇹ split across chunks 0–2/)).toBeTruthy();
  });

  // Auto-scroll to a far frame needs a real layout engine: it is for the Chromium e2e suite, not jsdom.
  it('renders 100,000 frames without rendering 100,000 rows', () => {
    const one = anthropicEvents()[6];
    const big = buildSession(Array.from({ length: 100_000 }, () => one!));
    renderPanel(RawEventsPanel, big, { frame: 7 });
    const current = screen.getByRole('button', { current: true });
    expect(current.getAttribute('title')).toMatch(/^Frame 7,/);
    const rows = screen.getByRole('group', { name: 'Frames' }).querySelectorAll('button');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(100);
  });
});

describe('RawEventsPanel seeking', () => {
  it('a seek to a far frame renders that row in the same render, without layout', () => {
    const one = anthropicEvents()[6];
    const big = buildSession(Array.from({ length: 100_000 }, () => one!));
    const { rerender, props } = renderPanel(RawEventsPanel, big, { frame: 7 });
    for (const f of [90_000, 3, 99_999, 50_000]) {
      rerender(<RawEventsPanel {...props} frame={frameIndex(f)} />);
      const current = screen.getByRole('button', { current: true });
      expect(current.querySelector('.ss-raw-index')?.textContent).toBe(String(f));
      // rows sit at index x ROW_HEIGHT: the rows' box at its first row's place, the current one in order inside it
      const box = current.parentElement as HTMLElement;
      const first = Number((box.firstElementChild as HTMLElement).dataset.frame);
      expect(box.style.transform).toBe(`translateY(${first * ROW_HEIGHT}px)`);
      expect([...box.children].indexOf(current)).toBe(f - first);
      expect(screen.getByRole('group', { name: 'Frames' }).querySelectorAll('button').length).toBeLessThan(40);
    }
  });
});

describe('RawEventsPanel row names', () => {
  it('an event name that could reorder the words around it is isolated in the hidden name; a plain one is one text node', () => {
    const events = anthropicEvents();
    const rlo = buildSession(events.map((e, i) => (i === 2 ? { ...e, event: '\u202eevil' } : e)));
    renderPanel(RawEventsPanel, rlo, { frame: 2 });
    const hidden = (f: number) => screen.getByRole('group', { name: 'Frames' }).querySelector(`[data-frame="${f}"] .ss-visually-hidden`) as HTMLElement;
    expect(hidden(2).querySelector('bdi')?.textContent).toBe('\u202eevil');
    expect(hidden(2).textContent).toMatch(/^Frame 2, [\d.,]+ ms, \u202eevil, /);
    expect(hidden(1).querySelector('bdi')).toBeNull();
    expect(hidden(1).childNodes.length).toBe(1);
  });

  it("a tooltip isolates what the stream carried (an override in the event name or the payload), not the app's words", () => {
    const events = anthropicEvents();
    const hostile = buildSession(events.map((e, i) => (i === 2 ? { ...e, event: '\u202eevil' } : i === 6 ? (JSON.parse(JSON.stringify(e).replaceAll('REA', '\\u202eREA')) as typeof e) : e)));
    renderPanel(RawEventsPanel, hostile, { frame: 6 });
    const title = (f: number) => (screen.getByRole('group', { name: 'Frames' }).querySelector(`[data-frame="${f}"]`) as HTMLElement).title;
    expect(title(2)).toMatch(/^Frame 2, [\d.,]+ ms, \u2068\u202eevil\u2069, /);
    expect(title(6)).toMatch(/ · partial_json \u2068"\{\\"path\\": \\"\u202eREA"\u2069$/);
    // plain ASCII stays as it is (nothing for bidi to act on)
    expect(title(1)).not.toMatch(/[\u2068\u2069]/);
  });
});

describe('RawEventsPanel rows beyond the viewport', () => {
  const rowsIn = () => [...screen.getByRole('group', { name: 'Frames' }).querySelectorAll<HTMLElement>('.ss-raw-row')].map((r) => Number(r.dataset.frame)).sort((a, b) => a - b);
  const one = anthropicEvents()[6];
  const big = buildSession(Array.from({ length: 10_000 }, () => one!));
  // the default viewport (no ResizeObserver in jsdom): 256 px, rows of 28 px
  const inView = Math.ceil(256 / ROW_HEIGHT);

  it('after a far jump, only the rows in view; the overscan rows once the page is idle, under the same keys', async () => {
    const { rerender, props } = renderPanel(RawEventsPanel, big, { frame: 7 });
    await waitFor(() => expect(rowsIn().length).toBeGreaterThanOrEqual(inView + 4));
    rerender(<RawEventsPanel {...props} frame={frameIndex(5_000)} />);
    const shown = screen.getByRole('button', { current: true });
    const now = rowsIn();
    expect(now.length).toBeLessThanOrEqual(inView + 1);
    expect(now).toContain(5_000);
    expect(Math.max(...now) - Math.min(...now)).toBe(now.length - 1);
    await waitFor(() => expect(rowsIn().length).toBeGreaterThanOrEqual(inView + 4 + 1));
    const full = rowsIn();
    expect(full).toEqual(expect.arrayContaining(now));
    expect(full.some((f) => f < now[0]!) || full.some((f) => f > now[now.length - 1]!)).toBe(true);
    // a row is the same button before and after its neighbours came back (keys by slot)
    expect(screen.getByRole('button', { current: true })).toBe(shown);
    expect(shown.querySelector('.ss-raw-index')?.textContent).toBe('5000');
  });

  it('a far jump re-uses every button in view, with new text (none made anew, none removed)', () => {
    const { rerender, props } = renderPanel(RawEventsPanel, big, { frame: 7 });
    const buttons = () => [...screen.getByRole('group', { name: 'Frames' }).querySelectorAll<HTMLElement>('.ss-raw-row')];
    rerender(<RawEventsPanel {...props} frame={frameIndex(5_000)} />);
    for (const f of [1_234, 8_765, 4_321, 2_000]) {
      const before = new Set(buttons());
      rerender(<RawEventsPanel {...props} frame={frameIndex(f)} />);
      const after = buttons();
      expect(after.length).toBe(before.size);
      expect(after.every((b) => before.has(b))).toBe(true);
      expect(rowsIn()).toContain(f);
    }
  });

  it('a step keeps the rows beyond the viewport (it rewrites only the rows it moves)', async () => {
    const { rerender, props } = renderPanel(RawEventsPanel, big, { frame: 7 });
    await waitFor(() => expect(rowsIn().length).toBeGreaterThanOrEqual(inView + 4));
    const full = rowsIn().length;
    for (let f = 8; f < 30; f++) {
      rerender(<RawEventsPanel {...props} frame={frameIndex(f)} />);
      expect(rowsIn().length).toBeGreaterThanOrEqual(full - 1);
    }
  });
});

describe('BuffersPanel', () => {
  it('shows the fragments so far only, the empty first fragment as a visible token, the current one emphasized', () => {
    const { container } = renderPanel(BuffersPanel, session, { frame: 6 });
    const boxes = container.querySelectorAll('.ss-buffer');
    expect(boxes).toHaveLength(1);
    const text = boxes[0]?.querySelector('.ss-buffer-text')?.textContent;
    expect(text).toBe("∅ ''{\"path\": \"REA");
    expect(container.querySelector('.ss-frag-current')?.textContent).toBe('{"path": "REA');
    expect(screen.getByRole('button', { name: 'read_file · toolu_1 · key 1' })).toBeTruthy();
  });

  it('shows the one shared buffer with both calls’ fragments back to back', () => {
    const { container } = renderPanel(BuffersPanel, session, { strategy: 'shared-buffer', frame: 14 });
    expect(screen.getByText('shared buffer')).toBeTruthy();
    expect(container.querySelector('.ss-buffer-text')?.textContent).toBe(`∅ ''{"path": "README.md"}∅ ''{"path": "package.json"}`);
  });

  it('selects the call of a buffer', () => {
    const { props } = renderPanel(BuffersPanel, session, { frame: 12 });
    fireEvent.click(screen.getByRole('button', { name: 'read_file · toolu_2 · key 2' }));
    expect(props.onSelectCall).toHaveBeenCalledWith({ turn: 0, key: '2' });
  });

  it('says why a strategy keeps no buffer', () => {
    renderPanel(BuffersPanel, session, { strategy: 'completed-item', frame: 6 });
    expect(screen.getByText(/input_json_delta fragments/)).toBeTruthy();
  });
});

describe('ResultsPanel', () => {
  it('at the first fragment, parse-each-fragment failed with the parser’s own message and plain words', () => {
    renderPanel(ResultsPanel, session, { strategy: 'parse-each-fragment', frame: 5 });
    const item = screen.getByText('failed').closest('li') as HTMLElement;
    expect(item.textContent).toContain('Unexpected end of JSON input');
    expect(item.textContent).toContain("JSON.parse('') has nothing to read");
    expect(item.textContent).toContain("'' (empty)");
    expect(screen.queryByText('parsed')).toBeNull();
  });

  it('in Chinese says 解析失败', () => {
    renderPanel(ResultsPanel, session, { strategy: 'parse-each-fragment', frame: 5, lang: 'zh' });
    expect(screen.getByText('解析失败')).toBeTruthy();
  });

  it('lists ready calls with their arguments and seeks from an attempt', () => {
    const { props } = renderPanel(ResultsPanel, session, { strategy: 'per-call-buffer', frame: 9 });
    expect(screen.getByText('parsed')).toBeTruthy();
    expect(screen.getByText('Calls ready: 1')).toBeTruthy();
    expect(screen.getByText('ready at frame 8')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Frame 8 · read_file · toolu_1 · key 1' }));
    expect(props.onSeek).toHaveBeenCalledWith(8);
  });

  it('shows the live preview with the never-execute warning', async () => {
    renderPanel(ResultsPanel, session, { strategy: 'partial-json-preview', frame: 6 });
    expect(screen.getByRole('note').textContent).toContain('Never execute a call from a preview');
    // the previews load with the strategy's first view (PreviewList.tsx): a lazy import, which on a loaded machine
    // takes longer than findBy's default second
    expect(await screen.findByText(/"path": "REA"/, {}, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('hostile strings', () => {
  it('render as text in every panel', () => {
    const hostile = buildSession(anthropicEvents(true));
    const { container: raw } = renderPanel(RawEventsPanel, hostile, { frame: 2 });
    const { container: buffers } = renderPanel(BuffersPanel, hostile, { frame: 12 });
    const { container: results } = renderPanel(ResultsPanel, hostile, { strategy: 'partial-json-preview', frame: 14 });
    for (const c of [raw, buffers, results]) {
      expect(c.querySelector('img')).toBeNull();
      expect(c.textContent).toContain(HOSTILE.slice(0, 8));
    }
  });
});

describe('RawEventsPanel viewport', () => {
  it('follows the current frame again when the list’s height is first measured, so its row is never half hidden', async () => {
    const observers: ((entries: { contentRect: { height: number } }[]) => void)[] = [];
    const Real = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(cb: (entries: { contentRect: { height: number } }[]) => void) {
        observers.push(cb);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      const one = anthropicEvents()[6];
      const big = buildSession(Array.from({ length: 200 }, () => one!));
      renderPanel(RawEventsPanel, big, { frame: 40 });
      const list = screen.getByRole('group', { name: 'Frames' });
      // the list turns out shorter than the default viewport the first render assumed
      const { act } = await import('@testing-library/react');
      act(() => observers.forEach((cb) => cb([{ contentRect: { height: 100 } }])));
      const rowBottom = 41 * ROW_HEIGHT;
      expect(list.scrollTop + 100).toBeGreaterThanOrEqual(rowBottom - 0.5);
      expect(list.scrollTop).toBeLessThanOrEqual(40 * ROW_HEIGHT);
    } finally {
      globalThis.ResizeObserver = Real;
    }
  });
});
