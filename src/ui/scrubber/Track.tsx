// The timeline drawing behind the Frame slider: one path per frame kind (ticks aggregated per pixel column) and
// marker glyphs with distinct shapes. It does not depend on the current frame, so seeking never redraws it.
import { memo, useMemo } from 'react';
import type { Marker, MarkerKind } from '../../store/markers';
import { FRAME_KINDS, TICK_HEIGHT, kindColumns, kindPaths, markerColumns, tickWidth } from './geometry';

export const MARKER_ROW = 11;
/** Marker rows: turn starts, lesson marks and anomalies on top, end signals and gaps, then parse failures and
 * calls that never ended (an anomaly falls on an end signal's or a failure's frame more often than on a turn's
 * start, so it shares the top row). */
export const MARKER_ROW_OF: Record<MarkerKind, number> = { turn: 0, mark: 0, anomaly: 0, end: 1, gap: 1, fail: 2, unended: 2 };
export const MARKERS_HEIGHT = MARKER_ROW * 3;

/** A glyph centred on (x, y), about 9 px: each kind its own shape, so colour is never the only signal. */
export function glyphPath(kind: MarkerKind, x: number, y: number): string {
  switch (kind) {
    case 'turn':
      return `M${x - 4.5} ${y - 4}H${x + 4.5}L${x} ${y + 4.5}Z`;
    case 'end':
      return `M${x - 3.5} ${y - 3.5}h7v7h-7Z`;
    case 'fail':
      return `M${x - 4} ${y - 4}L${x + 4} ${y + 4}M${x + 4} ${y - 4}L${x - 4} ${y + 4}`;
    case 'gap':
      return `M${x} ${y - 4.5}L${x + 4.5} ${y}L${x} ${y + 4.5}L${x - 4.5} ${y}Z`;
    case 'mark':
      return `M${x - 4} ${y}a4 4 0 1 0 8 0a4 4 0 1 0 -8 0`;
    case 'anomaly':
      // an exclamation mark: a bar and a dot
      return `M${x - 1.5} ${y - 4.5}h3v6h-3ZM${x - 1.5} ${y + 2.5}h3v2h-3Z`;
    case 'unended':
      // a bar cut short: an open bracket with no closing side
      return `M${x + 4} ${y - 4}H${x - 4}V${y + 4}H${x + 4}V${y + 2}H${x - 2}V${y - 2}H${x + 4}Z`;
  }
}

interface TrackProps {
  /** Frame kind codes (`Session.kinds`). */
  kinds: Uint8Array;
  markers: readonly Marker[];
  width: number;
  /** Time-proportional places of the frames (geometry.timePositions), or null for one step per frame. */
  positions?: Float64Array | null;
}

export const Track = memo(function Track({ kinds, markers, width, positions }: TrackProps) {
  const paths = useMemo(() => kindPaths(kindColumns(kinds, width, positions)), [kinds, width, positions]);
  const glyphs = useMemo(() => {
    const byKind: Record<MarkerKind, string[]> = { turn: [], end: [], fail: [], gap: [], mark: [], anomaly: [], unended: [] };
    for (const g of markerColumns(markers, kinds.length, width, positions)) {
      byKind[g.kind].push(glyphPath(g.kind, g.x, MARKER_ROW_OF[g.kind] * MARKER_ROW + MARKER_ROW / 2));
    }
    return byKind;
  }, [markers, kinds.length, width, positions]);
  const stroke = positions ? 2 : tickWidth(kinds.length, width);
  const height = MARKERS_HEIGHT + TICK_HEIGHT;

  return (
    <svg className="ss-track" width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false">
      <g className="ss-markers">
        {(Object.keys(glyphs) as MarkerKind[]).map((k) =>
          glyphs[k].length ? <path key={k} className={`ss-glyph ss-glyph-${k}`} d={glyphs[k].join('')} /> : null,
        )}
      </g>
      <g transform={`translate(0 ${MARKERS_HEIGHT})`}>
        <rect className="ss-track-bg" x={0} y={0} width={width} height={TICK_HEIGHT} rx={3} />
        {FRAME_KINDS.map((k) =>
          paths[k] ? <path key={k} className={`ss-tick ss-tick-${k}`} d={paths[k]} strokeWidth={stroke} /> : null,
        )}
      </g>
    </svg>
  );
});
