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
 */
const styleModules = import.meta.glob<string>(['../ui/**/*.css'], { query: '?inline', import: 'default', eager: true });

const HOST_CSS = `:host { all: initial; display: block; contain: layout style; font-family: system-ui, sans-serif;
  font-size: 15px; line-height: 1.45; }
:host([hidden]) { display: none; }
.ss-mount { font-size: 15px; }`;

function sheetText(): string {
  // theme.css and app.css first (variables and base), then the areas' own styles
  const entries = Object.entries(styleModules).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  return [HOST_CSS, ...entries.map(([, css]) => css)].join('\n');
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
