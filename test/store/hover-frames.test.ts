// Hovering a turn or a band in the span waterfall highlights its frames elsewhere: the store keeps the range.
import { describe, expect, it } from 'vitest';
import { frameIndex } from '../../src/core/types';
import { createPlayerStore } from '../../src/store/player';

const store = () =>
  createPlayerStore({
    analyze: async () => ({ ok: false, error: { message: 'unused' } }),
    fetchText: async () => '{"recordings":[]}',
    scheduler: { now: () => 0, request: () => 0, cancel: () => {} },
  });

describe('hoverFrames', () => {
  it('keeps the hovered range, clears it, and refuses an inverted one', () => {
    const s = store();
    s.actions.hoverFrames([frameIndex(4), frameIndex(9)]);
    expect(s.getState().hoveredFrames).toEqual([4, 9]);
    const before = s.getState();
    s.actions.hoverFrames([frameIndex(4), frameIndex(9)]);
    expect(s.getState()).toBe(before); // the same range does not notify subscribers again
    s.actions.hoverFrames(null);
    expect(s.getState().hoveredFrames).toBeNull();
    s.actions.hoverFrames([frameIndex(9), frameIndex(4)]);
    expect(s.getState().hoveredFrames).toBeNull();
    s.dispose();
  });
});

describe('setScrubScale', () => {
  it('switches the timeline between frame steps and recorded time, ignoring anything else', () => {
    const s = store();
    expect(s.getState().scrubScale).toBe('frames');
    s.actions.setScrubScale('time');
    expect(s.getState().scrubScale).toBe('time');
    s.actions.setScrubScale('sideways' as never);
    expect(s.getState().scrubScale).toBe('time');
    s.dispose();
  });
});
