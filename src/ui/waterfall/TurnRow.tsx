// One turn of the waterfall, drawn in SVG by React: the turn button (left column), the segments on the bar lane,
// gap labels above it, the marks (buttons, >= 24 px targets) on the lane below with a leader line to their exact
// time, tool executions, the finish reason and anomalies as an icon with text. Geometry comes from the time scale.
import { Fragment, memo, type KeyboardEvent, type ReactElement } from 'react';
import type { FrameIndex, StrategyId } from '../../core/types';
import type { Lang, Translate } from '../i18n';
import type { CallRef } from '../panels/types';
import { drawableSegments } from './cull';
import { formatMs } from './format';
import type { MarkKind, MarkSpec, Row } from './layout';
import type { TimeScale } from './timeScale';

export const LABEL_W = 128;
export const ROW_H = 92;
const TEXT_Y = 13;
const BAR_Y = 18;
const BAR_H = 24;
const MARK_Y = 46;
const TARGET = 24;
const FOOT_Y = MARK_Y + TARGET + 14;

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
}

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

/**
 * Spreads marks (sorted by time) on one lane so their 24 px targets never overlap, pushing right, then back left
 * where the last would pass `max`; each keeps a leader line to its true time.
 */
export function dodge(xs: readonly number[], max: number): number[] {
  const out: number[] = [];
  let prev = -Infinity;
  for (const x of xs) {
    const placed = Math.max(x, prev + TARGET);
    out.push(placed);
    prev = placed;
  }
  let next = max + TARGET;
  for (let i = out.length - 1; i >= 0; i--) {
    const placed = Math.min(out[i] as number, next - TARGET);
    out[i] = placed;
    next = placed;
  }
  return out;
}

/** Memoized: during playback only the row whose `current` flips re-renders (the playhead is drawn elsewhere). */
export const TurnRow = memo(function TurnRow({ row, y, scale, lang, t, strategy, current, highlighted, patternId, rightRoom, on }: Props): ReactElement {
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
      ? t('waterfall.mark.readyLabel', { n, name: m.call.name, strategy, time: formatMs(lang, t, m.relMs), frame: m.frame ?? '-' })
      : t('waterfall.mark.label', { n, mark: t(`waterfall.mark.${m.kind}`), time: formatMs(lang, t, m.relMs), frame: m.frame ?? '-' });
  const marks = row.marks.filter((m) => {
    const x = scale.toPx(m.atMs);
    return x >= -TARGET && x <= w + TARGET;
  });
  const placed = dodge(marks.map((m) => scale.toPx(m.atMs)), w + rightRoom - TARGET / 2);
  const footerParts = [
    ...(row.timing.finishReason ? [{ text: t('waterfall.finish', { reason: row.timing.finishReason }), anomaly: false }] : []),
    ...row.anomalies.map((a) => ({ text: t(`waterfall.anomaly.${a.code}`), anomaly: true })),
  ];
  const footer = footerParts.length > 0;
  const footerWidth = footerParts.reduce((sum, p) => sum + p.text.length * 6.5 + 24, 0);
  const streamEndX = px(row.timing.requestAt + (row.timing.endMs ?? row.timing.lastFrameMs ?? 0));
  const footerAnchor = streamEndX - footerWidth >= 0 ? 'end' : 'start';
  const footerX = footerAnchor === 'end' ? Math.min(streamEndX, w - 4) : Math.max(4, px(row.timing.requestAt));

  return (
    <g className={`wf-row${current ? ' wf-row-current' : ''}`} transform={`translate(0 ${y})`} onMouseEnter={hover} onMouseLeave={() => on.hoverFrames(null)}>
      <g
        className="wf-turn"
        role="button"
        tabIndex={0}
        aria-label={turnLabel(row, lang, t)}
        aria-current={current ? 'true' : undefined}
        onClick={seekFirst}
        onKeyDown={activate(seekFirst)}
      >
        <rect className="wf-turn-bg" x={4} y={4} width={LABEL_W - 12} height={ROW_H - 12} rx={4} />
        <text className="wf-turn-name" x={14} y={30}>{t('waterfall.turn', { n })}</text>
      </g>
      {/* Outside the button, so its visible text ("Turn 7") is the start of its name (WCAG 2.5.3). */}
      <text className="wf-turn-sub" x={14} y={50} aria-hidden="true">{formatMs(lang, t, row.timing.firstFrameMs)}</text>
      <g transform={`translate(${LABEL_W} 0)`} clipPath={`url(#${patternId('clip')})`}>
        <rect className="wf-row-bg" x={0} y={0} width={w} height={ROW_H - 4} onClick={() => !on.wasDrag() && seekFirst()} />
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
        {marks.map((m, i) => {
          const x = scale.toPx(m.atMs);
          const gx = placed[i] as number;
          const callRef = m.call ? { turn: row.turn, key: m.call.key } : null;
          const lit = callRef !== null && highlighted !== null && highlighted.turn === callRef.turn && highlighted.key === callRef.key;
          const seek = () => {
            if (m.frame !== null) on.seek(m.frame);
          };
          return (
            <g key={`${m.kind}-${i}`} className={`wf-mark wf-mark-${m.kind}${lit ? ' wf-mark-lit' : ''}`}>
              <path className="wf-leader" d={`M${x} ${BAR_Y - 2}V${BAR_Y + BAR_H + 2}L${gx} ${MARK_Y}`} />
              <g
                role="button"
                tabIndex={0}
                aria-label={markLabel(m)}
                transform={`translate(${gx - TARGET / 2} ${MARK_Y})`}
                onClick={(e) => {
                  e.stopPropagation();
                  if (!on.wasDrag()) seek();
                }}
                onKeyDown={activate(seek)}
                onMouseEnter={() => callRef && on.hoverCall(callRef)}
                onMouseLeave={() => callRef && on.hoverCall(null)}
              >
                <rect className="wf-target" width={TARGET} height={TARGET} />
                <MarkGlyph kind={m.kind} />
                <title>{markLabel(m)}</title>
              </g>
            </g>
          );
        })}
        {footer ? (
          <text className="wf-finish" x={footerX} y={FOOT_Y} textAnchor={footerAnchor}>
            {footerParts.map((part, i) => (
              <Fragment key={i}>
                {i > 0 ? <tspan className="wf-finish-text">{' · '}</tspan> : null}
                <tspan className={part.anomaly ? 'wf-anomaly' : 'wf-finish-text'}>{part.anomaly ? `⚠ ${part.text}` : part.text}</tspan>
              </Fragment>
            ))}
          </text>
        ) : null}
      </g>
    </g>
  );
});
