/**
 * The waterfall's time axis: milliseconds <-> pixels under a zoom (k) and pan (x), and readable ticks.
 *
 * Contract: pure functions over plain numbers, no DOM. The base mapping is d3-scale's `scaleLinear` from the
 * recording's time domain onto [0, width] px; the view is a zoom transform restricted to x (px' = px * k + x, the
 * same maths as d3-zoom's zoomIdentity, written out here so the bundle does not carry d3-zoom's selection and
 * transition modules). `clampView` keeps the whole plot covered (k >= 1, no blank space either side) and
 * never lets the visible span shrink below MIN_SPAN_MS. `ticks` keeps adjacent ticks 72-180 px apart (about one
 * per 100 px) whatever the zoom, on 1/2/5 x 10^n steps, and says how to print each value (unit and decimals) so adjacent labels always differ. Bad numbers (NaN,
 * infinite, an empty domain or width) give a degenerate but finite scale, never a throw.
 */
import { scaleLinear } from 'd3-scale';

/** A horizontal zoom/pan: px = base(ms) * k + x. */
export interface View {
  k: number;
  x: number;
}

export const IDENTITY: View = { k: 1, x: 0 };
/** The narrowest visible span, however far one zooms in. */
export const MIN_SPAN_MS = 1;
/** The least distance between ticks, in px: the nice step chosen is the smallest 1/2/5 x 10^n at or above it. */
export const MIN_TICK_SPACING_PX = 72;

export interface Tick {
  ms: number;
  px: number;
  /** The value to print in `unit`, with `digits` decimals. */
  value: number;
  unit: 'ms' | 's';
  digits: number;
}

export interface TimeScale {
  readonly domain: readonly [number, number];
  readonly width: number;
  readonly view: View;
  toPx(ms: number): number;
  toMs(px: number): number;
  /** The time span visible in [0, width]. */
  visible(): [number, number];
  ticks(): Tick[];
}

const finite = (n: number, fallback: number): number => (Number.isFinite(n) ? n : fallback);

function sanitizeDomain(domain: readonly [number, number]): [number, number] {
  const lo = finite(domain[0], 0);
  let hi = finite(domain[1], lo + MIN_SPAN_MS);
  if (hi - lo < MIN_SPAN_MS) hi = lo + MIN_SPAN_MS;
  return [lo, hi];
}

/** The base px under a zoomed px (d3-zoom's transform.invertX). */
const invertX = (view: View, px: number): number => (px - view.x) / view.k;

/** The largest zoom for this domain (visible span >= MIN_SPAN_MS). */
export function maxZoom(domain: readonly [number, number]): number {
  const [lo, hi] = sanitizeDomain(domain);
  return Math.max(1, (hi - lo) / MIN_SPAN_MS);
}

/** Keeps k in [1, maxZoom] and the plot covering [0, width]. */
export function clampView(view: View, width: number, domain: readonly [number, number]): View {
  const w = Math.max(1, finite(width, 1));
  const k = Math.min(maxZoom(domain), Math.max(1, finite(view.k, 1)));
  const x = Math.min(0, Math.max(w - w * k, finite(view.x, 0)));
  return k === view.k && x === view.x ? view : { k, x };
}

/** Zooms by `factor` keeping the time under pixel `px` where it is. */
export function zoomAt(view: View, factor: number, px: number, width: number, domain: readonly [number, number]): View {
  const anchor = invertX(view, finite(px, 0));
  const k = Math.min(maxZoom(domain), Math.max(1, view.k * finite(factor, 1)));
  return clampView({ k, x: finite(px, 0) - anchor * k }, width, domain);
}

/** Pans by dx px (positive moves the content right, showing earlier times). */
export function panBy(view: View, dx: number, width: number, domain: readonly [number, number]): View {
  return clampView({ k: view.k, x: view.x + finite(dx, 0) }, width, domain);
}

/** The view that shows [fromMs, toMs] across the width (clamped). */
export function viewShowing(fromMs: number, toMs: number, width: number, domain: readonly [number, number]): View {
  const [lo, hi] = sanitizeDomain(domain);
  const w = Math.max(1, finite(width, 1));
  const a = Math.max(lo, Math.min(fromMs, toMs));
  const b = Math.min(hi, Math.max(fromMs, toMs, a + MIN_SPAN_MS));
  const k = (hi - lo) / Math.max(MIN_SPAN_MS, b - a);
  const basePx = ((a - lo) / (hi - lo)) * w;
  return clampView({ k, x: -basePx * k }, w, domain);
}

/** The smallest step 1, 2 or 5 x 10^n that is >= raw. */
export function niceStep(raw: number): number {
  const r = finite(raw, 1) > 0 ? raw : 1;
  const power = 10 ** Math.floor(Math.log10(r));
  for (const m of [1, 2, 5, 10]) if (m * power >= r * (1 - 1e-12)) return m * power;
  return 10 * power;
}

/** How to print a tick value for a given step: seconds once steps reach a second, decimals enough to differ. */
export function tickFormat(stepMs: number): { unit: 'ms' | 's'; digits: number } {
  const step = Math.abs(finite(stepMs, 1)) || 1;
  const unit = step >= 1000 ? 's' : 'ms';
  const inUnit = unit === 's' ? step / 1000 : step;
  const digits = Math.max(0, Math.ceil(-Math.log10(inUnit) - 1e-9));
  return { unit, digits };
}

export function createTimeScale(domain: readonly [number, number], width: number, view: View = IDENTITY): TimeScale {
  const d = sanitizeDomain(domain);
  const w = Math.max(1, finite(width, 1));
  const v = clampView(view, w, d);
  const base = scaleLinear().domain(d).range([0, w]);
  // d3-zoom's rescaleX: the base scale with its domain moved to what the zoomed view shows across [0, w]
  const zoomed = base.copy().domain([base.invert(invertX(v, 0)), base.invert(invertX(v, w))]);
  return {
    domain: d,
    width: w,
    view: v,
    toPx: (ms) => zoomed(ms),
    toMs: (px) => zoomed.invert(px),
    visible: () => [zoomed.invert(0), zoomed.invert(w)],
    ticks: () => {
      const [lo, hi] = [zoomed.invert(0), zoomed.invert(w)];
      const step = niceStep(((hi - lo) * MIN_TICK_SPACING_PX) / w);
      const { unit, digits } = tickFormat(step);
      const first = Math.ceil(lo / step - 1e-9);
      const last = Math.floor(hi / step + 1e-9);
      const out: Tick[] = [];
      for (let i = first; i <= last && out.length < 1000; i++) {
        const at = i * step || 0; // never -0, which would print as "-0"
        out.push({ ms: at, px: zoomed(at), value: unit === 's' ? at / 1000 : at, unit, digits });
      }
      return out;
    },
  };
}
