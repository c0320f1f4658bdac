/**
 * The raw-events list's geometry: every row has the same fixed height, so where a row sits, which rows a scroll
 * position shows and where to scroll so the current frame is visible are arithmetic, never a layout read.
 *
 * Contract: pure, O(1) per call, no DOM. Inputs may be out of range or not finite (a zero-height viewport, a
 * negative scroll offset, a frame past the end): the result is clamped to a valid window, never a throw. Total
 * height is capped at MAX_LIST_PX (below every browser's element-height limit); past that cap rows are spaced by
 * `rowStep(count)` (< ROW_HEIGHT) so the list still reaches its last frame.
 */

/** Height of one row in px (the CSS gives `.ss-raw-row` exactly this height). */
export const ROW_HEIGHT = 28;
/** Rows rendered beyond each edge of the viewport, so a short scroll shows rows that are already there. */
export const OVERSCAN = 4;
/** Chromium's layout limit is about 33.5 million px; stay well below it. */
export const MAX_LIST_PX = 16_000_000;
/** Viewport height before it has been measured: the CSS height of `.ss-raw-scroll` (16rem at 16 px). */
export const DEFAULT_VIEWPORT_PX = 256;

const fin = (n: number, fallback = 0): number => (Number.isFinite(n) ? n : fallback);

/** Distance between the tops of consecutive rows: ROW_HEIGHT, unless the list would exceed MAX_LIST_PX. */
export function rowStep(count: number): number {
  const n = Math.max(0, Math.floor(fin(count)));
  return n * ROW_HEIGHT <= MAX_LIST_PX ? ROW_HEIGHT : (MAX_LIST_PX - ROW_HEIGHT) / (n - 1);
}

/** Down to the bottom of the last row (rows overlap when compressed, the last one is whole). */
export function totalHeight(count: number): number {
  const n = Math.max(0, Math.floor(fin(count)));
  return n === 0 ? 0 : (n - 1) * rowStep(n) + ROW_HEIGHT;
}

/** The scroll offsets a list of `count` rows can take in a viewport of `viewport` px. */
export function clampScroll(scrollTop: number, count: number, viewport: number): number {
  const max = Math.max(0, totalHeight(count) - Math.max(0, fin(viewport)));
  return Math.min(max, Math.max(0, fin(scrollTop)));
}

/**
 * The scroll offset that shows `frame` with the least movement from `scrollTop` (like scrollIntoView's "nearest"):
 * unchanged when the row is already fully visible, else the row aligned to the nearer edge.
 */
export function followFrame(scrollTop: number, viewport: number, frame: number, count: number): number {
  const step = rowStep(count);
  const view = Math.max(step, fin(viewport, DEFAULT_VIEWPORT_PX));
  const f = Math.min(Math.max(0, Math.floor(fin(frame))), Math.max(0, count - 1));
  const top = f * step;
  const bottom = top + ROW_HEIGHT;
  const s = clampScroll(scrollTop, count, view);
  if (top < s) return clampScroll(top, count, view);
  if (bottom > s + view) return clampScroll(bottom - view, count, view);
  return s;
}

/** The rows to render for a scroll offset: [start, end), overscan included, within [0, count). */
export function visibleRows(scrollTop: number, viewport: number, count: number, overscan = OVERSCAN): [number, number] {
  const n = Math.max(0, Math.floor(fin(count)));
  if (n === 0) return [0, 0];
  const step = rowStep(n);
  const s = clampScroll(scrollTop, n, viewport);
  const first = Math.floor(s / step);
  const last = Math.ceil((s + Math.max(0, fin(viewport))) / step);
  return [Math.max(0, first - overscan), Math.min(n, Math.max(first + 1, last) + overscan)];
}

/** The most rows `visibleRows` can return for this viewport: keys modulo this are unique within any window. */
export function windowCapacity(viewport: number, count: number, overscan = OVERSCAN): number {
  const step = rowStep(count);
  return Math.max(1, Math.ceil(Math.max(0, fin(viewport)) / (step > 0 ? step : ROW_HEIGHT)) + 2 * overscan + 2);
}

/**
 * Where the rendered rows' box goes (the rows sit in flow inside it, from row `start`): `offset` px from the list's
 * top, and the `overlap` (<= 0) each row's bottom margin adds, so that row i's top is `i * rowStep(count)` in both
 * the normal and the compressed list.
 */
export function windowPlacement(start: number, count: number): { offset: number; overlap: number } {
  const step = rowStep(count);
  return { offset: Math.max(0, Math.floor(fin(start))) * step, overlap: step - ROW_HEIGHT };
}
