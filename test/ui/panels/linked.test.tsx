// @vitest-environment jsdom
// Linked highlighting both ways: a raw row, a buffer fragment and a parse attempt report the frame hovered or
// focused (the store's hovered frames), and each lights what lies in the hovered range; a fragment seeks on
// click / Enter. And the text / reasoning so far while a turn has no buffer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { analyzeText } from '../../../src/core/session/analyze';
import { frameIndex, turnIndex, type Session } from '../../../src/core/types';
import { BuffersPanel } from '../../../src/ui/panels/buffers/BuffersPanel';
import { accumulatedAt, accumulatedOf } from '../../../src/ui/panels/buffers/accumulated';
import { RawEventsPanel } from '../../../src/ui/panels/raw/RawEventsPanel';
import { ResultsPanel } from '../../../src/ui/panels/results/ResultsPanel';
import { giveElementsASize, renderPanel } from './render';
import { signalLists } from '../../../src/core/wire';
import { attemptRows } from '../../../src/core/strategies/attempts';

afterEach(cleanup);
beforeAll(giveElementsASize);
function load(name: string): Session {
  const r = analyzeText(readFileSync(join(process.cwd(), 'public/recordings', name), 'utf8'), name);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.session;
}
const docs = load('anthropic-docs.jsonl');
const lastFrame = docs.frames.count - 1;
const fragmentFrame = attemptRows(docs.strategies['parse-each-fragment'])[1]!.frame;

describe('linked highlighting', () => {
  it('a raw row reports its frame on hover and focus, and clears it on leave and blur', () => {
    const { props, container } = renderPanel(RawEventsPanel, docs, { frame: 3 });
    const row = container.querySelector<HTMLElement>('.ss-raw-row[data-frame="3"]')!;
    fireEvent.mouseEnter(row);
    expect(props.onHoverFrames).toHaveBeenLastCalledWith([3, 3]);
    fireEvent.mouseLeave(row);
    expect(props.onHoverFrames).toHaveBeenLastCalledWith(null);
    fireEvent.focus(row);
    expect(props.onHoverFrames).toHaveBeenLastCalledWith([3, 3]);
    fireEvent.blur(row);
    expect(props.onHoverFrames).toHaveBeenLastCalledWith(null);
  });

  it('a fragment reports its frame, is lit by the hovered range, and seeks on click and Enter', () => {
    const { props, container } = renderPanel(BuffersPanel, docs, { strategy: 'per-call-buffer', frame: lastFrame, hoveredFrames: [fragmentFrame, fragmentFrame] });
    const lit = [...container.querySelectorAll('.ss-frag.ss-linked')].map((el) => Number(el.getAttribute('data-frame')));
    expect(lit).toEqual([fragmentFrame]);
    const frag = container.querySelector<HTMLElement>(`.ss-frag[data-frame="${fragmentFrame}"]`)!;
    fireEvent.mouseEnter(frag);
    expect(props.onHoverFrames).toHaveBeenLastCalledWith([fragmentFrame, fragmentFrame]);
    fireEvent.click(frag);
    expect(props.onSeek).toHaveBeenLastCalledWith(fragmentFrame);
    fireEvent.keyDown(frag, { key: 'Enter' });
    expect(props.onSeek).toHaveBeenCalledTimes(2);
    // one Tab stop per buffer; Down moves focus to the next fragment
    const box = frag.closest('article')!;
    expect([...box.querySelectorAll('[data-frame][tabindex="0"]')]).toHaveLength(1);
    frag.focus();
    fireEvent.keyDown(frag, { key: 'ArrowDown' });
    expect(document.activeElement).not.toBe(frag);
    expect(document.activeElement?.classList.contains('ss-frag')).toBe(true);
  });

  it('a buffer’s text reports the fragment under the pointer once per fragment entered, and none when left', () => {
    const { props, container } = renderPanel(BuffersPanel, docs, { strategy: 'per-call-buffer', frame: lastFrame });
    const frag = container.querySelector<HTMLElement>(`.ss-frag[data-frame="${fragmentFrame}"]`)!;
    const text = frag.closest<HTMLElement>('.ss-buffer-text')!;
    const calls = () => (props.onHoverFrames as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    const before = calls();
    // mouseover bubbles from the fragment (and from anything inside it) to the one listener on the text
    fireEvent.mouseOver(frag);
    fireEvent.mouseOver(frag);
    expect(calls()).toBe(before + 1);
    expect(props.onHoverFrames).toHaveBeenLastCalledWith([fragmentFrame, fragmentFrame]);
    fireEvent.mouseLeave(text);
    expect(props.onHoverFrames).toHaveBeenLastCalledWith(null);
    expect(calls()).toBe(before + 2);
  });

  it('a parse attempt reports its frame and is lit by the hovered range', () => {
    const { props, container } = renderPanel(ResultsPanel, docs, { strategy: 'parse-each-fragment', frame: lastFrame, hoveredFrames: [fragmentFrame, fragmentFrame] });
    const lit = [...container.querySelectorAll('.ss-attempt.ss-linked')].map((el) => Number(el.getAttribute('data-frame')));
    expect(lit.length).toBeGreaterThan(0);
    expect(new Set(lit)).toEqual(new Set([fragmentFrame]));
    const row = container.querySelector<HTMLElement>('.ss-attempt')!;
    fireEvent.mouseEnter(row);
    expect(props.onHoverFrames).toHaveBeenLastCalledWith([Number(row.getAttribute('data-frame')), Number(row.getAttribute('data-frame'))]);
    fireEvent.focus(row.querySelector('button')!);
    expect(props.onHoverFrames).toHaveBeenCalledTimes(2);
  });

  it('a raw row in the hovered range is tinted', () => {
    const { container } = renderPanel(RawEventsPanel, docs, { frame: 0, hoveredFrames: [2, 2] });
    expect([...container.querySelectorAll('.ss-raw-row.ss-hovered')].map((el) => el.getAttribute('data-frame'))).toEqual(['2']);
  });
});

describe('text so far while a turn has no buffer', () => {
  const thinking = load('thinking-turn.jsonl');
  const reasoningUpTo = (f: number) =>
    signalLists(thinking.signals)
      .slice(0, f + 1)
      .flat()
      .flatMap((s) => (s.kind === 'reasoning' ? [s.text] : []))
      .join('');

  it('the thinking turn shows its reasoning so far, a prefix that grows with the frame', () => {
    renderPanel(BuffersPanel, thinking, { strategy: 'per-call-buffer', frame: 40 });
    const box = screen.getByRole('article', { name: 'Reasoning so far, turn 1' });
    expect(box.querySelector('.ss-sofar-text')?.textContent).toBe(reasoningUpTo(40).slice(-4000));
    cleanup();
    renderPanel(BuffersPanel, thinking, { strategy: 'per-call-buffer', frame: 600, lang: 'zh' });
    const later = screen.getByRole('article', { name: '第 1 轮到目前为止的思考' });
    const shown = later.querySelector('.ss-sofar-text')?.textContent ?? '';
    expect(reasoningUpTo(600).endsWith(shown)).toBe(true);
    expect(shown.length).toBe(Math.min(4000, reasoningUpTo(600).length));
  });

  it('after a seek lays out only the end of the text, and the whole window once seeks have stopped', () => {
    vi.useFakeTimers();
    try {
      const { rerender, props } = renderPanel(BuffersPanel, thinking, { strategy: 'per-call-buffer', frame: 600 });
      const text = () => screen.getByRole('article', { name: 'Reasoning so far, turn 1' }).querySelector('.ss-sofar-text')?.textContent ?? '';
      const full = reasoningUpTo(650);
      expect(full.length).toBeGreaterThan(1200);
      rerender(<BuffersPanel {...props} frame={frameIndex(650)} />);
      expect(text()).toBe(full.slice(-1200));
      act(() => vi.advanceTimersByTime(200));
      expect(text()).toBe(full.slice(-1200));
      act(() => vi.advanceTimersByTime(1000));
      expect(text()).toBe(full.slice(-4000));
      expect(text().length).toBeGreaterThan(1200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is computed once per session and sliced per frame', () => {
    const acc = accumulatedOf(thinking, turnIndex(0), 'reasoning');
    expect(accumulatedOf(thinking, turnIndex(0), 'reasoning')).toBe(acc);
    expect(accumulatedAt(acc, 40, 1e9).shown).toBe(reasoningUpTo(40));
    expect(accumulatedAt(acc, -1).length).toBe(0);
  });

  it('once the turn opens a buffer, the buffer shows instead', () => {
    renderPanel(BuffersPanel, thinking, { strategy: 'per-call-buffer', frame: thinking.frames.count - 1 });
    expect(screen.queryByRole('article', { name: /so far/ })).toBeNull();
    expect(screen.getByRole('article', { name: /^list_files/ })).toBeTruthy();
  });
});
