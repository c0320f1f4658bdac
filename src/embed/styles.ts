/**
 * The player's styles inside a shadow root (the custom element's, and mount()'s own when it is given an element):
 * every area's CSS, as one text, adopted as one constructed stylesheet shared by every player on the page where the
 * browser has them (CSSOM, which a host page's Content-Security-Policy `style-src 'self'` allows), else as a
 * <style> element (which such a policy refuses unless it allows 'unsafe-inline').
 *
 * Two sheets: the first view's (the layout, the header, the scrubber, the transport, the conclusion, the panels, the
 * notices and dialogs: the glob below) comes with this module; the areas that open later (the waterfall, the code
 * view, the exercise, the lab, the tour, the matrix: ./stylesLater.ts) come after the player's first paint
 * (`adoptLaterStyles`), so their CSS is not among the bytes a player fetches before it shows a recording. Until they
 * are in, those areas are kept invisible (LATER_ROOTS), never shown unstyled. Every CSS file under src/ui is in
 * exactly one of the two (a unit test checks it).
 *
 * Contract: nothing runs at import time but the glob of CSS strings (no DOM global is touched), so a server render
 * that imports the library in Node does not fail. The host box is a block (`all: initial` first, then `display`),
 * with the type scale embed.html uses (15 px), and the sticky transport's offset comes from
 * `--streamscope-sticky-top` (set by the page) or the host page's own `scroll-padding-top` (./hostPage.ts).
 * A `rem` in a shadow root is the host page's root font size (mdBook sets 62.5 %: 10 px), so every `rem` of the
 * areas' CSS is written in px at embed.html's own root size (15 px), media query conditions excepted (there a `rem`
 * is the browser's initial size, in an iframe as in a shadow root).
 */
import { LATER_ROOTS } from './stylesRoots';

/** The first view's CSS files (stylesLater.ts globs the rest). */
const styleModules = import.meta.glob<string>(
  ['../ui/styles/*.css', '../ui/conclusion/*.css', '../ui/panels/*.css', '../ui/scrubber/*.css', '../ui/files/*.css', '../ui/share/*.css'],
  { query: '?inline', import: 'default', eager: true },
);
export const FIRST_VIEW_FILES = Object.keys(styleModules);

const HOST_CSS = `:host { all: initial; display: block; contain: layout style; font-family: system-ui, sans-serif;
  font-size: 15px; line-height: 1.45; }
:host([hidden]) { display: none; }
.ss-mount { font-size: 15px; }
.ss-mount:not([data-ss-styles='all']) :is(${LATER_ROOTS.join(', ')}) { visibility: hidden; }`;

/** embed.html's root font size (src/ui/styles/base.css), what a `rem` is inside the iframe. */
export const EMBED_REM_PX = 15;

/** `css` with each `rem` length in px at EMBED_REM_PX, but inside `@media` conditions. */
export function remToPx(css: string): string {
  return css.replace(/(@media[^{]*)|(?<![\w.-])(-?(?:\d+\.?\d*|\.\d+))rem\b/g, (all, media: string | undefined, n: string | undefined) =>
    media !== undefined || n === undefined ? all : `${Number((Number(n) * EMBED_REM_PX).toFixed(3))}px`,
  );
}

/**
 * CSS files' texts as one sheet: theme.css and app.css first (variables and base), then the areas' own styles, by
 * path in code-unit order (not localeCompare: a page's first collator costs over 100 ms on a phone; for today's
 * files both orders are the same).
 */
function sheetText(modules: Record<string, string>, head = ''): string {
  const entries = Object.entries(modules).sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return remToPx([head, ...entries.map(([, css]) => css)].join('\n'));
}
const rank = (path: string) => (path.includes('/styles/') ? 0 : 1);

const canAdopt = (shadow: ShadowRoot): boolean =>
  typeof CSSStyleSheet !== 'undefined' && 'adoptedStyleSheets' in shadow && 'replaceSync' in CSSStyleSheet.prototype;

/** One constructed sheet per text, shared by every player on the page. */
const sheets = new Map<string, CSSStyleSheet>();

/** Adds the sheet of `text` (named `id`) to the shadow root, after those it has, once. */
function adopt(shadow: ShadowRoot, id: string, text: () => string): void {
  if (canAdopt(shadow)) {
    let sheet = sheets.get(id);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(text());
      sheets.set(id, sheet);
    }
    if (!shadow.adoptedStyleSheets.includes(sheet)) shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
    return;
  }
  if (shadow.querySelector(`style[data-streamscope='${id}']`)) return;
  const style = document.createElement('style');
  style.dataset.streamscope = id;
  style.textContent = text();
  const last = [...shadow.querySelectorAll('style[data-streamscope]')].pop();
  if (last) last.after(style);
  else shadow.prepend(style);
}

/** The first view's styles. */
export function adoptStyles(shadow: ShadowRoot): void {
  adopt(shadow, 'first', () => sheetText(styleModules, HOST_CSS));
}

let later: Promise<Record<string, string>> | null = null;

/**
 * The later areas' styles, fetched once for the page (a failed fetch is asked for again by the next call); then
 * `container` (the player's own box in the shadow root) shows those areas.
 */
export function adoptLaterStyles(shadow: ShadowRoot, container: HTMLElement): Promise<void> {
  later ??= import('./stylesLater').then(
    (m) => m.LATER_STYLES,
    (e: unknown) => {
      later = null;
      throw e;
    },
  );
  return later.then((modules) => {
    adopt(shadow, 'later', () => sheetText(modules));
    container.dataset.ssStyles = 'all';
  });
}
