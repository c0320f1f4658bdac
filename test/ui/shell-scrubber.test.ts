import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { FrameKind } from '../../src/core/types';
import { KIND_BITS, PAD, columnFrames, frameToX, kindColumns, kindPaths, markerColumns, xToFrame } from '../../src/ui/scrubber/geometry';
import { frameValueText, markersIn } from '../../src/ui/scrubber/describe';
import { translator } from '../../src/i18n';
import { sessionMarkers } from '../../src/store/markers';
import { twoTurnSession } from '../store/fixture';
import { kindCodes } from '../../src/core/wire';

describe('scrubber geometry', () => {
  test('frames span [pad, width - pad]; x -> frame inverts frame -> x (property)', () => {
    expect(frameToX(0, 10, 500)).toBe(PAD);
    expect(frameToX(9, 10, 500)).toBe(500 - PAD);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 200_000 }), fc.integer({ min: 50, max: 4000 }), fc.nat(), (n, w, raw) => {
        const f = raw % n;
        const back = xToFrame(frameToX(f, n, w), n, w);
        // when frames outnumber pixels, a pixel holds several frames: the inverse is within that column
        return Math.abs(back - f) <= Math.ceil(n / (w - 2 * PAD));
      }),
    );
  });

  test('ticks are aggregated per pixel column: never more columns than pixels, every kind kept', () => {
    const kinds: FrameKind[] = Array.from({ length: 100_000 }, (_, i) => (i % 1000 === 0 ? 'args' : i < 5000 ? 'reasoning' : 'text'));
    const cols = kindColumns(kindCodes(kinds), 800);
    expect(cols.length).toBe(800);
    let args = 0;
    for (const c of cols) if (c & KIND_BITS.args) args++;
    expect(args).toBe(100); // one column per args frame: they are 1000 frames (~8 px) apart
    const paths = kindPaths(cols);
    expect(paths.args.match(/M/g)?.length).toBe(100);
    expect(paths.other).toBe('');
  });

  test('marker glyphs: one per (pixel column, kind)', () => {
    const markers = Array.from({ length: 1000 }, (_, i) => ({ frame: i as never, kind: 'fail' as const }));
    // 1000 frames of 100,000 on 500 px cover a few pixels: one glyph per pixel they cover
    const covered = Math.round(frameToX(999, 100_000, 500)) - Math.round(frameToX(0, 100_000, 500)) + 1;
    expect(markerColumns(markers, 100_000, 500).length).toBe(covered);
    expect(covered).toBeLessThan(10);
    expect(markerColumns(markers, 1000, 1000 + 2 * PAD).length).toBe(1000);
  });

  test('a hover column covers the frames under it', () => {
    const [a, b] = columnFrames(frameToX(500, 100_000, 1000), 100_000, 1000);
    expect(a).toBeLessThanOrEqual(500);
    expect(b).toBeGreaterThanOrEqual(500);
    expect(b - a).toBeLessThan(250);
  });
});

describe('words for a frame', () => {
  const session = twoTurnSession();
  test('aria-valuetext names the frame by its index (from 0, as the visible counter) and gives the turn-relative time and the event', () => {
    expect(frameValueText(session, 3, translator('en'))).toBe('Frame 3 of 10, 900 ms, message');
    expect(frameValueText(session, 9, translator('zh'))).toBe('第 9 帧，共 10 帧，2,150 ms，message');
  });
  test('markers in a frame range', () => {
    const m = sessionMarkers(session);
    expect(markersIn(m, 3, 4).map((x) => `${x.frame}:${x.kind}`)).toEqual(['3:gap', '3:mark', '4:end']);
    expect(markersIn(m, 7, 8)).toEqual([]);
  });
});
