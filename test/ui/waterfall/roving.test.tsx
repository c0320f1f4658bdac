// @vitest-environment jsdom
// The waterfall is one Tab stop (roving tabindex over its turn and mark buttons, arrows inside), and its marks
// sit at their true time: coinciding ones stack in one button instead of being pushed sideways.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { frameIndex } from '../../../src/core/types';
import { translator } from '../../../src/i18n';
import { Waterfall } from '../../../src/ui/waterfall/Waterfall';
import { makeSession } from './fixture';

afterEach(cleanup);

const session = makeSession({
  turns: [
    { requestAt: 0, frames: [{ at: 323.8, kind: 'args', call: true }, { at: 330, kind: 'args' }, { at: 340, kind: 'other' }], finishReason: 'tool_calls' },
    { requestAt: 500, frames: [{ at: 412, kind: 'text' }, { at: 1340, kind: 'other' }], finishReason: 'stop' },
    { requestAt: 2000, frames: [{ at: 125.9, kind: 'reasoning' }, { at: 6631.4, kind: 'text' }], finishReason: 'stop' },
  ],
  ready: { 'per-call-buffer': [[0, 2, 'read_file']] },
});

function setup(onPlayerKey: () => void = () => undefined) {
  const onHoverFrames = vi.fn();
  const onSeek = vi.fn();
  const utils = render(
    <div onKeyDown={onPlayerKey}>
    <Waterfall
      session={session}
      strategy="per-call-buffer"
      frame={frameIndex(0)}
      lang="en"
      t={translator('en')}
      theme="light"
      selectedCall={null}
      hoveredCall={null}
      onSeek={onSeek}
      onSelectCall={() => undefined}
      onHoverCall={() => undefined}
      onHoverFrames={onHoverFrames}
      initialWidth={1000}
    />
    </div>,
  );
  return { ...utils, onHoverFrames, onSeek };
}

const stops = (root: HTMLElement) => [...root.querySelectorAll<SVGGElement>('[data-wf-item]')].filter((el) => el.getAttribute('tabindex') === '0');

describe('waterfall keyboard', () => {
  test('one Tab stop; Down / Up go turn to turn, Right / Left through turns and marks; focus moves the stop', () => {
    const { container } = setup();
    expect(container.querySelector('.wf-canvas')?.getAttribute('tabindex')).toBeNull();
    expect(stops(container).map((el) => el.getAttribute('data-wf-item'))).toEqual(['turn-0']);
    const turn0 = container.querySelector<SVGGElement>('[data-wf-item="turn-0"]');
    turn0?.focus();
    fireEvent.keyDown(turn0 as Element, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-wf-item')).toBe('turn-1');
    expect(stops(container).map((el) => el.getAttribute('data-wf-item'))).toEqual(['turn-1']);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement?.getAttribute('data-wf-item')).toBe('turn-0');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('data-wf-item')).toBe('mark-0-0');
    expect(stops(container)).toHaveLength(1);
  });

  test('an arrow key inside the waterfall does not reach the player (no frame step)', () => {
    // the player's root listens with a React handler, as App does
    const outer = vi.fn();
    const { container } = setup(outer);
    const turn0 = container.querySelector<SVGGElement>('[data-wf-item="turn-0"]');
    turn0?.focus();
    fireEvent.keyDown(turn0 as Element, { key: 'ArrowRight' });
    expect(outer).not.toHaveBeenCalled();
  });

  test('turn 1 marks (first frame, first call, ready, end within a few ms) stack in one button at their true x', () => {
    const { container, onHoverFrames } = setup();
    const cluster = container.querySelector<SVGGElement>('[data-wf-item="mark-0-0"]');
    expect(cluster?.closest('[data-marks]')?.getAttribute('data-marks')).toBe('4');
    expect(cluster?.getAttribute('aria-label')?.split('; ')).toHaveLength(4);
    // focusing the marks lights their frames elsewhere
    fireEvent.focus(cluster as Element);
    expect(onHoverFrames).toHaveBeenLastCalledWith([0, 2]);
  });

  test('in a stack, a click seeks to the mark at its level; Enter walks the stack from the top', () => {
    const { container, onSeek } = setup();
    const cluster = container.querySelector<SVGGElement>('[data-wf-item="mark-0-0"]')!;
    const names = cluster.getAttribute('aria-label')!.split('; ');
    const end = names.findIndex((n) => n.startsWith('stream end'));
    expect(end).toBe(names.length - 1);
    // jsdom lays nothing out (the target's top is 0): the level is read from clientY alone
    fireEvent.click(cluster, { clientY: 2 + end * 8 + 4 });
    expect(onSeek).toHaveBeenLastCalledWith(2);
    fireEvent.click(cluster, { clientY: 2 + 5 });
    expect(onSeek).toHaveBeenLastCalledWith(0);
    const seen: number[] = [];
    for (let i = 0; i < names.length; i++) {
      fireEvent.keyDown(cluster, { key: 'Enter' });
      seen.push(onSeek.mock.calls.at(-1)?.[0] as number);
    }
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(2);
  });
});
