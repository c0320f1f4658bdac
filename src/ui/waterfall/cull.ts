/**
 * Which segments to draw at the current zoom, in px: those outside [0, width] are dropped, and runs of adjacent
 * segments each narrower than a pixel are merged into one rect (taking the kind that covers most of it; a gap is
 * never merged away). So a row never draws more than about two rects per pixel of width, whatever the frame count.
 *
 * Contract: pure; input segments are in time order; output rects are clamped to [-4, width + 4] and in order.
 */
import type { Segment, SegmentKind } from './layout';

export interface DrawnSegment {
  segment: Segment;
  kind: SegmentKind;
  x: number;
  width: number;
}

const SUBPIXEL = 1;

export function drawableSegments(segments: readonly Segment[], toPx: (ms: number) => number, width: number): DrawnSegment[] {
  const out: DrawnSegment[] = [];
  // For the merged rect being built: the widest member's width, to pick its kind.
  let widest = 0;
  for (const s of segments) {
    const x0 = toPx(s.fromMs);
    const x1 = toPx(s.toMs);
    if (!Number.isFinite(x0) || !Number.isFinite(x1) || x1 < -2 || x0 > width + 2) continue;
    const a = Math.max(-4, x0);
    const b = Math.min(width + 4, Math.max(x0, x1));
    const w = b - a;
    const last = out[out.length - 1];
    const tiny = w < SUBPIXEL && s.kind !== 'gap';
    if (tiny && last && last.kind !== 'gap' && last.width < 2 * SUBPIXEL && a - (last.x + last.width) < SUBPIXEL) {
      last.width = Math.max(last.width, b - last.x);
      if (w > widest) {
        widest = w;
        last.kind = s.kind;
      }
      continue;
    }
    widest = w;
    out.push({ segment: s, kind: s.kind, x: a, width: w });
  }
  return out;
}
