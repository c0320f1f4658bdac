// The three readings of "time to first token" per turn, always together and each named (src/core/README.md):
// first frame, first text, first tool call, in ms from the turn's request.
import { memo, type ReactElement } from 'react';
import type { TurnIndex, TurnTiming } from '../../core/types';
import type { Lang, Translate } from '../../i18n';
import { formatMs } from './format';

interface Props {
  timings: readonly TurnTiming[];
  currentTurn: TurnIndex | null;
  lang: Lang;
  t: Translate;
}

export const Readings = memo(function Readings({ timings, currentTurn, lang, t }: Props): ReactElement {
  return (
    <table className="wf-table wf-readings">
      <caption>{t('waterfall.ttft.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('waterfall.ttft.turn')}</th>
          <th scope="col">{t('waterfall.ttft.firstFrame')}</th>
          <th scope="col">{t('waterfall.ttft.firstText')}</th>
          <th scope="col">{t('waterfall.ttft.firstCall')}</th>
        </tr>
      </thead>
      <tbody>
        {timings.map((tm) => (
          <tr key={tm.turn} aria-current={tm.turn === currentTurn ? 'true' : undefined}>
            <th scope="row">{t('waterfall.turn', { n: tm.turn + 1 })}</th>
            <td>{formatMs(lang, t, tm.firstFrameMs)}</td>
            <td>{formatMs(lang, t, tm.firstTextMs)}</td>
            <td>{formatMs(lang, t, tm.firstToolCallMs)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});
