// The timeline legend: the same bands and glyphs as the track, with words.
import { FRAME_KINDS, KIND_BAND } from './geometry';
import { glyphPath } from './Track';
import type { MarkerKind } from '../../store/markers';
import { MARKER_KINDS } from '../../store/markers';
import type { Translate } from '../../i18n';

export function Legend({ t }: { t: Translate }) {
  return (
    <ul className="ss-legend" aria-label={t('app.timeline.legend')}>
      {FRAME_KINDS.map((k) => (
        <li key={k}>
          <svg width={10} height={28} viewBox="0 0 10 28" aria-hidden="true">
            <path className={`ss-tick ss-tick-${k}`} d={`M5 ${KIND_BAND[k][0]}V${KIND_BAND[k][1]}`} strokeWidth={4} />
          </svg>
          {t(`app.kind.${k}`)}
        </li>
      ))}
      {MARKER_KINDS.map((k: MarkerKind) => (
        <li key={k}>
          <svg width={12} height={12} viewBox="0 0 12 12" aria-hidden="true">
            <path className={`ss-glyph ss-glyph-${k}`} d={glyphPath(k, 6, 6)} />
          </svg>
          {t(`app.marker.legend.${k}`)}
        </li>
      ))}
    </ul>
  );
}
