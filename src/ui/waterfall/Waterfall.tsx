// The span waterfall (README.md): a region below the panels with one row per turn on a shared time axis,
// linked to the player (playhead, click seeks, hover highlights), zoomable and pannable, exportable as SVG / PNG,
// with the three time-to-first-token readings and the what-if tool execution table.
import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactElement } from 'react';
import { sinceRequest, turnIndex, type CallRef, type FrameIndex } from '../../core/types';
import type { PanelProps } from '../panels/types';
import { exportPng, exportSvg } from './exportImage';
import { buildWaterfall } from './layout';
import { Legend } from './Legend';
import { Readings } from './Readings';
import { createTimeScale } from './timeScale';
import { LABEL_W } from './TurnRow';
import { useZoomPan } from './useZoomPan';
import { RIGHT_PAD, WaterfallSvg } from './WaterfallSvg';
import { DEFAULT_TOOL_MS, WhatIf } from './WhatIf';
import { registerMessages } from '../../i18n';
import { waterfall } from '../../i18n/messages/waterfall';
import './waterfall.css';
import { getFrame } from '../../core/sse/frame-table';
import { Region } from '../shell/Region';
import { AfterFirstPaint } from '../shell/AfterFirstPaint';

// the waterfall's strings load with its code (it is not part of the first page load)
registerMessages(waterfall);

export interface WaterfallProps extends PanelProps {
  /** Hovering a turn reports its frame range [first, last] so other panels can highlight it; null on leave. */
  onHoverFrames?: (range: [number, number] | null) => void;
  /** Width in px before the element has been measured (and in environments without ResizeObserver). */
  initialWidth?: number;
}

/**
 * The waterfall's roving tabindex: one Tab stop (the last focused turn or mark), Up / Down to the previous / next
 * turn, Left / Right to the previous / next item (turns and marks in reading order). True when the key was used.
 */
function moveFocus(e: KeyboardEvent<HTMLDivElement>): boolean {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return false;
  const key = e.key;
  if (key !== 'ArrowUp' && key !== 'ArrowDown' && key !== 'ArrowLeft' && key !== 'ArrowRight') return false;
  const target = (e.target as Element).closest?.('[data-wf-item]');
  if (!target) return false;
  const turnsOnly = key === 'ArrowUp' || key === 'ArrowDown';
  const items = [...e.currentTarget.querySelectorAll<SVGGElement>(turnsOnly ? '[data-wf-kind="turn"]' : '[data-wf-item]')];
  let at = items.indexOf(target as SVGGElement);
  if (at < 0 && turnsOnly) {
    // from a mark: Up / Down go to the turns above / below its row's turn
    const row = target.closest('.wf-row');
    at = items.findIndex((el) => el.closest('.wf-row') === row);
  }
  const next = items[at + (key === 'ArrowDown' || key === 'ArrowRight' ? 1 : -1)];
  e.preventDefault();
  e.stopPropagation();
  next?.focus();
  return true;
}

function useWidth(initial: number): [(el: HTMLDivElement | null) => void, number] {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const ro = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w && w > 0) setWidth(Math.floor(w));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return [setEl, width];
}

export function Waterfall(props: WaterfallProps): ReactElement {
  const { session, strategy, frame, lang, t, onSeek, onHoverCall, onHoverFrames } = props;
  const idPrefix = `wf${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const model = useMemo(() => buildWaterfall(session, strategy), [session, strategy]);
  const [measureRef, outerWidth] = useWidth(props.initialWidth ?? 960);
  const plotWidth = Math.max(120, outerWidth - LABEL_W - RIGHT_PAD);
  const zp = useZoomPan(plotWidth, model.domain, LABEL_W);
  const { k, x } = zp.view;
  const scale = useMemo(() => createTimeScale(model.domain, plotWidth, { k, x }), [model.domain, plotWidth, k, x]);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const [defaultMs, setDefaultMs] = useState(DEFAULT_TOOL_MS);
  const [exportError, setExportError] = useState<string | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const onFocusItem = (e: FocusEvent<HTMLDivElement>) => {
    const id = (e.target as Element).getAttribute?.('data-wf-item');
    if (id) setActiveId(id);
  };
  const onCanvasKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!moveFocus(e)) zp.onKeyDown(e);
  };

  const current = getFrame(session.frames, frame) ?? null;
  const currentTurn = current?.turn ?? (session.timings.length ? turnIndex(0) : null);
  const currentTiming = session.timings.find((tm) => tm.turn === currentTurn) ?? null;
  const playheadRelMs = current && currentTiming ? sinceRequest(current.time, currentTiming.requestAt) : null;
  const highlighted: CallRef | null = props.hoveredCall ?? props.selectedCall;

  // The latest callbacks, read at event time, so the rows' handlers stay one stable object (rows are memoized).
  const latest = useRef({ onSeek, onHoverCall, onHoverFrames });
  useEffect(() => {
    latest.current = { onSeek, onHoverCall, onHoverFrames };
  });
  const on = useMemo(
    () => ({
      seek: (f: FrameIndex) => latest.current.onSeek(f),
      hoverFrames: (range: [number, number] | null) => latest.current.onHoverFrames?.(range),
      hoverCall: (call: CallRef | null) => latest.current.onHoverCall(call),
      wasDrag: zp.wasDrag,
    }),
    [zp.wasDrag],
  );

  const runExport = (kind: 'svg' | 'png') => {
    const svg = svgRef.current;
    if (!svg) return;
    setExportError(null);
    const name = `streamscope-waterfall.${kind}`;
    try {
      if (kind === 'svg') exportSvg(svg, name);
      else exportPng(svg, name).catch((e: unknown) => setExportError(e instanceof Error ? e.message : String(e)));
    } catch (e) {
      setExportError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Region className="wf" aria-label={t('waterfall.region')} data-theme={props.theme}>
      <h2 className="wf-heading">{t('waterfall.region')}</h2>
      <div className="wf-toolbar" role="toolbar" aria-label={t('waterfall.toolbar')}>
        <button type="button" onClick={() => zp.zoom(1.5)}>{t('waterfall.zoomIn')}</button>
        <button type="button" onClick={() => zp.zoom(1 / 1.5)}>{t('waterfall.zoomOut')}</button>
        <button type="button" onClick={zp.fit}>{t('waterfall.fit')}</button>
        <button type="button" onClick={() => runExport('svg')}>{t('waterfall.exportSvg')}</button>
        <button type="button" onClick={() => runExport('png')}>{t('waterfall.exportPng')}</button>
        <span className="wf-hint">{t('waterfall.hint')}</span>
      </div>
      <Legend t={t} idPrefix={idPrefix} />
      {exportError ? (
        <p className="wf-error" role="alert">{t('waterfall.exportFailed', { message: exportError })}</p>
      ) : null}
      {model.rows.length === 0 ? (
        <p>{t('waterfall.empty')}</p>
      ) : (
        <div className="wf-scroll" ref={measureRef}>
          {/* One Tab stop (roving tabindex over the turn and mark buttons, arrows inside); the wrapper takes
              W/S/A/D and the arrows as its children bubble their keys up. */}
          <div className="wf-canvas" ref={zp.wheelRef} role="group" aria-label={t('waterfall.hint')} onKeyDown={onCanvasKey} onFocusCapture={onFocusItem}>
            <WaterfallSvg
              ref={svgRef}
              model={model}
              scale={scale}
              lang={lang}
              t={t}
              strategy={strategy}
              currentTurn={currentTurn}
              playheadMs={current ? current.time : null}
              playheadFrame={frame}
              playheadRelMs={playheadRelMs}
              highlighted={highlighted}
              idPrefix={idPrefix}
              on={on}
              activeId={activeId}
              onPointerDown={zp.onPointerDown}
              onPointerMove={zp.onPointerMove}
              onPointerUp={zp.onPointerUp}
            />
          </div>
        </div>
      )}
      {/* the tables come in a task of their own once the chart is painted: the waterfall's first render is then two
          shorter tasks, not one long one (on a phone it comes while the player's first seconds are still counted) */}
      <div className="wf-tables">
        <AfterFirstPaint>
          <Readings timings={session.timings} currentTurn={currentTurn} lang={lang} t={t} />
          {currentTurn !== null ? (
            <WhatIf
              session={session}
              turn={currentTurn}
              strategy={strategy}
              defaultMs={defaultMs}
              onDefaultMs={setDefaultMs}
              lang={lang}
              t={t}
              idPrefix={idPrefix}
            />
          ) : null}
        </AfterFirstPaint>
      </div>
    </Region>
  );
}
