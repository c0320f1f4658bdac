import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { failureMarkers, markerFrames, mergeMarkers, nextMarkerFrame, prevMarkerFrame, sessionMarkers } from '../../src/store/markers';
import { twoTurnSession } from './fixture';

describe('markers', () => {
  const session = twoTurnSession();

  test('session markers: turn starts, end signals, gaps, lesson marks, sorted by frame', () => {
    const m = sessionMarkers(session);
    expect(m.filter((x) => x.kind === 'turn').map((x) => x.frame)).toEqual([0, 6]);
    expect(m.filter((x) => x.kind === 'end').map((x) => x.frame)).toEqual([4, 9]);
    expect(m.filter((x) => x.kind === 'gap').map((x) => x.frame)).toEqual([3]);
    // the mark at 880 ms lands on the first frame at or after it (frame 3 at 900 ms)
    expect(m.filter((x) => x.kind === 'mark').map((x) => x.frame)).toEqual([3]);
    const frames = m.map((x) => x.frame as number);
    expect(frames).toEqual([...frames].sort((a, b) => a - b));
  });

  test('failure markers follow the strategy', () => {
    expect(failureMarkers(session, 'shared-buffer').map((x) => x.frame)).toEqual([2, 3]);
    expect(failureMarkers(session, 'per-call-buffer')).toEqual([]);
    expect(failureMarkers(session, 'completed-item')).toEqual([]);
  });

  test('previous / next marker frame', () => {
    const frames = markerFrames(mergeMarkers(sessionMarkers(session), failureMarkers(session, 'shared-buffer')));
    expect([...frames]).toEqual([0, 2, 3, 4, 6, 9]);
    expect(nextMarkerFrame(frames, 0)).toBe(2);
    expect(nextMarkerFrame(frames, 4)).toBe(6);
    expect(nextMarkerFrame(frames, 9)).toBeNull();
    expect(prevMarkerFrame(frames, 6)).toBe(4);
    expect(prevMarkerFrame(frames, 5)).toBe(4);
    expect(prevMarkerFrame(frames, 0)).toBeNull();
  });

  test('next marker is the smallest marker frame greater than the current one (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(500)), fc.nat(520), (raw, f) => {
        const frames = Int32Array.from([...raw].sort((a, b) => a - b));
        const next = nextMarkerFrame(frames, f);
        const expected = [...frames].find((x) => x > f) ?? null;
        const prev = prevMarkerFrame(frames, f);
        const expectedPrev = [...frames].reverse().find((x) => x < f) ?? null;
        return next === expected && prev === expectedPrev;
      }),
    );
  });
});
