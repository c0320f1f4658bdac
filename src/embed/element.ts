/**
 * <streamscope-player>: a custom element whose attributes mirror the URL parameters (rec, s, f, lang, theme,
 * compare, panels, controls, autoplay, provenance, maxheight) plus `base` (where the recordings live). It renders into its own shadow
 * root with its own copy of the styles, so page styles do not leak in and ours do not leak out; every element is
 * an independent player. Methods: seek(frame), play(), pause(), setStrategy(id), load(text, name); events are
 * dispatched as DOM CustomEvents named `streamscope:ready`, `streamscope:frame`, `streamscope:ended`. Commands
 * called before the element is connected wait for it (at most MAX_QUEUED), and the player queues those sent before
 * its recording has loaded (store/commandQueue.ts), so none is dropped. A change of `lang` keeps the player as it
 * is until the other language's strings are in, then restarts it in that language.
 */
import { EMBED_ATTRIBUTES, embedParamsFromAttributes } from './options';
import { mount, type PlayerHandle } from './mount';
import type { StrategyId } from '../core/types';
import { isLanguageLoaded, LANGS, loadLanguage, type Lang } from '../i18n';
import { MAX_QUEUED } from '../store/commandQueue';
import { VIEW_PARAMS } from '../store/url';

const styleModules = import.meta.glob<string>(['../ui/**/*.css'], { query: '?inline', import: 'default', eager: true });
const HOST_CSS = `:host { display: block; all: initial; contain: layout style; font-family: system-ui, sans-serif; }
:host([hidden]) { display: none; }`;

function sheetText(): string {
  // theme.css and app.css first (variables and base), then the areas' own styles
  const entries = Object.entries(styleModules).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  return [HOST_CSS, ...entries.map(([, css]) => css)].join('\n');
}
const rank = (path: string) => (path.includes('/styles/') ? 0 : 1);

let shared: CSSStyleSheet | null = null;

/**
 * Puts the styles in a shadow root: as one constructed stylesheet shared by every player where the browser has
 * them (CSSOM, which a host page's Content-Security-Policy `style-src 'self'` allows), else as a <style> element
 * (which such a policy refuses unless it allows 'unsafe-inline').
 */
function adoptStyles(shadow: ShadowRoot): void {
  if (typeof CSSStyleSheet !== 'undefined' && 'adoptedStyleSheets' in shadow && 'replaceSync' in CSSStyleSheet.prototype) {
    if (!shared) {
      shared = new CSSStyleSheet();
      shared.replaceSync(sheetText());
    }
    shadow.adoptedStyleSheets = [shared];
    return;
  }
  const style = document.createElement('style');
  style.textContent = sheetText();
  shadow.appendChild(style);
}

export class StreamscopePlayer extends HTMLElement {
  static observedAttributes = [...EMBED_ATTRIBUTES, 'base'];
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
    if (!this.#handle || old === value) return;
    // a new frame or strategy drives the player; a language not yet loaded is fetched first; any other change
    // starts it again
    const frame = value === null ? undefined : VIEW_PARAMS.frame.parse(value);
    if (name === VIEW_PARAMS.frame.name && frame !== undefined) this.#handle.seek(frame);
    else if (name === VIEW_PARAMS.strategy.name && value !== null) this.#handle.setStrategy(value as StrategyId);
    else if (name === VIEW_PARAMS.lang.name && isLang(value) && !isLanguageLoaded(value)) {
      // a failed fetch keeps the player in the language it shows
      loadLanguage(value).then(
        () => {
          if (this.#handle && this.getAttribute('lang') === value) this.#restart();
        },
        () => undefined,
      );
    } else this.#restart();
  }

  #restart(): void {
    this.#stop();
    this.#start();
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

  #start(): void {
    if (this.#handle) return;
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    shadow.replaceChildren();
    adoptStyles(shadow);
    const { options } = embedParamsFromAttributes((n) => this.getAttribute(n));
    const base = this.getAttribute('base');
    this.#handle = mount(shadow, { ...options, ...(base !== null && { recordingsBase: base }) });
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
}

const isLang = (value: string | null): value is Lang => LANGS.some((l) => l === value);

export function defineStreamscopePlayer(name = 'streamscope-player'): void {
  if (typeof customElements !== 'undefined' && !customElements.get(name)) customElements.define(name, StreamscopePlayer);
}

defineStreamscopePlayer();
