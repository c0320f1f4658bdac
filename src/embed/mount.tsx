/**
 * mountPlayer(element, options, follow), which ./mountInPage.ts `mount` calls: one independent player in any element (docs/embedding.md). Each call creates its own
 * store, clock, analyzer and React root, so two players on one page share nothing; `dispose()` releases all of it.
 *
 * Contract: the handle drives the player only through actions (seek, play, pause, setStrategy, load, warn) and
 * reads it only through `getState()` (a frozen snapshot) and `subscribe(listener)`; it has no setState and does not
 * expose the store. It mirrors the store's events (`ready`, `frame`, `ended`, `error`) with `on`. seek, play, pause
 * and setStrategy sent before the recording has loaded are queued and applied in order once it has
 * (store/commandQueue.ts); `autoplay` is such a queued play. `destroy()` is another name for `dispose()`.
 * The player renders once its language's strings are in (fetched on first use, one chunk per language; a second
 * player in the same language renders at once), so it never shows another language first; in a shadow root, also
 * once its styles are in (./styles.ts, fetched with the first such player: embed.html, whose page carries its own
 * stylesheets, never loads them), so it is never seen unstyled; with full controls, also once the header's code is in
 * (a chunk of its own, which the default compact controls never fetch); with `renderAfterLoad` (embed.html behind its
 * poster), also once its first recording has loaded or failed to, and then in a few tasks rather than one (App's
 * `splitFirstRender`): nobody sees it until its last part is in.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { analyzeInputLazily } from '../core/session/lazy';
import { frameIndex, type StrategyId } from '../core/types';
import { isLanguageLoaded, loadLanguage, readyLanguage, type Lang } from '../i18n';
import { queueUntilLoaded } from '../store/commandQueue';
import { createPlayerStore } from '../store/player';
import { PlayerProvider } from '../store/react';
import { DEFAULT_RECORDING, type Notice, type PlayerEvents, type PlayerState } from '../store/state';
import { preferredLang, type CodeLang } from '../store/url';
import { App, headerReady, preloadHeader } from '../ui/App';
import { defaultSlots } from '../ui/defaultSlots';
import { createAnalyzer } from '../worker/client';
import { nextTask } from '../worker/tasks';
import type { followHostPage } from './hostPage';
import { ExerciseProvider, urlExercise } from '../ui/exercise/mode';
import { pageExercise } from './pageExercise';
import type { EmbedOptions, LangOption, ThemeOption } from './options';

/** The shadow roots' styles, loaded with the first player that renders into one (null until then). */
let styles: typeof import('./styles') | null = null;
let stylesLoading: Promise<void> | null = null;
function loadStyles(): Promise<void> {
  // a chunk that fails to arrive leaves the player unstyled rather than blank (the next player asks again)
  return (stylesLoading ??= import('./styles').then(
    (m) => {
      styles = m;
    },
    () => {
      stylesLoading = null;
    },
  ));
}

export interface MountOptions extends Partial<EmbedOptions> {
  /** Where index.json and the recordings live (default './recordings/', relative to the page). */
  recordingsBase?: string;
  /** A recording by URL (absolute, or relative to the page), instead of `rec` from the index. */
  src?: string;
  /** Open this text instead of a shipped recording. */
  text?: string;
  name?: string;
  /** region (default): one named region in the host page; page: the player is the page (embed.html). */
  landmark?: 'page' | 'region';
  /**
   * Given an element, render in a shadow root of our own with the player's styles inside (default: true), so a
   * page needs no stylesheet and its CSS does not reach in; embed.html, whose page is the player, says false.
   */
  shadow?: boolean;
  /** The first render waits for the recording (loaded or failed): embed.html, while its poster is the first view. */
  renderAfterLoad?: boolean;
}

/** What can change on a live player without starting it again (the element's attributes, in place). */
export type LiveOptions = Pick<MountOptions, 'panels' | 'controls' | 'provenance' | 'compare' | 'maxHeight' | 'exercise'> & { code?: CodeLang | null };

export interface PlayerHandle {
  /** Goes to a frame (clamped to the recording); before the recording has loaded, queued. */
  seek(frame: number): void;
  play(): void;
  pause(): void;
  setStrategy(id: StrategyId): void;
  /** Opens this text as a recording (the queue then waits for it). */
  load(text: string, name?: string): Promise<void>;
  /** Shows a notice in the player (embed.html's URL warnings, the bridge's refusals). */
  warn(notice: Notice): void;
  /** The colour theme; `auto` follows the host page (a player in a page) or the reader's system (embed.html). */
  setTheme(theme: ThemeOption): void;
  /** The language (`auto`: the reader's browser); the player keeps its frame, strategy and playback. */
  setLang(lang: LangOption): void;
  /** Changes panels, controls, provenance, compare, code, exercise or maxHeight in place (frame, strategy and playback stay). */
  configure(options: LiveOptions): void;
  on<K extends keyof PlayerEvents>(event: K, listener: (payload: PlayerEvents[K]) => void): () => void;
  /** Calls `listener(state, previous)` after every change of the player's state; returns the unsubscribe. */
  subscribe(listener: (state: Readonly<PlayerState>, prev: Readonly<PlayerState>) => void): () => void;
  /** The player's state now, as a frozen snapshot (changing it changes nothing). */
  getState(): Readonly<PlayerState>;
  dispose(): void;
  destroy(): void;
}

/** How a player in a page follows that page (./hostPage.ts `followHostPage`). */
export type HostFollower = typeof followHostPage;

/**
 * `mount` (./mountInPage.ts), with how a region follows its host page given: embed.html, whose player is the page
 * and follows nothing (landmark 'page'), passes null, so its first chunks do not carry ./hostPage.ts.
 */
export function mountPlayer(element: Element | ShadowRoot, options: MountOptions, follow: HostFollower | null): PlayerHandle {
  const landmark = options.landmark ?? 'region';
  const lang = chosenLang(options.lang);
  const themeOption: ThemeOption = options.theme ?? (landmark === 'region' ? 'auto' : 'system');
  const store = createPlayerStore({
    analyze: createAnalyzer({ inline: (input, name) => analyzeInputLazily(input, name, undefined, nextTask) }),
    ...(options.recordingsBase !== undefined && { recordingsBase: options.recordingsBase }),
    lang,
    prepareLang: loadLanguage,
    ...(options.strategy && { strategy: options.strategy }),
    ...(themeOption !== 'auto' && { theme: themeOption }),
    ...(options.compare !== undefined && { compare: options.compare }),
    ...(options.code !== undefined && { code: options.code }),
  });
  // embed.html keeps its exercise in its own URL, as the app does; a player in a page keeps it from its options
  const exercise =
    landmark === 'page' ? urlExercise() : pageExercise(options, typeof location === 'undefined' ? '' : location.pathname);
  const { root: renderInto, host, made, styled } = placeOf(element, options.shadow ?? true);
  const container = document.createElement('div');
  container.className = 'ss-mount';
  renderInto.appendChild(container);
  const live: LiveOptions = { ...options };
  // full controls show the header, whose code loads on demand: asked for now, beside the strings, and the first
  // render waits for it as it does for them (if it cannot come, its part says so)
  const headerIn = live.controls === 'full' && !headerReady() ? preloadHeader().catch(() => undefined) : null;
  const applyMaxHeight = () => {
    // the tallest the player grows in the host page: past it, it scrolls inside
    const capped = live.maxHeight !== undefined && landmark === 'region';
    container.style.maxHeight = capped ? `${live.maxHeight}px` : '';
    container.style.overflow = capped ? 'auto' : '';
  };
  applyMaxHeight();
  const root = createRoot(container);
  let disposed = false;
  let rendered = false;
  const render = () => {
    rendered = true;
    root.render(
      <StrictMode>
        <PlayerProvider store={store}>
          <ExerciseProvider host={exercise}>
            <App
            standalone={false}
            landmark={landmark}
            slots={defaultSlots}
            {...(live.panels && { panels: live.panels })}
            controls={live.controls ?? 'compact'}
            {...(live.provenance && { provenance: live.provenance })}
            splitFirstRender={options.renderAfterLoad === true}
            />
          </ExerciseProvider>
        </PlayerProvider>
      </StrictMode>,
    );
  };
  const stylesWanted = styled !== null && styles === null;
  // (in a task of its own: the analysis that ends in `ready` is a long task already)
  // (once: the listeners go with the first recording, not with every later one)
  const loaded = options.renderAfterLoad
    ? new Promise<void>((resolve) => {
        const done = () => {
          offReady();
          offError();
          setTimeout(resolve, 0);
        };
        const offReady = store.on('ready', done);
        const offError = store.on('error', done);
      })
    : null;
  if (isLanguageLoaded(lang) && !stylesWanted && headerIn === null && loaded === null) {
    if (styled) styles?.adoptStyles(styled);
    render();
  } else {
    void Promise.all([readyLanguage(lang), styled ? loadStyles() : null, headerIn, loaded]).then(([shown]) => {
      if (disposed) return;
      if (styled) styles?.adoptStyles(styled);
      if (shown !== lang) store.actions.setLang(shown);
      render();
    });
  }

  // the styles of the areas that open later (the waterfall, the code view, the lab...) once the first view has
  // painted (or failed to): not among the bytes fetched before it (styles.ts). If they cannot be fetched, those
  // areas are shown as they are (usable, if plain) rather than kept invisible, and the next recording shown asks again
  if (styled) {
    let asked = false;
    const later = () => {
      if (asked || disposed) return;
      asked = true;
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (!disposed)
            void styles?.adoptLaterStyles(styled, container).catch(() => {
              asked = false;
              container.dataset.ssStyles = 'all';
            });
        }, 0),
      );
    };
    store.on('ready', later);
    store.on('error', later);
  }

  // a player in a page follows that page: its theme (when `auto`) and its fixed header's height
  let stopFollowing: (() => void) | null = null;
  const setTheme = (theme: ThemeOption) => {
    stopFollowing?.();
    stopFollowing = null;
    if (host && landmark === 'region' && follow)
      stopFollowing = follow(host.ownerDocument, host, theme === 'auto' ? (t) => store.actions.setTheme(t ?? 'system') : undefined);
    if (theme !== 'auto') store.actions.setTheme(theme);
    else if (!host || landmark !== 'region') store.actions.setTheme('system');
  };
  setTheme(themeOption);

  const unsubscribers: (() => void)[] = [];
  // A page may drive the player before its recording has loaded: those commands wait for it, in order.
  const queue = queueUntilLoaded(store);
  if (options.autoplay) queue.play();
  const frameOption = options.frame !== undefined ? { frame: frameIndex(options.frame) } : {};
  if (options.text !== undefined) void store.actions.loadRecording({ input: options.text, name: options.name ?? 'page.jsonl' }, frameOption);
  else if (options.src !== undefined) void store.actions.loadRecording({ url: pageUrl(options.src) }, frameOption);
  else void store.actions.loadRecording(options.rec ?? DEFAULT_RECORDING, frameOption);

  const dispose = () => {
    if (disposed) return;
    disposed = true;
    stopFollowing?.();
    queue.dispose();
    for (const off of unsubscribers) off();
    store.dispose();
    root.unmount();
    container.remove();
    made?.remove();
  };
  return {
    seek: (frame) => queue.seek(frameIndex(frame)),
    play: queue.play,
    pause: queue.pause,
    setStrategy: queue.setStrategy,
    load: (text, name = 'page.jsonl') => store.actions.loadRecording({ input: text, name }),
    warn: (notice) => store.actions.warn(notice),
    setTheme: (theme) => {
      if (!disposed) setTheme(theme);
    },
    setLang: (next) => {
      if (!disposed) store.actions.setLang(chosenLang(next));
    },
    configure: (next) => {
      if (disposed) return;
      Object.assign(live, next);
      applyMaxHeight();
      if (next.compare !== undefined) store.actions.setCompare(next.compare);
      if ('code' in next) store.actions.setCode(next.code ?? null);
      if (next.exercise !== undefined) exercise.setOn(next.exercise);
      if (rendered) render();
    },
    on: (event, listener) => {
      const off = store.on(event, listener);
      unsubscribers.push(off);
      return off;
    },
    subscribe: (listener) => {
      const off = store.subscribe(listener);
      unsubscribers.push(off);
      return off;
    },
    getState: () => Object.freeze({ ...store.getState() }),
    dispose,
    destroy: dispose,
  };
}

/** `auto` or nothing: the reader's browser languages. */
function chosenLang(lang: LangOption | undefined): Lang {
  return lang === undefined || lang === 'auto' ? preferredLang(typeof navigator === 'undefined' ? [] : navigator.languages) : lang;
}

/** A URL relative to the page, made absolute (so a message names what was fetched). */
const pageUrl = (src: string) => {
  try {
    return new URL(src, document.baseURI).href;
  } catch {
    return src;
  }
};

/**
 * Where the player renders, and the host element it follows the page for: a shadow root given (the element's) is
 * used as it is and gets the styles (`styled`); an element gets a shadow root of our own on a block wrapper
 * (`shadow`), or the player renders straight into it (embed.html, whose page carries the styles).
 */
function placeOf(element: Element | ShadowRoot, shadow: boolean): { root: Element | ShadowRoot; host: HTMLElement | null; made?: Element; styled: ShadowRoot | null } {
  if (element instanceof ShadowRoot) return { root: element, host: element.host instanceof HTMLElement ? element.host : null, styled: element };
  if (!shadow) return { root: element, host: element instanceof HTMLElement ? element : null, styled: null };
  const wrapper = document.createElement('div');
  wrapper.className = 'streamscope-host';
  element.appendChild(wrapper);
  const own = wrapper.attachShadow({ mode: 'open' });
  return { root: own, host: wrapper, made: wrapper, styled: own };
}
