// The waterfall's SVG: pattern defs (so segment kinds differ by texture as well as colour), the time axis with
// grid lines, one TurnRow per turn and the playhead. React owns every element; the scale only computes numbers.
import { forwardRef, useCallback, useMemo, type PointerEvent, type ReactElement } from 'react';
import type { FrameIndex, Ms, StrategyId, TurnIndex, TurnMs } from '../../core/types';
import type { Lang, Translate } from '../../i18n';
import type { CallRef } from '../../core/types';
import { formatMs, formatTick } from './format';
import type { WaterfallModel } from './layout';
import type { TimeScale } from './timeScale';
import { deepest, rowHeight, stackMarks } from './markStack';
import { LABEL_W, TurnRow, markItemId, turnItemId, type RowHandlers } from './TurnRow';

export const AXIS_H = 30;
/** Room right of the time domain for marks and labels at the end of the recording. */
export const RIGHT_PAD = 56;

interface Props {
  model: WaterfallModel;
  scale: TimeScale;
  lang: Lang;
  t: Translate;
  strategy: StrategyId;
  currentTurn: TurnIndex | null;
  playheadMs: Ms | null;
  playheadFrame: FrameIndex;
  playheadRelMs: TurnMs | null;
  highlighted: CallRef | null;
  idPrefix: string;
  on: RowHandlers;
  /** The item that takes Tab (roving tabindex); when it is not drawn, the first turn does. */
  activeId: string | null;
  onPointerDown: (e: PointerEvent<SVGSVGElement>) => void;
  onPointerMove: (e: PointerEvent<SVGSVGElement>) => void;
  onPointerUp: (e: PointerEvent<SVGSVGElement>) => void;
}

function Patterns({ id }: { id: (kind: string) => string }): ReactElement {
  const hatch = (kind: string, d: string, size = 6) => (
    <pattern id={id(kind)} patternUnits="userSpaceOnUse" width={size} height={size}>
      <rect className={`wf-fill-${kind}`} width={size} height={size} />
      <path className={`wf-hatch-${kind}`} d={d} />
    </pattern>
  );
  return (
    <defs>
      {hatch('wait', 'M0 3H6', 6)}
      {hatch('stream', 'M0 0', 6)}
      {hatch('reasoning', 'M-1 1L1 -1M0 6L6 0M5 7L7 5', 6)}
      {hatch('text', 'M0 0', 6)}
      {hatch('args', 'M1.5 1.5h1v1h-1zM4.5 4.5h1v1h-1z', 6)}
      {hatch('gap', 'M0 0L8 8M8 0L0 8', 8)}
      {hatch('tool', 'M2 0V6', 4)}
    </defs>
  );
}

export const WaterfallSvg = forwardRef<SVGSVGElement, Props>(function WaterfallSvg(props, ref) {
  const { model, scale, lang, t, idPrefix } = props;
  const id = useCallback((kind: string) => `${idPrefix}-${kind}`, [idPrefix]);
  const width = LABEL_W + scale.width + RIGHT_PAD;
  // per row: its marks placed at this zoom, its height and top (rows are as tall as their deepest stack)
  const placed = useMemo(() => {
    let top = 0;
    return model.rows.map((row) => {
      const clusters = stackMarks(row.marks, scale.toPx, scale.width);
      const footer = row.timing.finishReason !== null || row.anomalies.length > 0;
      const h = rowHeight(deepest(clusters), footer);
      const y = top;
      top += h;
      return { clusters, height: h, y };
    });
  }, [model, scale]);
  const rowsHeight = placed.reduce((sum, p) => sum + p.height, 0);
  const height = AXIS_H + rowsHeight + 4;
  const ids = useMemo(
    () => new Set(model.rows.flatMap((row, i) => [turnItemId(row.turn), ...(placed[i]?.clusters ?? []).map((_, ci) => markItemId(row.turn, ci))])),
    [model, placed],
  );
  const firstTurn = model.rows[0];
  const activeId = props.activeId !== null && ids.has(props.activeId) ? props.activeId : firstTurn ? turnItemId(firstTurn.turn) : null;
  const ticks = scale.ticks();
  const playX = props.playheadMs === null ? null : scale.toPx(props.playheadMs);
  return (
    <svg
      ref={ref}
      className="wf-svg"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="group"
      aria-label={t('waterfall.svgTitle')}
      onPointerDown={props.onPointerDown}
      onPointerMove={props.onPointerMove}
      onPointerUp={props.onPointerUp}
      onPointerCancel={props.onPointerUp}
    >
      <Patterns id={id} />
      <clipPath id={id('clip')}>
        <rect x={-2} y={-AXIS_H} width={scale.width + RIGHT_PAD} height={height + AXIS_H} />
      </clipPath>
      <rect className="wf-bg" width={width} height={height} />
      <g className="wf-axis" transform={`translate(${LABEL_W} 0)`} aria-hidden="true">
        {ticks.map((tick) => (
          <g key={tick.ms} transform={`translate(${tick.px} 0)`}>
            <line className="wf-grid" y1={AXIS_H - 6} y2={height} />
            <text className="wf-tick" y={AXIS_H - 10} textAnchor={tick.px < 20 ? 'start' : tick.px > scale.width - 20 ? 'end' : 'middle'}>
              {formatTick(lang, t, tick)}
            </text>
          </g>
        ))}
      </g>
      <g transform={`translate(0 ${AXIS_H})`}>
        {model.rows.map((row, i) => (
          <TurnRow
            key={row.turn}
            row={row}
            y={placed[i]?.y ?? 0}
            clusters={placed[i]?.clusters ?? []}
            height={placed[i]?.height ?? rowHeight(1, true)}
            activeId={activeId}
            scale={scale}
            lang={lang}
            t={t}
            strategy={props.strategy}
            current={row.turn === props.currentTurn}
            highlighted={props.highlighted}
            patternId={id}
            rightRoom={RIGHT_PAD}
            on={props.on}
          />
        ))}
      </g>
      {playX !== null && playX >= 0 && playX <= scale.width ? (
        <g className="wf-playhead" transform={`translate(${LABEL_W + playX} 0)`}>
          <line y1={AXIS_H - 4} y2={height} />
          <path d="M-5 0H5L0 8Z" transform={`translate(0 ${AXIS_H - 10})`} />
          <title>{t('waterfall.playhead', { frame: props.playheadFrame, time: formatMs(lang, t, props.playheadRelMs) })}</title>
        </g>
      ) : null}
    </svg>
  );
});
