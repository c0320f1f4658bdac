/**
 * Words for a frame and a marker: the slider's aria-valuetext, the live region and the tooltips.
 *
 * Contract: pure (a Session, a frame, a translator). Frames are counted from 1 for people ("Frame 43 of 310")
 * while the slider's value stays the 0-based index; times are milliseconds from the frame's turn request, as the
 * CLI prints them.
 */
import type { Session } from '../../core/types';
import type { Marker } from '../../store/markers';
import { translateData, type Translate } from '../../i18n';
import { getFrame } from '../../core/sse/frame-table';

export function turnRelativeTime(session: Session, frame: number): number {
  const f = getFrame(session.frames, frame);
  if (!f) return 0;
  const requestAt = session.recording.turns[f.turn]?.requestAt ?? session.timings.find((t) => t.turn === f.turn)?.requestAt ?? 0;
  return Math.round((f.time - requestAt) * 10) / 10;
}

/**
 * The slider's value in words. The number is the frame's index (from 0), the one the visible counter, the raw rows'
 * names, the URL's `f` and the CLI use, so a screen-reader user and a sighted one name the same frame alike.
 */
export function frameValueText(session: Session, frame: number, t: Translate): string {
  const f = getFrame(session.frames, frame);
  if (!f) return t('app.frame.position', { n: 0, total: session.frames.count });
  return t('app.frame.valuetext', { n: frame, total: session.frames.count, ms: turnRelativeTime(session, frame), event: f.event });
}

export function markerText(marker: Marker, session: Session, t: Translate, lang: 'zh' | 'en'): string {
  switch (marker.kind) {
    case 'turn':
      return t('app.marker.turn', { turn: marker.detail ?? '' });
    case 'end':
      return t('app.marker.end', { detail: marker.detail ?? '' });
    case 'fail':
      return t('app.marker.fail', { detail: marker.detail ?? '' });
    case 'gap':
      return t('app.marker.gap', { ms: Number(marker.detail ?? 0) });
    case 'mark': {
      const label = session.recording.marks[Number(marker.detail ?? -1)]?.label;
      return t('app.marker.mark', { label: label ? label[lang] : '' });
    }
    case 'anomaly':
      return t('app.marker.anomaly', { name: translateData(t, `anomaly.${marker.detail ?? ''}`) });
    case 'unended':
      return t('app.marker.unended', { name: marker.detail ?? '' });
  }
}

/** Markers whose frame lies in [from, to] (markers are sorted by frame), at most `limit`. */
export function markersIn(markers: readonly Marker[], from: number, to: number, limit = 5): Marker[] {
  let lo = 0;
  let hi = markers.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((markers[mid] as Marker).frame < from) lo = mid + 1;
    else hi = mid;
  }
  const out: Marker[] = [];
  for (let i = lo; i < markers.length && out.length < limit; i++) {
    const m = markers[i] as Marker;
    if (m.frame > to) break;
    out.push(m);
  }
  return out;
}
