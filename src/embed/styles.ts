/**
 * The player's styles inside a shadow root (the custom element's, and mount()'s own when it is given an element):
 * every area's CSS, as one text, adopted as one constructed stylesheet shared by every player on the page where the
 * browser has them (CSSOM, which a host page's Content-Security-Policy `style-src 'self'` allows), else as a
 * <style> element (which such a policy refuses unless it allows 'unsafe-inline').
 *
 * Contract: nothing runs at import time but the glob of CSS strings (no DOM global is touched), so a server render
 * that imports the library in Node does not fail. The host box is a block (`all: initial` first, then `display`),
 * with the type scale embed.html uses (15 px), and the sticky transport's offset comes from
 * `--streamscope-sticky-top` (set by the page) or the host page's own `scroll-padding-top` (./hostPage.ts).
 * A `rem` in a shadow root is the host page's root font size (mdBook sets 62.5 %: 10 px), so every `rem` of the
 * areas' CSS is written in px at embed.html's own root size (15 px), media query conditions excepted (there a `rem`
 * is the browser's initial size, in an iframe as in a shadow root).
 */
const styleModules = import.meta.glob<string>(['../ui/**/*.css'], { query: '?inline', import: 'default', eager: true });

const HOST_CSS = `:host { all: initial; display: block; contain: layout style; font-family: system-ui, sans-serif;
  font-size: 15px; line-height: 1.45; }
:host([hidden]) { display: none; }
.ss-mount { font-size: 15px; }`;

/** embed.html's root font size (src/ui/styles/base.css), what a `rem` is inside the iframe. */
export const EMBED_REM_PX = 15;

/** `css` with each `rem` length in px at EMBED_REM_PX, but inside `@media` conditions. */
export function remToPx(css: string): string {
  return css.replace(/(@media[^{]*)|(?<![\w.-])(-?(?:\d+\.?\d*|\.\d+))rem\b/g, (all, media: string | undefined, n: string | undefined) =>
    media !== undefined || n === undefined ? all : `${Number((Number(n) * EMBED_REM_PX).toFixed(3))}px`,
  );
}

function sheetText(): string {
  // theme.css and app.css first (variables and base), then the areas' own styles
  const entries = Object.entries(styleModules).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  return remToPx([HOST_CSS, ...entries.map(([, css]) => css)].join('\n'));
}
const rank = (path: string) => (path.includes('/styles/') ? 0 : 1);

let shared: CSSStyleSheet | null = null;

export function adoptStyles(shadow: ShadowRoot): void {
  if (typeof CSSStyleSheet !== 'undefined' && 'adoptedStyleSheets' in shadow && 'replaceSync' in CSSStyleSheet.prototype) {
    if (!shared) {
      shared = new CSSStyleSheet();
      shared.replaceSync(sheetText());
    }
    if (!shadow.adoptedStyleSheets.includes(shared)) shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, shared];
    return;
  }
  if (shadow.querySelector('style[data-streamscope]')) return;
  const style = document.createElement('style');
  style.dataset.streamscope = '';
  style.textContent = sheetText();
  shadow.prepend(style);
}
