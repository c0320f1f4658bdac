/**
 * mount(element, options): one independent player in any element (DESIGN section 7). Each call creates its own
 * store, clock, analyzer and React root, so two players on one page share nothing; `dispose()` releases all of it.
 * The handle mirrors the store's events (`ready`, `frame`, `ended`, `error`) and drives it (seek, play, pause,
 * setStrategy, load).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { analyzeInput } from '../core/session/session';
import type { StrategyId } from '../core/types';
import { createPlayerStore, type PlayerStore } from '../store/player';
import { PlayerProvider } from '../store/react';
import { DEFAULT_RECORDING, type PlayerEvents } from '../store/state';
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
  seek(frame: number): void;
  play(): void;
  pause(): void;
  setStrategy(id: StrategyId): void;
  load(text: string, name?: string): Promise<void>;
  on<K extends keyof PlayerEvents>(event: K, listener: (payload: PlayerEvents[K]) => void): () => void;
  dispose(): void;
  readonly store: PlayerStore;
}

export function mount(element: Element | ShadowRoot, options: MountOptions = {}): PlayerHandle {
  const store = createPlayerStore({
    analyze: createAnalyzer({ inline: (input, name) => analyzeInput(input, name) }),
    ...(options.recordingsBase !== undefined && { recordingsBase: options.recordingsBase }),
    ...(options.lang && { lang: options.lang }),
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
  root.render(
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

  let disposed = false;
  const unsubscribers: (() => void)[] = [];
  // A page may drive the player before its recording has loaded: a seek then waits for the recording.
  let pendingSeek: number | null = null;
  unsubscribers.push(
    store.on('ready', () => {
      if (pendingSeek === null) return;
      const frame = pendingSeek;
      pendingSeek = null;
      store.actions.seek(frame);
    }),
  );
  if (options.autoplay) {
    const off = store.on('ready', () => {
      off();
      store.actions.play();
    });
    unsubscribers.push(off);
  }
  const frameOption = options.frame !== undefined ? { frame: options.frame } : {};
  if (options.text !== undefined) void store.actions.loadRecording({ input: options.text, name: options.name ?? 'page.jsonl' }, frameOption);
  else void store.actions.loadRecording(options.rec ?? DEFAULT_RECORDING, frameOption);

  return {
    store,
    seek: (frame) => {
      const s = store.getState();
      if (s.session && s.status.kind !== 'loading') store.actions.seek(frame);
      else pendingSeek = frame;
    },
    play: () => store.actions.play(),
    pause: () => store.actions.pause(),
    setStrategy: (id) => store.actions.setStrategy(id),
    load: (text, name = 'page.jsonl') => store.actions.loadRecording({ input: text, name }),
    on: (event, listener) => {
      const off = store.on(event, listener);
      unsubscribers.push(off);
      return off;
    },
    dispose: () => {
      if (disposed) return;
      disposed = true;
      for (const off of unsubscribers) off();
      store.dispose();
      root.unmount();
      container.remove();
    },
  };
}
