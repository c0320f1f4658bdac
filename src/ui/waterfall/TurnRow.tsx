// One turn of the waterfall, drawn in SVG by React: the turn button (left column), the segments on the bar lane,
// gap labels above it, the marks on the lane below at their true time (./markStack.ts: marks that coincide at this
// zoom stack vertically and share one >= 24 px target named with all of them), tool executions, the finish reason
// and anomalies as an icon with text. Geometry comes from the time scale. The turn and mark buttons take part in
// the waterfall's roving tabindex (one Tab stop; `activeId` is the one that takes Tab).
import { Fragment, memo, type KeyboardEvent, type ReactElement } from 'react';
import type { FrameIndex, StrategyId } from '../../core/types';
import type { Lang, Translate } from '../../i18n';
import type { CallRef } from '../../core/types';
import { drawableSegments } from './cull';
import { formatMs } from './format';
import type { MarkKind, MarkSpec, Row } from './layout';
import type { TimeScale } from './timeScale';
import { fitText, textWidth } from './fitText';
import { svgTabIndex } from './svgTabIndex';
import { BAR_H, BAR_Y, MARK_Y, PITCH, TARGET, TEXT_Y, footerY, glyphY, rowHeight, stackHeight, type MarkCluster } from './markStack';

export const LABEL_W = 128;
/** The slimmest row (single marks, a footer line): rows grow only where marks stack. */
export const ROW_H = rowHeight(1, true);

export interface RowHandlers {
  seek: (frame: FrameIndex) => void;
  hoverFrames: (range: [number, number] | null) => void;
  hoverCall: (call: CallRef | null) => void;
  /** True when the click ends a drag and must be ignored. */
  wasDrag: () => boolean;
}

interface Props {
  row: Row;
  y: number;
  scale: TimeScale;
  lang: Lang;
  t: Translate;
  strategy: StrategyId;
  current: boolean;
  highlighted: CallRef | null;
  patternId: (kind: string) => string;
  /** Px available right of the plot for marks at the end of the recording. */
  rightRoom: number;
  on: RowHandlers;
  /** The row's marks, placed (markStack.stackMarks), and the row's height. */
  clusters: readonly MarkCluster[];
  height: number;
  /** The item of the waterfall that takes Tab (`turn-<n>` or `mark-<n>-<i>`), or null. */
  activeId: string | null;
}

export const turnItemId = (turn: number): string => `turn-${turn}`;
export const markItemId = (turn: number, cluster: number): string => `mark-${turn}-${cluster}`;

const activate = (run: () => void) => (e: KeyboardEvent<SVGGElement>) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    run();
  }
};

export function turnLabel(row: Row, lang: Lang, t: Translate): string {
  const n = row.turn + 1;
  const tm = row.timing;
  const noCall = tm.anomalies.some((a) => a.code === 'finish-tool-calls-without-call');
  const finish =
    tm.finishReason === null
      ? t('waterfall.finish.none')
      : t(noCall ? 'waterfall.finish.noCall' : 'waterfall.finish', { reason: tm.finishReason });
  const others = tm.anomalies.filter((a) => a.code !== 'finish-tool-calls-without-call').length;
  const head =
    tm.frames === null
      ? t('waterfall.turn.labelNoFrames', { n, finish })
      : t('waterfall.turn.label', { n, first: formatMs(lang, t, tm.firstFrameMs), count: tm.frameCount, finish });
  return others > 0 ? `${head}, ${t('waterfall.turn.anomalies', { count: others })}` : head;
}

/** A glyph centred on (cx, cy), drawn in a 24 px box and scaled (smaller when stacked). */
export function PlacedGlyph({ kind, cx, cy, scale }: { kind: MarkKind; cx: number; cy: number; scale: number }): ReactElement {
  return (
    <g transform={`translate(${cx} ${cy}) scale(${scale}) translate(${-TARGET / 2} ${-TARGET / 2})`}>
      <MarkGlyph kind={kind} />
    </g>
  );
}

export function MarkGlyph({ kind }: { kind: MarkKind }): ReactElement {
  const c = TARGET / 2;
  switch (kind) {
    case 'first-frame':
      return <circle className="wf-glyph" cx={c} cy={c} r={5} />;
    case 'first-reasoning':
      return <path className="wf-glyph" d={`M${c - 6} ${c + 5}L${c} ${c - 6}L${c + 6} ${c + 5}Z`} />;
    case 'first-text':
      return <rect className="wf-glyph" x={c - 5} y={c - 5} width={10} height={10} />;
    case 'first-call':
      return <path className="wf-glyph" d={`M${c} ${c - 7}L${c + 7} ${c}L${c} ${c + 7}L${c - 7} ${c}Z`} />;
    case 'ready':
      return <path className="wf-glyph wf-glyph-ready" d={`M${c - 6} ${c}L${c - 2} ${c + 5}L${c + 6} ${c - 6}`} />;
    case 'end':
      return <rect className="wf-glyph" x={c - 2} y={c - 7} width={4} height={14} />;
  }
}

/** Memoized: during playback only the row whose `current` flips re-renders (the playhead is drawn elsewhere). */
export const TurnRow = memo(function TurnRow({ row, y, scale, lang, t, strategy, current, highlighted, patternId, rightRoom, on, clusters, height, activeId }: Props): ReactElement {
  const n = row.turn + 1;
  const w = scale.width;
  const px = (msAbs: number) => Math.max(-4, Math.min(w + 4, scale.toPx(msAbs)));
  const first = row.timing.frames?.[0] ?? null;
  const seekFirst = () => {
    if (first !== null) on.seek(first);
  };
  const hover = () => on.hoverFrames(row.timing.frames ? [row.timing.frames[0], row.timing.frames[1]] : null);
  const markLabel = (m: MarkSpec) =>
    m.kind === 'ready' && m.call
      ? t('waterfall.mark.readyLabel', { n, name: m.call.name, strategy: t(`strategy.${strategy}.label`), time: formatMs(lang, t, m.relMs), frame: m.frame ?? '-' })
      : t('waterfall.mark.label', { n, mark: t(`waterfall.mark.${m.kind}`), time: formatMs(lang, t, m.relMs), frame: m.frame ?? '-' });
  const depth = clusters.reduce((d, c) => Math.max(d, c.marks.length), 1);
  const footerParts = [
    ...(row.timing.finishReason ? [{ text: t('waterfall.finish', { reason: row.timing.finishReason }), anomaly: false }] : []),
    ...row.anomalies.map((a) => ({ text: t(`waterfall.anomaly.${a.code}`), anomaly: true })),
  ];
  const footer = footerParts.length > 0;
  const footerText = footerParts.map((p) => (p.anomaly ? `⚠ ${p.text}` : p.text)).join(' · ');
  const footerWidth = textWidth(footerText);
  const streamEndX = px(row.timing.requestAt + (row.timing.endMs ?? row.timing.lastFrameMs ?? 0));
  const footerAnchor = streamEndX - footerWidth >= 0 ? 'end' : 'start';
  const footerX = footerAnchor === 'end' ? Math.min(streamEndX, w - 4) : Math.max(4, px(row.timing.requestAt));
  // a plot narrower than the words (a phone, a narrow doc column): cut with an ellipsis, the whole in its title
  const footerCut = footerAnchor === 'start' && footerX + footerWidth > w - 4 ? fitText(footerText, Math.max(40, w - 4 - footerX)) : null;

  return (
    <g className={`wf-row${current ? ' wf-row-current' : ''}`} transform={`translate(0 ${y})`} onMouseEnter={hover} onMouseLeave={() => on.hoverFrames(null)}>
      <g
        className="wf-turn"
        role="button"
        {...svgTabIndex(activeId === turnItemId(row.turn) ? 0 : -1)}
        data-wf-item={turnItemId(row.turn)}
        data-wf-kind="turn"
        onFocus={hover}
        aria-label={turnLabel(row, lang, t)}
        aria-current={current ? 'true' : undefined}
        onClick={seekFirst}
        onKeyDown={activate(seekFirst)}
      >
        <rect className="wf-turn-bg" x={4} y={4} width={LABEL_W - 12} height={height - 12} rx={4} />
        <text className="wf-turn-name" x={14} y={24}>{t('waterfall.turn', { n })}</text>
      </g>
      {/* Outside the button, so its visible text ("Turn 7") is the start of its name (WCAG 2.5.3). */}
      <text className="wf-turn-sub" x={14} y={40} aria-hidden="true">{formatMs(lang, t, row.timing.firstFrameMs)}</text>
      <g transform={`translate(${LABEL_W} 0)`} clipPath={`url(#${patternId('clip')})`}>
        <rect className="wf-row-bg" x={0} y={0} width={w} height={height - 4} onClick={() => !on.wasDrag() && seekFirst()} />
        {drawableSegments(row.segments, scale.toPx, w).map(({ segment: s, kind, x: from, width: rawWidth }, i) => {
          const width = Math.max(1, rawWidth);
          const title = t('waterfall.seg.title', {
            kind: t(`waterfall.seg.${kind}`),
            from: formatMs(lang, t, s.fromMs - row.timing.requestAt),
            to: formatMs(lang, t, s.toMs - row.timing.requestAt),
            length: formatMs(lang, t, s.toMs - s.fromMs),
          });
          const seek = () => {
            if (!on.wasDrag() && s.frame !== null) on.seek(s.frame);
          };
          return (
            <g
              key={i}
              className={`wf-seg wf-seg-${kind}`}
              onClick={seek}
              onMouseEnter={() => s.frames && on.hoverFrames([s.frames[0], s.frames[1]])}
              onMouseLeave={hover}
            >
              <rect x={from} y={BAR_Y} width={width} height={BAR_H} fill={`url(#${patternId(kind)})`} />
              <title>{title}</title>
              {kind === 'gap' ? (
                <text className="wf-gap-label" x={from + width / 2} y={TEXT_Y} textAnchor="middle" aria-label={t('waterfall.gap.label', { length: formatMs(lang, t, s.toMs - s.fromMs), frame: s.frame ?? '-' })}>
                  {formatMs(lang, t, s.toMs - s.fromMs)}
                </text>
              ) : null}
            </g>
          );
        })}
        {row.tools.map((tool) => {
          const from = px(tool.fromMs);
          const width = Math.max(2, px(tool.toMs) - from);
          return (
            <g key={tool.callId} className="wf-tool">
              <rect x={from} y={BAR_Y + 3} width={width} height={BAR_H - 6} fill={`url(#${patternId('tool')})`} />
              {from + width + 3 + tool.name.length * 7 <= w + rightRoom ? (
                <text className="wf-tool-label" x={from + width + 3} y={BAR_Y + BAR_H - 7}>{tool.name}</text>
              ) : (
                <text className="wf-tool-label" x={from - 3} y={BAR_Y - 3} textAnchor="end">{tool.name}</text>
              )}
              <title>{t('waterfall.tool.label', { n, name: tool.name, duration: formatMs(lang, t, tool.durationMs), from: formatMs(lang, t, tool.fromMs - row.timing.requestAt) })}</title>
            </g>
          );
        })}
        {clusters.map((cluster, ci) => {
          const first = cluster.marks[0];
          if (!first) return null;
          const stacked = cluster.marks.length;
          const h = stackHeight(stacked);
          const callMark = cluster.marks.find((p) => p.mark.call);
          const callRef = callMark?.mark.call ? { turn: row.turn, key: callMark.mark.call.key } : null;
          const lit = cluster.marks.some(
            (p) => p.mark.call && highlighted !== null && highlighted.turn === row.turn && highlighted.key === p.mark.call.key,
          );
          const frames = cluster.marks.map((p) => p.mark.frame).filter((f): f is FrameIndex => f !== null);
          const label = cluster.marks.map((p) => markLabel(p.mark)).join('; ');
          // a click seeks to the mark under the pointer (its level in the stack); Enter to the first, and each
          // further Enter to the next one down
          const seekLevel = (level: number) => {
            const m = cluster.marks[Math.min(stacked - 1, Math.max(0, level))]?.mark;
            if (m && m.frame !== null) on.seek(m.frame);
          };
          const enter = () => {
            if (callRef) on.hoverCall(callRef);
            if (frames.length) on.hoverFrames([Math.min(...frames), Math.max(...frames)]);
          };
          const leave = () => {
            if (callRef) on.hoverCall(null);
            hover();
          };
          const id = markItemId(row.turn, ci);
          return (
            <g key={`${ci}-${first.mark.kind}`} className={`wf-mark wf-mark-${first.mark.kind}${lit ? ' wf-mark-lit' : ''}`} data-marks={stacked}>
              {cluster.marks.map((p) => (
                <path key={`l${p.level}`} className="wf-leader" d={`M${p.x} ${BAR_Y - 2}V${glyphY(p.level, stacked)}`} />
              ))}
              <g
                role="button"
                {...svgTabIndex(activeId === id ? 0 : -1)}
                data-wf-item={id}
                aria-label={label}
                onClick={(e) => {
                  e.stopPropagation();
                  if (on.wasDrag()) return;
                  const top = e.currentTarget.getBoundingClientRect().top;
                  seekLevel(stacked > 1 && Number.isFinite(top) && e.clientY > 0 ? Math.floor((e.clientY - top - 2) / PITCH) : 0);
                }}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter' && e.key !== ' ') return;
                  e.preventDefault();
                  const el = e.currentTarget;
                  const level = Number(el.dataset.next ?? 0) % stacked;
                  el.dataset.next = String(level + 1);
                  seekLevel(level);
                }}
                onBlur={(e) => {
                  delete e.currentTarget.dataset.next;
                  leave();
                }}
                onMouseEnter={enter}
                onMouseLeave={leave}
                onFocus={enter}
              >
                <rect className="wf-target" x={cluster.x0 - TARGET / 2} y={MARK_Y} width={cluster.x1 - cluster.x0 + TARGET} height={h} rx={3} />
                {cluster.marks.map((p) => (
                  <g key={p.level} className={`wf-mark-${p.mark.kind}`}>
                    <PlacedGlyph kind={p.mark.kind} cx={p.x} cy={glyphY(p.level, stacked)} scale={stacked > 1 ? 0.5 : 0.9} />
                  </g>
                ))}
                <title>{label}</title>
              </g>
            </g>
          );
        })}
        {footer ? (
          footerCut !== null ? (
            <text className="wf-finish" x={footerX} y={footerY(depth)} textAnchor="start">
              <tspan className={row.anomalies.length > 0 ? 'wf-anomaly' : 'wf-finish-text'}>{footerCut}</tspan>
              <title>{footerText}</title>
            </text>
          ) : (
            <text className="wf-finish" x={footerX} y={footerY(depth)} textAnchor={footerAnchor}>
              {footerParts.map((part, i) => (
                <Fragment key={i}>
                  {i > 0 ? <tspan className="wf-finish-text">{' · '}</tspan> : null}
                  <tspan className={part.anomaly ? 'wf-anomaly' : 'wf-finish-text'}>{part.anomaly ? `⚠ ${part.text}` : part.text}</tspan>
                </Fragment>
              ))}
            </text>
          )
        ) : null}
      </g>
    </g>
  );
});
