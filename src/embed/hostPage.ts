/**
 * What a player mounted in a page (the custom element, mount()) follows of its host page while it lives:
 * - the colour theme the page shows: `html.dark` (VitePress), `data-theme="dark"|"light"` on the root
 *   (Docusaurus, Starlight), the root's `color-scheme`, else the page's own background (an opaque dark or light
 *   body or root); null when the page says nothing (the reader's system setting then decides);
 * - the height of the page's fixed header: the root's `scroll-padding-top` (which Starlight sets for its header)
 *   or the bottom of the bars fixed or stuck at the top of the viewport (VitePress 1.6 and Docusaurus 3.10 set no
 *   scroll padding), whichever is lower, written to `--ss-host-sticky-top` on the host element so the sticky transport
 *   sits below that header (a page's own `--streamscope-sticky-top` wins, in CSS).
 *
 * Contract: `readHostTheme` and `stickyTop` only read; `followHostPage` observes the root and the body (class,
 * data-theme, style), prefers-color-scheme, the window's size and its scrolling (once per frame at most), calls `onTheme` only when the answer changes,
 * and returns the function that stops all of it. Nothing here runs at import time.
 */
export type HostTheme = 'light' | 'dark' | null;

/** 'dark' / 'light' from an `rgb()` / `rgba()` colour that is opaque enough to be a page's background; else null. */
export function backgroundTheme(color: string): HostTheme {
  const m = /^rgba?\(\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(color.trim());
  if (!m) return null;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
  if (!(alpha >= 0.5)) return null;
  const [r, g, b] = [m[1], m[2], m[3]].map(Number) as [number, number, number];
  // relative luminance, roughly: a dark page is one a light text would be read on
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128 ? 'dark' : 'light';
}

function markerTheme(el: Element | null): HostTheme {
  if (!el) return null;
  if (el.classList.contains('dark')) return 'dark';
  const data = el.getAttribute('data-theme')?.trim().toLowerCase();
  if (data === 'dark' || data === 'light') return data;
  return null;
}

export function readHostTheme(doc: Document): HostTheme {
  const root = doc.documentElement;
  const marked = markerTheme(root) ?? markerTheme(doc.body);
  if (marked) return marked;
  const view = doc.defaultView;
  if (!view) return null;
  const scheme = view.getComputedStyle(root).colorScheme.trim().split(/\s+/);
  if (scheme.length === 1 && (scheme[0] === 'dark' || scheme[0] === 'light')) return scheme[0];
  for (const el of [doc.body, root]) {
    if (!el) continue;
    const theme = backgroundTheme(view.getComputedStyle(el).backgroundColor);
    if (theme) return theme;
  }
  return null;
}

/** The root's `scroll-padding-top` in px when it is a length ('auto' and percentages: 0). */
export function scrollPaddingTop(doc: Document): number {
  const value = doc.defaultView?.getComputedStyle(doc.documentElement).scrollPaddingTop ?? '';
  const px = /^(-?[\d.]+)px$/.exec(value.trim());
  return px ? Math.max(0, Number(px[1])) : 0;
}

/**
 * The bottom of the page's own bars fixed or stuck at the top of the viewport now (a site header, VitePress's local
 * nav on a phone): what is hit at the top edge, at a quarter, half and three quarters of the width, walking up to
 * the first fixed or sticky ancestor that starts at the top and is not taller than half the viewport. The player's
 * own host is never counted.
 */
export function topBarsBottom(doc: Document, host: Element): number {
  const view = doc.defaultView;
  if (!view || typeof doc.elementsFromPoint !== 'function') return 0;
  let bottom = 0;
  const seen = new Set<Element>();
  for (const x of [0.25, 0.5, 0.75].map((f) => Math.round(view.innerWidth * f))) {
    for (const hit of doc.elementsFromPoint(x, 1)) {
      for (let el: Element | null = hit; el && el !== doc.body && el !== doc.documentElement; el = el.parentElement) {
        if (el === host || seen.has(el)) break;
        seen.add(el);
        const position = view.getComputedStyle(el).position;
        if (position !== 'fixed' && position !== 'sticky') continue;
        const rect = el.getBoundingClientRect();
        if (rect.top <= 1 && rect.bottom > 0 && rect.height <= view.innerHeight / 2) bottom = Math.max(bottom, rect.bottom);
        break;
      }
    }
  }
  return Math.ceil(bottom);
}

/** Where the player's sticky transport should stop: below the page's fixed header, by either measure. */
export function stickyTop(doc: Document, host: Element): number {
  return Math.max(scrollPaddingTop(doc), topBarsBottom(doc, host));
}

/** `host` null: the theme only (a page following for an iframe, ./followIframe.ts). */
export function followHostPage(doc: Document, host: HTMLElement | null, onTheme?: (theme: HostTheme) => void): () => void {
  const view = doc.defaultView;
  if (!view) return () => undefined;
  let theme: HostTheme | undefined;
  let top = -1;
  const update = () => {
    const nextTop = host ? stickyTop(doc, host) : 0;
    if (host && nextTop !== top) {
      top = nextTop;
      host.style.setProperty('--ss-host-sticky-top', `${top}px`);
    }
    if (!onTheme) return;
    const next = readHostTheme(doc);
    if (next !== theme) {
      theme = next;
      onTheme(next);
    }
  };
  update();
  const observer = new MutationObserver(update);
  const watched = { attributes: true, attributeFilter: ['class', 'data-theme', 'style'] };
  observer.observe(doc.documentElement, watched);
  if (doc.body) observer.observe(doc.body, watched);
  const media = view.matchMedia?.('(prefers-color-scheme: dark)');
  media?.addEventListener('change', update);
  view.addEventListener('resize', update);
  // a bar that sticks only once the page scrolls (a phone's local nav): measured again, once per frame at most
  let queued = false;
  const onScroll = () => {
    if (queued) return;
    queued = true;
    view.requestAnimationFrame(() => {
      queued = false;
      update();
    });
  };
  if (host) view.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    observer.disconnect();
    media?.removeEventListener('change', update);
    view.removeEventListener('resize', update);
    view.removeEventListener('scroll', onScroll);
  };
}
