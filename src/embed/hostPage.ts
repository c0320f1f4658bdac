/**
 * What a player mounted in a page (the custom element, mount()) follows of its host page while it lives:
 * - the colour theme the page shows: `html.dark` (VitePress), `data-theme="dark"|"light"` on the root
 *   (Docusaurus, Starlight), the root's `color-scheme`, else the page's own background (an opaque dark or light
 *   body or root); null when the page says nothing (the reader's system setting then decides);
 * - the height of the page's fixed header, as the root's `scroll-padding-top` (which VitePress, Docusaurus and
 *   Starlight set for their headers), written to `--ss-host-sticky-top` on the host element so the sticky
 *   transport sits below that header (a page's own `--streamscope-sticky-top` wins, in CSS).
 *
 * Contract: `readHostTheme` and `stickyTop` only read; `followHostPage` observes the root and the body (class,
 * data-theme, style), prefers-color-scheme and the window's size, calls `onTheme` only when the answer changes,
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
export function stickyTop(doc: Document): number {
  const value = doc.defaultView?.getComputedStyle(doc.documentElement).scrollPaddingTop ?? '';
  const px = /^(-?[\d.]+)px$/.exec(value.trim());
  return px ? Math.max(0, Number(px[1])) : 0;
}

export function followHostPage(host: HTMLElement, onTheme?: (theme: HostTheme) => void): () => void {
  const doc = host.ownerDocument;
  const view = doc.defaultView;
  if (!view) return () => undefined;
  let theme: HostTheme | undefined;
  let top = -1;
  const update = () => {
    const nextTop = stickyTop(doc);
    if (nextTop !== top) {
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
  return () => {
    observer.disconnect();
    media?.removeEventListener('change', update);
    view.removeEventListener('resize', update);
  };
}
