/**
 * For a page that embeds embed.html in an iframe: `followHost(iframe)` makes that player follow the page as the
 * element does on its own. It sends `streamscope:setTheme` with the page's theme (./hostPage.ts: `html.dark`,
 * `data-theme`, `color-scheme`, the page's background; `auto` when the page says nothing) whenever it changes and
 * whenever the player says `ready`, and sizes the iframe to the player's `streamscope:resize` height (between
 * `minHeight` and `maxHeight`).
 *
 * Contract: messages go to the iframe's origin only (from its `src`), and only messages whose source is that
 * iframe's window and whose origin is that origin are read; the returned function stops all of it. Nothing runs
 * at import time.
 */
import { followHostPage, readHostTheme } from './hostPage';
import type { PageCommand } from './protocol';

export interface FollowOptions {
  /** Send the page's theme (default true). */
  theme?: boolean;
  /** Size the iframe to the player's height (default true). */
  resize?: boolean;
  minHeight?: number;
  maxHeight?: number;
}

export function followHost(iframe: HTMLIFrameElement, options: FollowOptions = {}): () => void {
  const doc = iframe.ownerDocument;
  const view = doc.defaultView;
  if (!view) return () => undefined;
  const origin = new URL(iframe.src, doc.baseURI).origin;
  const send = (command: PageCommand) => iframe.contentWindow?.postMessage(command, origin);
  const sendTheme = () => send({ type: 'streamscope:setTheme', theme: readHostTheme(doc) ?? 'auto' });
  const onMessage = (e: MessageEvent) => {
    if (e.source !== iframe.contentWindow || e.origin !== origin) return;
    const data = e.data as { type?: unknown; height?: unknown };
    if (data.type === 'streamscope:ready' && options.theme !== false) sendTheme();
    if (data.type === 'streamscope:resize' && options.resize !== false && typeof data.height === 'number' && Number.isFinite(data.height)) {
      const height = Math.min(Math.max(data.height, options.minHeight ?? 160), options.maxHeight ?? 4000);
      iframe.style.height = `${Math.ceil(height)}px`;
    }
  };
  view.addEventListener('message', onMessage);
  // the page's header height is the element's business; here only its theme counts
  const stop = options.theme === false ? () => undefined : followHostPage(doc, null, sendTheme);
  return () => {
    view.removeEventListener('message', onMessage);
    stop();
  };
}
