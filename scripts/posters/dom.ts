// A jsdom window as the global scope, for rendering the player in Node (./render.ts): the page's globals copied onto
// globalThis (those Node already has kept), matchMedia answering "no" (a light theme, full motion), an
// IntersectionObserver that never reports (what is below the fold keeps its placeholder, as at the page's first
// paint: the waterfall), and fetch reading the built site's files from disk (index.json, the recordings), so the
// posters show exactly what is shipped.
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { JSDOM } from 'jsdom';

export interface PosterDom {
  window: JSDOM['window'];
  /** The layout width the player guesses from (ui/shell/useNarrow.ts reads window.innerWidth). */
  setWidth(px: number): void;
}

export function installDom(siteDir: string): PosterDom {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/embed.html', pretendToBeVisual: true });
  const win = dom.window as unknown as Record<string, unknown>;
  const global = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(win)) {
    if (key in global) continue;
    try {
      global[key] = win[key];
    } catch {
      // a getter-only global of Node's own: kept
    }
  }
  const matchMedia = (media: string) => ({
    matches: false,
    media,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  });
  const fetchFile = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), dom.window.location.href);
    const path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    try {
      return new Response(await readFile(join(siteDir, path)), { status: 200 });
    } catch {
      return new Response('not found', { status: 404 });
    }
  };
  class IntersectionObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  const extra = { matchMedia, fetch: fetchFile, IntersectionObserver };
  Object.assign(win, extra);
  Object.assign(global, extra, { window: win, self: win, document: dom.window.document, navigator: dom.window.navigator });
  return {
    window: dom.window,
    setWidth(px) {
      Object.defineProperty(dom.window, 'innerWidth', { value: px, configurable: true });
    },
  };
}
