// Zoom and pan for the waterfall: modifier (Ctrl / ⌘) + wheel zooms at the pointer, a drag pans, and while the
// waterfall has focus W / S zoom and A / D pan, by key position (KeyboardEvent.code), so they work on any layout.
// The maths is timeScale's; this hook only turns gestures into views. A drag swallows the click that ends it, so
// panning never seeks.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { IDENTITY, clampView, panBy, zoomAt, type View } from './timeScale';

const KEY_ZOOM = 1.5;
const KEY_PAN = 0.15;
const DRAG_THRESHOLD_PX = 4;

export interface ZoomPan {
  view: View;
  zoom: (factor: number, atPx?: number) => void;
  fit: () => void;
  /** Attach to the element whose wheel events zoom (a native, non-passive listener). */
  wheelRef: (el: Element | null) => void;
  onPointerDown: (e: PointerEvent<Element>) => void;
  onPointerMove: (e: PointerEvent<Element>) => void;
  onPointerUp: (e: PointerEvent<Element>) => void;
  onKeyDown: (e: KeyboardEvent<Element>) => void;
  /** True right after a drag: click handlers ignore that click. */
  wasDrag: () => boolean;
}

export function useZoomPan(plotWidth: number, domain: readonly [number, number], plotLeft: number): ZoomPan {
  const [raw, setRaw] = useState<View>(IDENTITY);
  const view = clampView(raw, plotWidth, domain);
  const state = useRef({ view, plotWidth, domain, plotLeft });
  state.current = { view, plotWidth, domain, plotLeft };
  const drag = useRef<{ startX: number; lastX: number; active: boolean; id: number } | null>(null);
  const dragged = useRef(false);

  const zoom = useCallback((factor: number, atPx?: number) => {
    const s = state.current;
    setRaw(zoomAt(s.view, factor, atPx ?? s.plotWidth / 2, s.plotWidth, s.domain));
  }, []);
  const fit = useCallback(() => setRaw(IDENTITY), []);

  const [wheelEl, setWheelEl] = useState<Element | null>(null);
  useEffect(() => {
    if (!wheelEl) return undefined;
    const onWheel = (e: Event): void => {
      const w = e as WheelEvent;
      if (!w.ctrlKey && !w.metaKey) return; // a plain wheel scrolls the page
      w.preventDefault();
      const unit = w.deltaMode === 1 ? 16 : w.deltaMode === 2 ? 400 : 1;
      const px = w.clientX - wheelEl.getBoundingClientRect().left - state.current.plotLeft;
      zoom(Math.exp(-w.deltaY * unit * 0.002), px);
    };
    wheelEl.addEventListener('wheel', onWheel, { passive: false });
    return () => wheelEl.removeEventListener('wheel', onWheel);
  }, [wheelEl, zoom]);

  const onPointerDown = useCallback((e: PointerEvent<Element>) => {
    if (e.button !== 0) return;
    dragged.current = false;
    drag.current = { startX: e.clientX, lastX: e.clientX, active: false, id: e.pointerId };
  }, []);
  const onPointerMove = useCallback((e: PointerEvent<Element>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    if (!d.active && Math.abs(e.clientX - d.startX) < DRAG_THRESHOLD_PX) return;
    if (!d.active) {
      d.active = true;
      e.currentTarget.setPointerCapture?.(e.pointerId);
    }
    const dx = e.clientX - d.lastX;
    d.lastX = e.clientX;
    const s = state.current;
    setRaw(panBy(s.view, dx, s.plotWidth, s.domain));
  }, []);
  const onPointerUp = useCallback((e: PointerEvent<Element>) => {
    const d = drag.current;
    drag.current = null;
    if (d?.active) {
      dragged.current = true;
      e.currentTarget.releasePointerCapture?.(e.pointerId);
    }
  }, []);
  const wasDrag = useCallback(() => {
    const was = dragged.current;
    dragged.current = false;
    return was;
  }, []);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<Element>) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement;
      if (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA') return;
      const s = state.current;
      let next: View | null = null;
      if (e.code === 'KeyW') next = zoomAt(s.view, KEY_ZOOM, s.plotWidth / 2, s.plotWidth, s.domain);
      else if (e.code === 'KeyS') next = zoomAt(s.view, 1 / KEY_ZOOM, s.plotWidth / 2, s.plotWidth, s.domain);
      else if (e.code === 'KeyA') next = panBy(s.view, s.plotWidth * KEY_PAN, s.plotWidth, s.domain);
      else if (e.code === 'KeyD') next = panBy(s.view, -s.plotWidth * KEY_PAN, s.plotWidth, s.domain);
      if (!next) return;
      e.preventDefault();
      e.stopPropagation();
      setRaw(next);
    },
    [],
  );

  return { view, zoom, fit, wheelRef: setWheelEl, onPointerDown, onPointerMove, onPointerUp, onKeyDown, wasDrag };
}
