/**
 * Scrubber geometry: frame <-> x, tick columns aggregated per pixel, marker glyph positions.
 *
 * Contract: pure. Frames map linearly onto [pad, width - pad] so a tick sits under the native range thumb at the
 * same value. `kindColumns` is O(frames) and returns one bitmask per pixel column (never one element per frame);
 * `kindPaths` turns it into one SVG path per kind. Kinds differ by vertical band as well as colour, so the timeline
 * reads without colour. `markerColumns` keeps one glyph per (pixel column, kind).
 *
 * Every mapping takes optional `positions`: per frame, its place in [0, 1] (non-decreasing; `timePositions` makes
 * them from recorded times, so a long silence takes room). Without them frames are spaced one step apart.
 */
import type { FrameKind } from '../../core/types';
import { FRAME_KINDS } from '../../core/wire/signal-table';
import type { Marker, MarkerKind } from '../../store/markers';

export const THUMB = 16;
export const PAD = THUMB / 2;
export const TICK_HEIGHT = 28;

export const KIND_BITS: Record<FrameKind, number> = { reasoning: 1, text: 2, args: 4, other: 8 };
export { FRAME_KINDS };

/** Vertical band of each kind inside the tick area: [top, bottom] in px. */
export const KIND_BAND: Record<FrameKind, [number, number]> = {
  reasoning: [2, 11],
  text: [9, 19],
  args: [2, 26],
  other: [21, 26],
};

export type Positions = Float64Array | null | undefined;

/**
 * Each frame's place in [0, 1] by recorded time (`times` non-decreasing, as store/timebase's playTimes), or null
 * when the times span nothing (every frame at one instant): the caller then spaces frames evenly.
 */
export function timePositions(times: Float64Array): Float64Array | null {
  const n = times.length;
  if (n < 2) return null;
  const first = times[0] as number;
  const total = (times[n - 1] as number) - first;
  if (!(total > 0) || !Number.isFinite(total)) return null;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = ((times[i] as number) - first) / total;
  return out;
}

const fractionOf = (frame: number, frames: number, positions: Positions): number =>
  positions && positions.length === frames ? (positions[frame] ?? 0) : frame / (frames - 1);

export function frameToX(frame: number, frames: number, width: number, positions?: Positions): number {
  const span = Math.max(0, width - 2 * PAD);
  if (frames <= 1) return PAD + span / 2;
  return PAD + fractionOf(frame, frames, positions) * span;
}

export function xToFrame(x: number, frames: number, width: number, positions?: Positions): number {
  if (frames <= 1) return 0;
  const span = Math.max(1, width - 2 * PAD);
  const fraction = (x - PAD) / span;
  if (positions && positions.length === frames) {
    // the frame nearest to the fraction: binary search for the first at or after it, then compare with the one before
    let lo = 0;
    let hi = frames - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((positions[mid] as number) < fraction) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0 && fraction - (positions[lo - 1] as number) <= (positions[lo] as number) - fraction) {
      // among equal positions, the first
      let i = lo - 1;
      while (i > 0 && positions[i - 1] === positions[i]) i--;
      return i;
    }
    return lo;
  }
  const f = Math.round(fraction * (frames - 1));
  return Math.min(frames - 1, Math.max(0, f));
}

/**
 * Per frame its kind's code (`Session.kinds`: an index into FRAME_KINDS, which is core's order too), so its bit
 * is `1 << code` (KIND_BITS).
 */
export function kindColumns(kinds: Uint8Array, width: number, positions?: Positions): Uint8Array {
  const cols = new Uint8Array(Math.max(1, Math.ceil(width)));
  const n = kinds.length;
  const last = cols.length - 1;
  if (positions && positions.length === n && n > 1) {
    const span = Math.max(0, width - 2 * PAD);
    for (let i = 0; i < n; i++) {
      const col = Math.min(last, Math.max(0, Math.round(PAD + (positions[i] as number) * span)));
      cols[col] = (cols[col] as number) | (1 << (kinds[i] as number));
    }
    return cols;
  }
  // frameToX, written out: this runs once per frame when a session is installed, so it saves the call and the
  // keyed lookup on every frame
  const span = Math.max(0, width - 2 * PAD);
  const step = n <= 1 ? 0 : span / (n - 1);
  const start = n <= 1 ? PAD + span / 2 : PAD;
  for (let i = 0; i < n; i++) {
    const col = Math.min(last, Math.max(0, Math.round(start + i * step)));
    cols[col] = (cols[col] as number) | (1 << (kinds[i] as number));
  }
  return cols;
}

/** One path per kind ("M x top V bottom" per column that holds it). */
export function kindPaths(cols: Uint8Array): Record<FrameKind, string> {
  const parts: Record<FrameKind, string[]> = { reasoning: [], text: [], args: [], other: [] };
  for (let c = 0; c < cols.length; c++) {
    const mask = cols[c] as number;
    if (mask === 0) continue;
    for (const kind of FRAME_KINDS) {
      if (mask & KIND_BITS[kind]) {
        const [top, bottom] = KIND_BAND[kind];
        parts[kind].push(`M${c + 0.5} ${top}V${bottom}`);
      }
    }
  }
  return { reasoning: parts.reasoning.join(''), text: parts.text.join(''), args: parts.args.join(''), other: parts.other.join('') };
}

/** Tick stroke width: wide for short recordings, one pixel when frames outnumber pixels. */
export function tickWidth(frames: number, width: number): number {
  if (frames <= 1) return 6;
  return Math.max(1, Math.min(6, ((width - 2 * PAD) / frames) * 0.6));
}

export interface MarkerGlyph {
  x: number;
  kind: MarkerKind;
  frame: number;
}

export function markerColumns(markers: readonly Marker[], frames: number, width: number, positions?: Positions): MarkerGlyph[] {
  const seen = new Set<string>();
  const out: MarkerGlyph[] = [];
  for (const m of markers) {
    const x = Math.round(frameToX(m.frame, frames, width, positions));
    const id = `${m.kind}:${x}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ x, kind: m.kind, frame: m.frame });
  }
  return out;
}

/** The frames a pixel column covers around x (for hover details when frames outnumber pixels). */
export function columnFrames(x: number, frames: number, width: number, positions?: Positions): [number, number] {
  const a = xToFrame(x - 0.5, frames, width, positions);
  const b = xToFrame(x + 0.5, frames, width, positions);
  return [Math.min(a, b), Math.max(a, b)];
}
