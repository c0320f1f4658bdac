import { expect, test } from 'vitest';
import fc from 'fast-check';
import { drawableSegments } from '../../../src/ui/waterfall/cull';
import type { Segment, SegmentKind } from '../../../src/ui/waterfall/layout';
import { ms } from '../../../src/core/types';

const seg = (kind: SegmentKind, fromMs: number, toMs: number): Segment => ({ kind, fromMs: ms(fromMs), toMs: ms(toMs), frame: null });
const id = (ms: number) => ms;

test('segments outside the plot are dropped and the rest clamped', () => {
  const out = drawableSegments([seg('wait', -50, -10), seg('text', -10, 20), seg('args', 20, 300), seg('stream', 400, 500)], id, 200);
  expect(out.map((d) => [d.kind, d.x, d.width])).toEqual([
    ['text', -4, 24],
    ['args', 20, 184],
  ]);
});

test('sub-pixel neighbours merge; wide ones and gaps stay apart', () => {
  const many = Array.from({ length: 100 }, (_, i) => seg(i % 2 ? 'text' : 'reasoning', i * 0.1, (i + 1) * 0.1));
  const out = drawableSegments([...many, seg('gap', 10, 15), seg('args', 15, 15.2)], id, 100);
  const beforeGap = out.slice(0, -2);
  expect(beforeGap.length).toBeGreaterThanOrEqual(5);
  expect(beforeGap.length).toBeLessThanOrEqual(11);
  expect(beforeGap.every((d) => (d.kind === 'text' || d.kind === 'reasoning') && d.width < 2.2)).toBe(true);
  expect(beforeGap.reduce((sum, d) => sum + d.width, 0)).toBeCloseTo(10, 6);
  expect(out.slice(-2).map((d) => [d.kind, d.x, d.width])).toEqual([
    ['gap', 10, 5],
    ['args', 15, expect.closeTo(0.2, 6)],
  ]);
});

test('never more than about two rects per pixel, and they cover the segments in order', () => {
  fc.assert(
    fc.property(fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 1, maxLength: 2000 }), fc.integer({ min: 10, max: 400 }), (lengths, width) => {
      let t = 0;
      const kinds: SegmentKind[] = ['text', 'reasoning', 'args', 'stream'];
      const segments = lengths.map((len, i) => {
        const s = seg(kinds[i % 4] as SegmentKind, t, t + len);
        t += len;
        return s;
      });
      const scale = (ms: number) => (ms / Math.max(t, 1)) * width;
      const out = drawableSegments(segments, scale, width);
      expect(out.length).toBeLessThanOrEqual(2 * width + 10);
      for (let i = 1; i < out.length; i++) expect(out[i]!.x).toBeGreaterThanOrEqual(out[i - 1]!.x);
    }),
    { numRuns: 100 },
  );
});
