/**
 * Keeps the page URL and one player store in step: every view is a permalink.
 *
 * Contract: a change of recording, strategy, language, theme, compare or the code view pushes a history entry; a frame change
 * (scrubbing, stepping, playing) replaces the current entry, at most once per REPLACE_MS, so it never floods the
 * history. Back / forward (popstate) apply the URL to the store. A local file is not addressable, so its view
 * leaves `rec` out. Started once a recording is already shown (the app starts it after its first paint, so its
 * code is not among the first paint's), it fills the URL in place at once, as the first load would have.
 */
import { frameIndex } from '../../core/types';
import type { PlayerStore } from '../../store/player';
import type { PlayerState } from '../../store/state';
import { parseViewParams, viewSearch, type ViewParams } from '../../store/url';

const REPLACE_MS = 300;

export function viewOf(s: PlayerState): ViewParams {
  return {
    ...(s.source?.kind === 'shipped' ? { rec: s.source.id } : {}),
    strategy: s.strategy,
    frame: s.frame,
    lang: s.lang,
    theme: s.theme,
    ...(s.compare ? { compare: true } : {}),
    ...(s.code ? { code: s.code } : {}),
  };
}

export function applyView(store: PlayerStore, view: ViewParams): void {
  const s = store.getState();
  const a = store.actions;
  if (view.strategy && view.strategy !== s.strategy) a.setStrategy(view.strategy);
  if (view.lang && view.lang !== s.lang) a.setLang(view.lang);
  if (view.theme && view.theme !== s.theme) a.setTheme(view.theme);
  if ((view.compare ?? false) !== s.compare) a.setCompare(view.compare ?? false);
  if ((view.code ?? null) !== s.code) a.setCode(view.code ?? null);
  if (view.rec && (s.source?.kind !== 'shipped' || s.source.id !== view.rec)) {
    void a.loadRecording(view.rec, view.frame !== undefined ? { frame: frameIndex(view.frame) } : {});
  } else if (view.frame !== undefined && view.frame !== s.frame) {
    a.seek(frameIndex(view.frame));
  }
}

/**
 * Starts syncing; returns the function that stops it. `popped`: the reader went back or forward before the sync
 * started (the page's code for it loads after the first view), so the address is theirs: it is applied to the
 * store instead of being filled in from it.
 */
export function syncUrl(store: PlayerStore, win: Window = window, popped = false): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let applying = false;

  const write = (mode: 'push' | 'replace') => {
    const search = viewSearch(viewOf(store.getState()), win.location.search);
    if (search === win.location.search) return;
    const url = `${win.location.pathname}${search}${win.location.hash}`;
    if (mode === 'push') win.history.pushState(null, '', url);
    else win.history.replaceState(null, '', url);
  };

  const unsubscribe = store.subscribe((s, prev) => {
    if (applying || !s.session) return;
    const structural =
      s.source !== prev.source || s.strategy !== prev.strategy || s.lang !== prev.lang || s.theme !== prev.theme || s.compare !== prev.compare || s.code !== prev.code;
    if (structural) {
      if (timer) clearTimeout(timer);
      timer = null;
      // the first load only fills in the URL; later changes are new history entries
      write(prev.session ? 'push' : 'replace');
    } else if (s.frame !== prev.frame && timer === null) {
      timer = setTimeout(() => {
        timer = null;
        write('replace');
      }, REPLACE_MS);
    }
  });

  const onPop = () => {
    applying = true;
    try {
      applyView(store, parseViewParams(win.location.search).view);
    } finally {
      applying = false;
    }
  };
  win.addEventListener('popstate', onPop);
  // started after the first recording was installed: that load's fill-in, now; or the address the reader moved to
  if (popped) onPop();
  else if (store.getState().session) write('replace');
  return () => {
    unsubscribe();
    win.removeEventListener('popstate', onPop);
    if (timer) clearTimeout(timer);
  };
}
