// The standalone app: reads the view from the URL (else the browser's language), creates this page's player store
// with the inline / worker analyzer, keeps the URL in step, and renders the shell with the other areas' slots
// (conclusion, compare view, waterfall, self-check footer: ui/defaultSlots, shared with embedding). Files the user
// opens are kept in this browser (IndexedDB) across reloads, never uploaded. The language is decided first and its
// strings (one chunk per language) are fetched before the first render, so the page never shows another language
// first. The recording's load starts once that first frame is painted: started at once, its fetch and workers ran
// beside the page's first style and layout, which then took 45 to 96 ms in about one load of six on 2 cores (a
// long task; 0 of 24 loads since, docs/performance.md), for a first paint about 10 ms later. A small shipped
// recording's body and its wire's code are fetched from the start (no analysis, no worker: store/loader.ts
// `prefetchRecording`), so that load finds them in. The URL sync
// (shell/urlSync) starts after that first view too, filling the URL in then.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { analyzeInputLazily } from '../core/session/lazy';
import { frameIndex } from '../core/types';
import { loadLanguage, readyLanguage } from '../i18n';
import { deferredFileStore } from '../store/files';
import { createPlayerStore } from '../store/player';
import { PlayerProvider } from '../store/react';
import { DEFAULT_RECORDING } from '../store/state';
import { parseViewParams, preferredLang } from '../store/url';
import { createAnalyzer } from '../worker/client';
import { nextTask } from '../worker/tasks';
import { App, preloadHeader } from './App';
import { defaultSlots } from './defaultSlots';
import { afterNextPaint } from './code/highlighter';
import { FileStoreProvider } from './files/context';
import './styles/app.css';
import './styles/layout.css';

const { view, rejected } = parseViewParams(window.location.search);
const lang = view.lang ?? preferredLang(navigator.languages);
const languageReady = readyLanguage(lang);
// the browser's saved files: their code (IndexedDB) loads once the first recording is shown (or has failed) and
// painted, so it is not among the first view's requests; the picker's list of saved files follows
let firstShown = () => {};
const shown = new Promise<void>((resolve) => (firstShown = resolve));
// the raw list's rows come a frame or two after the session is in (its window waits for the list's measured
// height): wait for two painted frames, so what loads "after the first paint" really is requested after it
const shownAndPainted = shown.then(afterNextPaint).then(afterNextPaint);
const fileStore = deferredFileStore(() =>
  shownAndPainted
    .then(() => import('../store/idbFileStore'))
    .then((m) => m.createIdbFileStore()),
);
const store = createPlayerStore({
  fileStore,
  analyze: createAnalyzer({ inline: (input, name) => analyzeInputLazily(input, name, undefined, nextTask) }),
  lang,
  prepareLang: loadLanguage,
  ...(view.strategy && { strategy: view.strategy }),
  ...(view.theme && { theme: view.theme }),
  ...(view.compare !== undefined && { compare: view.compare }),
  ...(view.code !== undefined && { code: view.code }),
});
store.on('ready', firstShown);
store.on('error', firstShown);
for (const param of rejected) store.actions.warn({ key: 'app.warn.url', params: { param } });
// the URL follows the player from its first recording on: that code loads once the first view is painted (a chunk
// that fails to arrive leaves the address as it was typed; the player itself is unharmed)
// a back / forward before then is remembered, so the sync applies that address instead of filling in the old one
let popped = false;
const poppedEarly = () => (popped = true);
addEventListener('popstate', poppedEarly);
void shownAndPainted
  .then(() => import('./shell/urlSync'))
  .then((m) => {
    removeEventListener('popstate', poppedEarly);
    m.syncUrl(store, window, popped);
  })
  .catch(() => undefined);
const startLoad = () => void store.actions.loadRecording(view.rec ?? DEFAULT_RECORDING, view.frame !== undefined ? { frame: frameIndex(view.frame) } : {});
// its bytes and its wire's code are asked for now, beside the strings: on a phone's link the load would otherwise
// wait a round trip or two after the first paint (network only: the analysis still starts after that paint)
void store.actions.prefetchRecording(view.rec ?? DEFAULT_RECORDING);
// the header's code (a chunk of its own, which embeds do without), fetched beside the strings: the first render
// waits for both, so the page never shows without its header first (if it cannot come, its part says so)
const headerIn = preloadHeader().catch(() => undefined);

const root = document.getElementById('root');
void Promise.all([languageReady, headerIn]).then(([shown]) => {
  if (!root) return;
  if (shown !== lang) store.actions.setLang(shown);
  createRoot(root).render(
    <StrictMode>
      <PlayerProvider store={store}>
        <FileStoreProvider store={fileStore}>
          <App slots={defaultSlots} />
        </FileStoreProvider>
      </PlayerProvider>
    </StrictMode>,
  );
  // a task posted from an animation frame callback runs after that frame is painted; a hidden tab paints no frame,
  // so the timer starts the load there (and on a page slower than that to paint)
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    startLoad();
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
});
