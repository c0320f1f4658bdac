import { describe, expect, test } from 'vitest';
import { EVEN_STEP_MS, GAP_CAP_MS, clampSpeed, frameAtPlayhead, playTimes } from '../../src/store/timebase';
import { makeSession, twoTurnSession } from './fixture';

describe('play times', () => {
  const session = twoTurnSession();

  test('recorded: offsets from the first frame', () => {
    expect([...playTimes(session, 'recorded')]).toEqual([0, 50, 100, 800, 850, 860, 1900, 1950, 2000, 2050]);
  });

  test('capped: silences longer than the cap are shortened to it', () => {
    const t = [...playTimes(session, 'capped')];
    expect(t[3]! - t[2]!).toBe(GAP_CAP_MS);
    expect(t[6]! - t[5]!).toBe(GAP_CAP_MS);
    expect(t[1]! - t[0]!).toBe(50);
  });

  test('even: frames evenly spaced, also for untimed files', () => {
    expect([...playTimes(session, 'even')]).toEqual(Array.from({ length: session.frames.count }, (_, i) => i * EVEN_STEP_MS));
    const untimed = makeSession([{ turn: 0, time: 0, event: 'm', signals: [] }, { turn: 0, time: 0, event: 'm', signals: [] }], { timed: false });
    expect([...playTimes(untimed, 'recorded')]).toEqual([0, EVEN_STEP_MS]);
  });

  test('a time that goes back is held, never negative', () => {
    const s = makeSession([
      { turn: 0, time: 100, event: 'm', signals: [] },
      { turn: 0, time: 50, event: 'm', signals: [] },
      { turn: 0, time: 200, event: 'm', signals: [] },
    ]);
    expect([...playTimes(s, 'recorded')]).toEqual([0, 0, 100]);
  });

  test('frame at playhead: last frame whose time <= playhead', () => {
    const t = playTimes(session, 'recorded');
    expect(frameAtPlayhead(t, -5)).toBe(0);
    expect(frameAtPlayhead(t, 99)).toBe(1);
    expect(frameAtPlayhead(t, 100)).toBe(2);
    expect(frameAtPlayhead(t, 1e9)).toBe(9);
  });

  test('speed is clamped to 0.25x..8x', () => {
    expect(clampSpeed(0.1)).toBe(0.25);
    expect(clampSpeed(16)).toBe(8);
    expect(clampSpeed(Number.NaN)).toBe(1);
    expect(clampSpeed(2)).toBe(2);
  });
});
