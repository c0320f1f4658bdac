/**
 * Where a turn's marks sit on the waterfall's mark lane: at their true time, stacked vertically when they
 * coincide at the current zoom (never pushed sideways off their time), and how tall the row is then.
 *
 * Contract: pure. `stackMarks(marks, toPx, width)` takes marks sorted by time and returns clusters: a mark joins
 * the current cluster when its x is less than TARGET px from the cluster's first mark (their 24 px targets would
 * overlap), and gets the next level down. Each cluster is one focusable target, TARGET px wider than its marks'
 * span and tall enough for its stack. Marks outside [-TARGET, width + TARGET] are left out. `rowHeight` is
 * the row's height for its deepest stack (a row with single marks is slim).
 */
import type { MarkSpec } from './layout';

export const TARGET = 24;
/** Vertical distance between stacked glyphs. */
export const PITCH = 8;
export const TEXT_Y = 10;
export const BAR_Y = 12;
export const BAR_H = 16;
export const MARK_Y = BAR_Y + BAR_H + 4;

export interface PlacedMark {
  mark: MarkSpec;
  x: number;
  level: number;
}

export interface MarkCluster {
  marks: PlacedMark[];
  /** The first and last mark's x. */
  x0: number;
  x1: number;
}

export function stackMarks(marks: readonly MarkSpec[], toPx: (ms: number) => number, width: number): MarkCluster[] {
  const out: MarkCluster[] = [];
  let current: MarkCluster | null = null;
  for (const mark of marks) {
    const x = toPx(mark.atMs);
    if (!Number.isFinite(x) || x < -TARGET || x > width + TARGET) continue;
    if (current && x - current.x0 < TARGET) {
      current.marks.push({ mark, x, level: current.marks.length });
      current.x1 = Math.max(current.x1, x);
    } else {
      current = { marks: [{ mark, x, level: 0 }], x0: x, x1: x };
      out.push(current);
    }
  }
  return out;
}

/** Height of a cluster's target: one TARGET for a single mark, PITCH per glyph for a stack. */
export const stackHeight = (depth: number): number => Math.max(TARGET, depth * PITCH + 4);

/** The glyph centre of a placed mark inside its cluster (y from the row's top). */
export const glyphY = (level: number, depth: number): number => (depth <= 1 ? MARK_Y + TARGET / 2 : MARK_Y + 2 + level * PITCH + PITCH / 2);

export function deepest(clusters: readonly MarkCluster[]): number {
  let d = 1;
  for (const c of clusters) d = Math.max(d, c.marks.length);
  return d;
}

/** The row's height: bar, mark lane for the deepest stack, and a line for the finish reason and anomalies. */
export function rowHeight(depth: number, footer: boolean): number {
  return MARK_Y + stackHeight(depth) + (footer ? 16 : 6);
}

/** The footer's baseline. */
export const footerY = (depth: number): number => MARK_Y + stackHeight(depth) + 11;
