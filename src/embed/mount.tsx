/**
 * mount(element, options): one independent player in any element (docs/embedding.md). Each call creates its own
 * store, clock, analyzer and React root, so two players on one page share nothing; `dispose()` releases all of it.
 *
 * Contract: the handle drives the player only through actions (seek, play, pause, setStrategy, load, warn) and
 * reads it only through `getState()` (a frozen snapshot) and `subscribe(listener)`; it has no setState and does not
 * expose the store. It mirrors the store's events (`ready`, `frame`, `ended`, `error`) with `on`. seek, play, pause
 * and setStrategy sent before the recording has loaded are queued and applied in order once it has
 * (store/commandQueue.ts); `autoplay` is such a queued play. `destroy()` is another name for `dispose()`.
 * The player renders once its language's strings are in (fetched on first use, one chunk per language; a second
 * player in the same language renders at once), so it never shows another language first.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { analyzeInput } from '../core/session/session';
import { frameIndex, type StrategyId } from '../core/types';
import { isLanguageLoaded, loadLanguage, readyLanguage } from '../i18n';
import { queueUntilLoaded } from '../store/commandQueue';
import { createPlayerStore } from '../store/player';
import { PlayerProvider } from '../store/react';
import { DEFAULT_RECORDING, type Notice, type PlayerEvents, type PlayerState } from '../store/state';
import { App } from '../ui/App';
import { defaultSlots } from '../ui/defaultSlots';
import { createAnalyzer } from '../worker/client';
import type { EmbedOptions } from './options';

export interface MountOptions extends Partial<EmbedOptions> {
  /** Where index.json and the recordings live (default './recordings/', relative to the page). */
  recordingsBase?: string;
  /** Open this text instead of a shipped recording. */
  text?: string;
  name?: string;
  /** region (default): one named region in the host page; page: the player is the page (embed.html). */
  landmark?: 'page' | 'region';
}

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
  on<K extends keyof PlayerEvents>(event: K, listener: (payload: PlayerEvents[K]) => void): () => void;
  /** Calls `listener(state, previous)` after every change of the player's state; returns the unsubscribe. */
  subscribe(listener: (state: Readonly<PlayerState>, prev: Readonly<PlayerState>) => void): () => void;
  /** The player's state now, as a frozen snapshot (changing it changes nothing). */
  getState(): Readonly<PlayerState>;
  dispose(): void;
  destroy(): void;
}

export function mount(element: Element | ShadowRoot, options: MountOptions = {}): PlayerHandle {
  const lang = options.lang ?? 'en';
  const store = createPlayerStore({
    analyze: createAnalyzer({ inline: (input, name) => analyzeInput(input, name) }),
    ...(options.recordingsBase !== undefined && { recordingsBase: options.recordingsBase }),
    lang,
    prepareLang: loadLanguage,
    ...(options.strategy && { strategy: options.strategy }),
    ...(options.theme && { theme: options.theme }),
    ...(options.compare !== undefined && { compare: options.compare }),
  });
  const container = document.createElement('div');
  container.className = 'ss-mount';
  // the tallest the player grows in the host page: past it, it scrolls inside
  if (options.maxHeight !== undefined && (options.landmark ?? 'region') === 'region') {
    container.style.maxHeight = `${options.maxHeight}px`;
    container.style.overflow = 'auto';
  }
  element.appendChild(container);
  const root = createRoot(container);
  let disposed = false;
  const render = () => root.render(
    <StrictMode>
      <PlayerProvider store={store}>
        <App
          standalone={false}
          landmark={options.landmark ?? 'region'}
          slots={defaultSlots}
          {...(options.panels && { panels: options.panels })}
          controls={options.controls ?? 'compact'}
          {...(options.provenance && { provenance: options.provenance })}
        />
      </PlayerProvider>
    </StrictMode>,
  );
  if (isLanguageLoaded(lang)) render();
  else {
    void readyLanguage(lang).then((shown) => {
      if (disposed) return;
      if (shown !== lang) store.actions.setLang(shown);
      render();
    });
  }

  const unsubscribers: (() => void)[] = [];
  // A page may drive the player before its recording has loaded: those commands wait for it, in order.
  const queue = queueUntilLoaded(store);
  if (options.autoplay) queue.play();
  const frameOption = options.frame !== undefined ? { frame: frameIndex(options.frame) } : {};
  if (options.text !== undefined) void store.actions.loadRecording({ input: options.text, name: options.name ?? 'page.jsonl' }, frameOption);
  else void store.actions.loadRecording(options.rec ?? DEFAULT_RECORDING, frameOption);

  const dispose = () => {
    if (disposed) return;
    disposed = true;
    queue.dispose();
    for (const off of unsubscribers) off();
    store.dispose();
    root.unmount();
    container.remove();
  };
  return {
    seek: (frame) => queue.seek(frameIndex(frame)),
    play: queue.play,
    pause: queue.pause,
    setStrategy: queue.setStrategy,
    load: (text, name = 'page.jsonl') => store.actions.loadRecording({ input: text, name }),
    warn: (notice) => store.actions.warn(notice),
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
