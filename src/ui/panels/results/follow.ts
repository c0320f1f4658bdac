/**
 * Where to scroll a list of variable-height rows so one row is in view, from known geometry only (no layout read).
 *
 * Contract: pure, O(1), no DOM. Like scrollIntoView's "nearest": the offset is unchanged when the row is already
 * fully visible, else the row is aligned to the nearer edge (to the top when it is taller than the viewport). The
 * result is clamped to [0, total - viewport]. Inputs that are negative, reversed or not finite give a clamped
 * offset, never a throw or NaN.
 */
const fin = (n: number, fallback = 0): number => (Number.isFinite(n) ? n : fallback);

export interface RowSpan {
  start: number;
  end: number;
}

export function followRow(scrollTop: number, viewport: number, row: RowSpan, total: number): number {
  const view = Math.max(0, fin(viewport));
  const max = Math.max(0, fin(total) - view);
  const clamp = (x: number) => Math.min(max, Math.max(0, x));
  const start = fin(row.start);
  const end = Math.max(start, fin(row.end, start));
  const s = clamp(fin(scrollTop));
  if (start < s || end - start > view) return clamp(start);
  if (end > s + view) return clamp(end - view);
  return s;
}
