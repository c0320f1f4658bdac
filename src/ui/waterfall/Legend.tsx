// The waterfall's legend: each segment texture and each mark glyph with its name, so colour is never the only
// signal. Swatches reuse the main SVG's patterns by id (same document).
import { memo, type ReactElement } from 'react';
import type { Translate } from '../../i18n';
import type { MarkKind, SegmentKind } from './layout';
import { MarkGlyph } from './TurnRow';

const SEGMENTS: (SegmentKind | 'tool')[] = ['wait', 'stream', 'reasoning', 'text', 'args', 'gap', 'tool'];
const MARKS: MarkKind[] = ['first-frame', 'first-reasoning', 'first-text', 'first-call', 'ready', 'end'];

export const Legend = memo(function Legend({ t, idPrefix }: { t: Translate; idPrefix: string }): ReactElement {
  const patternId = (kind: string) => `${idPrefix}-${kind}`;
  return (
    <ul className="wf-legend" aria-label={t('waterfall.legend')}>
      {SEGMENTS.map((kind) => (
        <li key={kind}>
          <svg width={22} height={14} aria-hidden="true">
            <rect className={`wf-swatch wf-seg-${kind}`} width={22} height={14} fill={`url(#${patternId(kind)})`} />
          </svg>
          {t(`waterfall.seg.${kind}`)}
        </li>
      ))}
      {MARKS.map((kind) => (
        <li key={kind} className={`wf-mark-${kind}`}>
          <svg width={24} height={24} aria-hidden="true">
            <MarkGlyph kind={kind} />
          </svg>
          {t(`waterfall.mark.${kind}`)}
        </li>
      ))}
    </ul>
  );
});
