// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { frameIndex, type StrategyId } from '../../../src/core/types';
import { translator, type Lang } from '../../../src/i18n';
import type { CallRef } from '../../../src/core/types';
import { Waterfall } from '../../../src/ui/waterfall/Waterfall';
import { makeSession } from './fixture';

afterEach(cleanup);

// Three turns like the lesson's agent run: two tool-only turns, then a turn with text, an 885.8 ms silence and
// finish_reason tool_calls without a call.
const session = makeSession({
  turns: [
    { requestAt: 0, frames: [{ at: 323.8, kind: 'args', call: true }, { at: 330, kind: 'args' }, { at: 340, kind: 'other' }], finishReason: 'tool_calls' },
    { requestAt: 500, frames: [{ at: 412, kind: 'text' }, { at: 450, kind: 'text' }, { at: 1335.8, kind: 'other' }, { at: 1340, kind: 'other' }], finishReason: 'tool_calls', anomalies: ['finish-tool-calls-without-call'] },
    { requestAt: 2000, frames: [{ at: 125.9, kind: 'reasoning' }, { at: 6631.4, kind: 'text' }, { at: 6797.6, kind: 'args', call: true }, { at: 6800, kind: 'args' }], finishReason: 'tool_calls' },
  ],
  tools: [{ time: 350, turn: 0, name: 'read_file', durationMs: 41.2 }],
  ready: { 'per-call-buffer': [[0, 2, 'read_file'], [2, 3, 'write_file']], 'parse-each-fragment': [[0, 0, 'read_file']] },
});

function setup(lang: Lang = 'en', strategy: StrategyId = 'per-call-buffer', frame = 0) {
  const onSeek = vi.fn();
  const onHoverCall = vi.fn<(c: CallRef | null) => void>();
  const onHoverFrames = vi.fn();
  const utils = render(
    <Waterfall
      session={session}
      strategy={strategy}
      frame={frameIndex(frame)}
      lang={lang}
      t={translator(lang)}
      theme="light"
      selectedCall={null}
      hoveredCall={null}
      onSeek={onSeek}
      onSelectCall={() => undefined}
      onHoverCall={onHoverCall}
      onHoverFrames={onHoverFrames}
      initialWidth={1000}
    />,
  );
  return { ...utils, onSeek, onHoverCall, onHoverFrames };
}

describe('Waterfall', () => {
  test('a region named Span waterfall with one turn button per turn, named with its first-frame time', () => {
    setup();
    const region = screen.getByRole('region', { name: 'Span waterfall' });
    const turns = within(region).getAllByRole('button', { name: /^Turn \d+/ });
    expect(turns.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Turn 1, first frame 323.8 ms, 3 frames, finish tool_calls',
      'Turn 2, first frame 412.0 ms, 4 frames, finish tool_calls without a call',
      'Turn 3, first frame 125.9 ms, 4 frames, finish tool_calls',
    ]);
  });

  test('zh names: 第 N 轮 and Span 瀑布', () => {
    setup('zh');
    const region = screen.getByRole('region', { name: 'Span 瀑布' });
    expect(within(region).getAllByRole('button', { name: /^第 \d+ 轮/ })).toHaveLength(3);
  });

  test('clicking a turn seeks to its first frame; Enter does too; hovering reports its frame range', () => {
    const { onSeek, onHoverFrames } = setup();
    const turn2 = screen.getByRole('button', { name: /^Turn 2,/ });
    fireEvent.click(turn2);
    expect(onSeek).toHaveBeenLastCalledWith(3);
    fireEvent.keyDown(screen.getByRole('button', { name: /^Turn 3,/ }), { key: 'Enter' });
    expect(onSeek).toHaveBeenLastCalledWith(7);
    fireEvent.mouseEnter(turn2.parentElement as Element);
    expect(onHoverFrames).toHaveBeenLastCalledWith([3, 6]);
    const textBand = turn2.parentElement?.querySelector('.wf-seg-text') as Element;
    fireEvent.mouseEnter(textBand);
    expect(onHoverFrames).toHaveBeenLastCalledWith([4, 4]);
    fireEvent.mouseLeave(textBand, { relatedTarget: turn2.parentElement?.querySelector('.wf-row-bg') });
    expect(onHoverFrames).toHaveBeenLastCalledWith([3, 6]);
    fireEvent.mouseLeave(turn2.parentElement as Element);
    expect(onHoverFrames).toHaveBeenLastCalledWith(null);
  });

  test('the silence over the threshold is drawn and labelled with its length', () => {
    const { container } = setup();
    const labels = Array.from(container.querySelectorAll('.wf-gap-label')).map((e) => e.textContent);
    expect(labels).toContain('885.8 ms');
  });

  test('marks are buttons that seek to their frame; a ready mark follows the strategy and reports hover', () => {
    // marks that coincide at this zoom share one button named with each of them ("…; …"), seeking to the first
    const { onSeek, onHoverCall } = setup();
    const firstText = screen.getByRole('button', { name: /^first text of turn 3 at 6,631 ms, frame 8(;|$)/ });
    fireEvent.click(firstText);
    expect(onSeek).toHaveBeenLastCalledWith(8);
    const ready = screen.getByRole('button', { name: /(^|; )read_file ready under One buffer per call in turn 1 at 340\.0 ms, frame 2(;|$)/ });
    fireEvent.mouseEnter(ready);
    expect(onHoverCall).toHaveBeenLastCalledWith({ turn: 0, key: '0' });
    cleanup();
    setup('en', 'parse-each-fragment');
    expect(screen.getByRole('button', { name: /read_file ready under Parse every fragment in turn 1 at 323\.8 ms, frame 0(;|$)/ })).toBeTruthy();
  });

  test('the three readings of time to first token are printed per turn, each named', async () => {
    setup();
    // the tables come a painted frame after the chart (its first render is two tasks)
    expect(screen.queryByRole('table', { name: /Time to first token/ })).toBeNull();
    expect(screen.getByRole('group', { name: /drag pans/ })).toBeTruthy();
    const table = await screen.findByRole('table', { name: /Time to first token/ });
    const row = within(table).getByRole('row', { name: /Turn 3/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['125.9 ms', '6,631 ms', '6,798 ms']);
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Turn', 'First frame', 'First text', 'First tool call']);
  });

  test('anomalies show as an icon with text; the finish reason is printed', () => {
    const { container } = setup();
    const text = Array.from(container.querySelectorAll('.wf-anomaly')).map((e) => e.textContent);
    expect(text).toEqual(['⚠ finish_reason tool_calls without a call']);
  });

  test('W zooms in by key position, Fit returns; A/D pan', () => {
    const { container } = setup();
    const canvas = container.querySelector('.wf-canvas') as HTMLElement;
    const ticks = () => Array.from(container.querySelectorAll('.wf-tick')).map((e) => e.textContent);
    const before = ticks();
    fireEvent.keyDown(canvas, { code: 'KeyW', key: 'z' });
    fireEvent.keyDown(canvas, { code: 'KeyW', key: 'z' });
    const zoomed = ticks();
    expect(zoomed).not.toEqual(before);
    fireEvent.keyDown(canvas, { code: 'KeyA', key: 'q' });
    expect(ticks()).not.toEqual(zoomed);
    fireEvent.click(screen.getByRole('button', { name: 'Fit' }));
    expect(ticks()).toEqual(before);
  });

  test('the what-if table shows each schedule for the current turn and a bad default duration is refused', async () => {
    setup('en', 'per-call-buffer', 0);
    const table = await screen.findByRole('table', { name: /What-if tool execution, turn 1/ });
    const row = within(table).getByRole('row', { name: /One buffer per call \(selected\)/ });
    // read_file ran 41.2 ms (recorded); stream end 340.0 ms: sequential finish 381.2 ms.
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '340.0 ms',
      '381.2 ms',
      '381.2 ms (saves 0.0 ms)',
      '381.2 ms (saves 0.0 ms)',
    ]);
    const early = within(table).getByRole('row', { name: /Parse every fragment/ });
    expect(within(early).getAllByRole('cell')[3]?.textContent).toBe('365.0 ms (saves 16.2 ms)');
    const input = screen.getByLabelText('Default tool duration (ms)');
    fireEvent.input(input, { target: { value: '-5' } });
    expect(screen.getByRole('alert').textContent).toMatch(/keeping 100/);
  });

  test('untrusted text from the recording is rendered as text, never as markup', () => {
    const evil = makeSession({
      turns: [{ requestAt: 0, frames: [{ at: 10, kind: 'other' }], finishReason: '<img src=x onerror=alert(1)>' }],
    });
    const { container } = render(
      <Waterfall session={evil} strategy="per-call-buffer" frame={frameIndex(0)} lang="en" t={translator('en')} theme="dark"
        selectedCall={null} hoveredCall={null} onSeek={() => undefined} onSelectCall={() => undefined} onHoverCall={() => undefined} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('finish <img src=x onerror=alert(1)>');
  });
});
