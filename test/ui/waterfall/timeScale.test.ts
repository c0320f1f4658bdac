import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  MIN_SPAN_MS,
  MIN_TICK_SPACING_PX,
  clampView,
  createTimeScale,
  niceStep,
  panBy,
  tickFormat,
  viewShowing,
  zoomAt,
} from '../../../src/ui/waterfall/timeScale';

const domain: [number, number] = [0, 10_000];

describe('time to pixel mapping', () => {
  test('at rest the domain fills the width', () => {
    const s = createTimeScale(domain, 1000);
    expect(s.toPx(0)).toBe(0);
    expect(s.toPx(10_000)).toBe(1000);
    expect(s.toPx(2_500)).toBe(250);
    expect(s.toMs(500)).toBe(5_000);
    expect(s.visible()).toEqual([0, 10_000]);
  });

  test('zoom and pan apply as px = base * k + x', () => {
    const s = createTimeScale(domain, 1000, { k: 4, x: -1000 });
    expect(s.toPx(2_500)).toBe(0);
    expect(s.toPx(5_000)).toBe(1000);
    expect(s.visible()).toEqual([2_500, 5_000]);
  });

  test('zooming at a pixel keeps the time under it', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 1.01, max: 50, noNaN: true }), (px, f) => {
        const before = createTimeScale(domain, 1000);
        const v = zoomAt({ k: 1, x: 0 }, f, px, 1000, domain);
        const after = createTimeScale(domain, 1000, v);
        expect(after.view.k).toBeCloseTo(f, 6);
        expect(after.toMs(px)).toBeCloseTo(before.toMs(px), 6);
      }),
    );
  });

  test('views are clamped: never zoomed out past the fit, never past the edges, never below the least span', () => {
    expect(clampView({ k: 0.2, x: 50 }, 1000, domain)).toEqual({ k: 1, x: 0 });
    expect(panBy({ k: 2, x: 0 }, 300, 1000, domain)).toEqual({ k: 2, x: 0 });
    expect(panBy({ k: 2, x: 0 }, -5000, 1000, domain)).toEqual({ k: 2, x: -1000 });
    const deep = createTimeScale(domain, 1000, zoomAt({ k: 1, x: 0 }, 1e9, 500, 1000, domain));
    const [a, b] = deep.visible();
    expect(b - a).toBeCloseTo(MIN_SPAN_MS, 6);
  });

  test('viewShowing frames the asked range', () => {
    const s = createTimeScale(domain, 800, viewShowing(4_000, 6_000, 800, domain));
    const [a, b] = s.visible();
    expect(a).toBeCloseTo(4_000, 6);
    expect(b).toBeCloseTo(6_000, 6);
  });

  test('bad numbers give a finite scale, not a throw', () => {
    const s = createTimeScale([NaN, Infinity], NaN, { k: NaN, x: Infinity });
    expect(Number.isFinite(s.toPx(0))).toBe(true);
    expect(s.ticks().length).toBeGreaterThan(0);
    expect(createTimeScale([5, 5], 100).domain).toEqual([5, 5 + MIN_SPAN_MS]);
  });
});

describe('ticks', () => {
  test('nice steps are 1, 2 or 5 x 10^n and never below the raw step', () => {
    expect(niceStep(0.7)).toBe(1);
    expect(niceStep(1)).toBe(1);
    expect(niceStep(1.2)).toBe(2);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(720)).toBe(1000);
    expect(niceStep(0.013)).toBeCloseTo(0.02, 12);
  });

  test('units and decimals follow the step', () => {
    expect(tickFormat(500)).toEqual({ unit: 'ms', digits: 0 });
    expect(tickFormat(0.5)).toEqual({ unit: 'ms', digits: 1 });
    expect(tickFormat(0.02)).toEqual({ unit: 'ms', digits: 2 });
    expect(tickFormat(2000)).toEqual({ unit: 's', digits: 0 });
    expect(tickFormat(1000)).toEqual({ unit: 's', digits: 0 });
  });

  test('a 10 s recording across 1000 px reads 0, 1, 2 ... 10 s', () => {
    const ticks = createTimeScale(domain, 1000).ticks();
    expect(ticks.map((t) => t.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ticks.every((t) => t.unit === 's')).toBe(true);
  });

  test('stay readable at every zoom: 72-180 px apart, inside the width, labels distinct at their decimals', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 600_000, noNaN: true }),
        fc.integer({ min: 200, max: 3000 }),
        fc.double({ min: 1, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (span, width, k, where) => {
          const d: [number, number] = [0, span];
          const view = zoomAt({ k: 1, x: 0 }, k, where * width, width, d);
          const ticks = createTimeScale(d, width, view).ticks();
          expect(ticks.length).toBeGreaterThanOrEqual(1);
          for (const t of ticks) {
            expect(t.px).toBeGreaterThanOrEqual(-1e-6);
            expect(t.px).toBeLessThanOrEqual(width + 1e-6);
          }
          const labels = ticks.map((t) => t.value.toFixed(t.digits));
          expect(new Set(labels).size).toBe(labels.length);
          for (let i = 1; i < ticks.length; i++) {
            const gap = (ticks[i]?.px ?? 0) - (ticks[i - 1]?.px ?? 0);
            expect(gap).toBeGreaterThanOrEqual(MIN_TICK_SPACING_PX - 1e-6);
            expect(gap).toBeLessThan(MIN_TICK_SPACING_PX * 2.5 + 1e-6);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
