/**
 * Scrubber geometry: frame <-> x, tick columns aggregated per pixel, marker glyph positions.
 *
 * Contract: pure. Frames map linearly onto [pad, width - pad] so a tick sits under the native range thumb at the
 * same value. `kindColumns` is O(frames) and returns one bitmask per pixel column (never one element per frame);
 * `kindPaths` turns it into one SVG path per kind. Kinds differ by vertical band as well as colour, so the timeline
 * reads without colour. `markerColumns` keeps one glyph per (pixel column, kind).
 */
import type { FrameKind } from '../../core/types';
import type { Marker, MarkerKind } from '../../store/markers';

export const THUMB = 16;
export const PAD = THUMB / 2;
export const TICK_HEIGHT = 28;

export const KIND_BITS: Record<FrameKind, number> = { reasoning: 1, text: 2, args: 4, other: 8 };
export const FRAME_KINDS: readonly FrameKind[] = ['reasoning', 'text', 'args', 'other'];

/** Vertical band of each kind inside the tick area: [top, bottom] in px. */
export const KIND_BAND: Record<FrameKind, [number, number]> = {
  reasoning: [2, 11],
  text: [9, 19],
  args: [2, 26],
  other: [21, 26],
};

export function frameToX(frame: number, frames: number, width: number): number {
  const span = Math.max(0, width - 2 * PAD);
  if (frames <= 1) return PAD + span / 2;
  return PAD + (frame / (frames - 1)) * span;
}

export function xToFrame(x: number, frames: number, width: number): number {
  if (frames <= 1) return 0;
  const span = Math.max(1, width - 2 * PAD);
  const f = Math.round(((x - PAD) / span) * (frames - 1));
  return Math.min(frames - 1, Math.max(0, f));
}

/** The bit of a kind, by comparison (a keyed lookup in this once-per-load loop stayed unoptimised on V8). */
function kindBit(kind: FrameKind): number {
  return kind === 'text' ? 2 : kind === 'args' ? 4 : kind === 'reasoning' ? 1 : 8;
}

export function kindColumns(kinds: readonly FrameKind[], width: number): Uint8Array {
  const cols = new Uint8Array(Math.max(1, Math.ceil(width)));
  const n = kinds.length;
  const last = cols.length - 1;
  // frameToX, written out: this runs once per frame when a session is installed (100,000 frames took 19-28 ms in
  // Chromium traces with the call and the keyed lookup)
  const span = Math.max(0, width - 2 * PAD);
  const step = n <= 1 ? 0 : span / (n - 1);
  const start = n <= 1 ? PAD + span / 2 : PAD;
  for (let i = 0; i < n; i++) {
    const col = Math.min(last, Math.max(0, Math.round(start + i * step)));
    cols[col] = (cols[col] as number) | kindBit(kinds[i] as FrameKind);
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

export function markerColumns(markers: readonly Marker[], frames: number, width: number): MarkerGlyph[] {
  const seen = new Set<string>();
  const out: MarkerGlyph[] = [];
  for (const m of markers) {
    const x = Math.round(frameToX(m.frame, frames, width));
    const id = `${m.kind}:${x}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ x, kind: m.kind, frame: m.frame });
  }
  return out;
}

/** The frames a pixel column covers around x (for hover details when frames outnumber pixels). */
export function columnFrames(x: number, frames: number, width: number): [number, number] {
  const a = xToFrame(x - 0.5, frames, width);
  const b = xToFrame(x + 0.5, frames, width);
  return [Math.min(a, b), Math.max(a, b)];
}
