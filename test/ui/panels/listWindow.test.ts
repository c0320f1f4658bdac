import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_LIST_PX, OVERSCAN, ROW_HEIGHT, clampScroll, followFrame, rowStep, totalHeight, visibleRows, windowCapacity, windowPlacement } from '../../../src/ui/panels/raw/listWindow';

describe('listWindow', () => {
  it('rows are ROW_HEIGHT apart until the list would pass MAX_LIST_PX', () => {
    expect(rowStep(100_000)).toBe(ROW_HEIGHT);
    expect(totalHeight(100_000)).toBe(100_000 * ROW_HEIGHT);
    const huge = 2_000_000;
    expect(rowStep(huge)).toBeLessThan(ROW_HEIGHT);
    expect(totalHeight(huge)).toBeCloseTo(MAX_LIST_PX, 3);
  });

  it('follows a frame with the least movement', () => {
    // 256 px viewport shows rows 0..8 (9 x 28 = 252) at scroll 0
    expect(followFrame(0, 256, 5, 1000)).toBe(0);
    expect(followFrame(0, 256, 9, 1000)).toBe(10 * ROW_HEIGHT - 256);
    expect(followFrame(5000, 256, 3, 1000)).toBe(3 * ROW_HEIGHT);
    expect(followFrame(0, 256, 999, 1000)).toBe(1000 * ROW_HEIGHT - 256);
  });

  it('bad input gives a valid window, never a throw', () => {
    expect(visibleRows(NaN, NaN, 10)).toEqual([0, 1 + OVERSCAN]);
    expect(visibleRows(-50, 256, 0)).toEqual([0, 0]);
    expect(clampScroll(Infinity, 10, 100)).toBe(0);
    expect(followFrame(0, 0, -3, 10)).toBe(0);
    expect(followFrame(0, 256, 1e9, 10)).toBe(clampScroll(1e9, 10, 256));
  });

  it('property: after following, the frame is inside the rendered window and fully in view', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 40, max: 2000 }),
        (count, ff, fs, viewport) => {
          const frame = Math.min(count - 1, Math.floor(ff * count));
          const scroll = clampScroll(fs * totalHeight(count), count, viewport);
          const top = followFrame(scroll, viewport, frame, count);
          const [start, end] = visibleRows(top, viewport, count);
          expect(start).toBeLessThanOrEqual(frame);
          expect(end).toBeGreaterThan(frame);
          expect(end - start).toBeLessThanOrEqual(windowCapacity(viewport, count));
          const rowTop = frame * rowStep(count);
          expect(rowTop).toBeGreaterThanOrEqual(top - 1e-6);
          if (viewport >= ROW_HEIGHT && totalHeight(count) > viewport) expect(rowTop + ROW_HEIGHT).toBeLessThanOrEqual(top + viewport + 1e-6);
        },
      ),
    );
  });

  it('property: the rows in flow from the window box sit where rowStep puts them, compressed or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 40 }), (count, fs, k) => {
        const start = Math.floor(fs * (count - 1));
        const { offset, overlap } = windowPlacement(start, count);
        expect(overlap).toBeLessThanOrEqual(0);
        // row start + k: after k rows of ROW_HEIGHT, each with its bottom margin
        expect(offset + k * (ROW_HEIGHT + overlap)).toBeCloseTo((start + k) * rowStep(count), 3);
      }),
    );
    expect(windowPlacement(10, 1000)).toEqual({ offset: 10 * ROW_HEIGHT, overlap: 0 });
    expect(windowPlacement(10, 1_000_000).overlap).toBeLessThan(0);
  });
});

