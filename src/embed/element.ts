/**
 * <streamscope-player>: a custom element whose attributes mirror the URL parameters (rec, s, f, lang, theme,
 * compare, code, panels, controls, autoplay, provenance, maxheight, exercise, yours, starter) plus `base` (where the
 * recordings live) and `src` (a recording by URL, absolute or relative to the page). It renders into its own shadow root with its own copy of the
 * styles (./styles.ts), so page styles do not leak in and ours do not leak out; every element is an independent
 * player. It follows its host page (./hostPage.ts): `theme` `auto` (the default) takes the page's dark switch, `lang`
 * `auto` (the default) the reader's browser, and the sticky transport sits below the page's fixed header.
 *
 * Attribute changes never start the player again: `f`, `s`, `theme`, `lang`, `panels`, `controls`, `provenance`,
 * `compare`, `code`, `exercise` and `maxheight` change it in place (frame, strategy and playback stay); `rec`, `src`
 * and `base` open the new recording, keeping the strategy, and `yours` or `starter` (other code from the page) start
 * the player again with it. Methods: seek(frame), play(), pause(), setStrategy(id), load(text,
 * name); events are DOM CustomEvents named `streamscope:ready`, `streamscope:frame`, `streamscope:ended`. Commands
 * called before the element is connected wait for it (at most MAX_QUEUED), and the player queues those sent before
 * its recording has loaded (store/commandQueue.ts), so none is dropped.
 *
 * Contract: importing this module touches no DOM global (`HTMLElement` is read only when the class is made, on
 * `defineStreamscopePlayer()` in a browser), so a doc site's server render can import it in Node.
 */
import { EMBED_ATTRIBUTES, embedParamsFromAttributes, type EmbedOptions } from './options';
import type { MountOptions, PlayerHandle } from './mount';
import { mount } from './mountInPage';
import type { StrategyId } from '../core/types';
import { MAX_QUEUED } from '../store/commandQueue';
import { VIEW_PARAMS } from '../store/url';
import { EMBED_PARAMS } from './options';
import { EXERCISE_PARAMS } from '../store/exerciseUrl';

/** The element's own attributes besides the URL parameters. */
const OWN_ATTRIBUTES = ['base', 'src'] as const;
/** The attributes that open another recording (the rest change the player in place). */
const RELOADING = new Set<string>([VIEW_PARAMS.rec.name, EXERCISE_PARAMS.yours.name, EXERCISE_PARAMS.starter.name, ...OWN_ATTRIBUTES]);
const LIVE = new Set<string>([
  EMBED_PARAMS.panels.name,
  EMBED_PARAMS.controls.name,
  EMBED_PARAMS.provenance.name,
  EMBED_PARAMS.maxHeight.name,
  EXERCISE_PARAMS.exercise.name,
  VIEW_PARAMS.compare.name,
  VIEW_PARAMS.code.name,
]);

/** The element's methods and properties, as a type a page's TypeScript can use. */
export interface StreamscopePlayerElement extends HTMLElement {
  seek(frame: number): void;
  play(): void;
  pause(): void;
  setStrategy(id: StrategyId): void;
  load(text: string, name?: string): Promise<void>;
  readonly player: PlayerHandle | null;
}

function makeClass(Base: typeof HTMLElement) {
  return class StreamscopePlayer extends Base implements StreamscopePlayerElement {
    static observedAttributes = [...EMBED_ATTRIBUTES, ...OWN_ATTRIBUTES];
    #handle: PlayerHandle | null = null;
    #offs: (() => void)[] = [];
    /** Commands called before the element was connected. */
    #early: ((handle: PlayerHandle) => void)[] = [];

    #send(command: (handle: PlayerHandle) => void): void {
      if (this.#handle) return command(this.#handle);
      this.#early.push(command);
      if (this.#early.length > MAX_QUEUED) this.#early.shift();
    }

    connectedCallback(): void {
      this.#start();
    }

    disconnectedCallback(): void {
      this.#stop();
    }

    attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      const handle = this.#handle;
      if (!handle || old === value) return;
      const { options } = this.#options();
      if (name === VIEW_PARAMS.frame.name) {
        if (options.frame !== undefined) handle.seek(options.frame);
      } else if (name === VIEW_PARAMS.strategy.name) {
        if (options.strategy) handle.setStrategy(options.strategy);
      } else if (name === VIEW_PARAMS.theme.name) handle.setTheme(options.theme ?? 'auto');
      else if (name === VIEW_PARAMS.lang.name) handle.setLang(options.lang ?? 'auto');
      else if (LIVE.has(name)) handle.configure(liveOf(options));
      else if (RELOADING.has(name)) {
        // another recording: the strategy the reader chose stays
        const strategy = handle.getState().strategy;
        this.#stop();
        this.#start({ strategy });
      }
    }

    seek(frame: number): void {
      this.#send((h) => h.seek(frame));
    }
    play(): void {
      this.#send((h) => h.play());
    }
    pause(): void {
      this.#send((h) => h.pause());
    }
    setStrategy(id: StrategyId): void {
      this.#send((h) => h.setStrategy(id));
    }
    load(text: string, name?: string): Promise<void> {
      return this.#handle?.load(text, name) ?? Promise.resolve();
    }
    get player(): PlayerHandle | null {
      return this.#handle;
    }

    #options() {
      return embedParamsFromAttributes((n) => this.getAttribute(n));
    }

    #start(override: Partial<MountOptions> = {}): void {
      if (this.#handle) return;
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      shadow.replaceChildren();
      const { options, rejected } = this.#options();
      const base = this.getAttribute('base');
      const src = this.getAttribute('src');
      this.#handle = mount(shadow, {
        ...options,
        ...(base !== null && { recordingsBase: base }),
        ...(src !== null && src.trim() !== '' && { src: src.trim() }),
        ...override,
      });
      // an attribute value not understood is named in the player, never dropped in silence
      for (const param of rejected) this.#handle.warn({ key: 'app.warn.attribute', params: { param } });
      const forward = (type: string) => (detail: unknown) => this.dispatchEvent(new CustomEvent(`streamscope:${type}`, { detail, bubbles: true, composed: true }));
      this.#offs = [
        this.#handle.on('ready', ({ session }) => forward('ready')({ frames: session.frames.count })),
        this.#handle.on('frame', forward('frame')),
        this.#handle.on('ended', forward('ended')),
      ];
      const handle = this.#handle;
      for (const command of this.#early.splice(0)) command(handle);
    }

    #stop(): void {
      for (const off of this.#offs) off();
      this.#offs = [];
      this.#handle?.dispose();
      this.#handle = null;
    }
  };
}

const liveOf = (o: EmbedOptions) => ({
  panels: o.panels,
  controls: o.controls,
  provenance: o.provenance,
  compare: o.compare ?? false,
  code: o.code ?? null,
  maxHeight: o.maxHeight,
  exercise: o.exercise ?? false,
});

/**
 * Defines the element under `name` (default `streamscope-player`) in a browser; does nothing where there is no DOM
 * (a server render in Node) or where the name is taken.
 */
export function defineStreamscopePlayer(name = 'streamscope-player'): void {
  if (typeof HTMLElement === 'undefined' || typeof customElements === 'undefined' || customElements.get(name)) return;
  customElements.define(name, makeClass(HTMLElement));
}
