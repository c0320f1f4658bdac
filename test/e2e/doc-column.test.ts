// Every view in a doc column 600 to 760 px wide (issue #29), in Chromium, in en and zh, with and without compare: the
// embed (an iframe's page of that width), the app at that width, and <streamscope-player> in the content column of a
// doc page. Nothing in the player overflows sideways (the document's and the player's scrollWidth within their width,
// the element within its column) and the span waterfall's what-if table shows its column headers whole, or scrolls
// them inside its own region. Each page loads once and is then resized through the three widths.
//
// The doc page is laid out as many doc themes lay theirs out: a flex row of sidebar, content column and "on this
// page" aside, the column a flex item at the default min-width: auto, so it is at least as wide as the player's
// min-content width. Parts of the player that scroll or clip inside but still counted in that width (the waterfall's
// plot, 960 px before it is first measured; a raw frame's longest line; the provenance line) made the column
// 1,016 px wide or more, and the what-if headers ended past its edge.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, ready, theBrowser, watchErrors, withBrowser } from './browser';

withBrowser();

const WIDTHS = [600, 680, 760] as const;
const LANGS = ['en', 'zh'] as const;
const MODES = [false, true] as const;
const PANELS = 'raw,buffers,results,waterfall';
const HEIGHT = 900;
/** The doc page: a sidebar and an aside beside the content column, in a window wide enough for all three. */
const DOC_PAGE = { width: 1440, sidebar: 240, aside: 200 };
const PLAYER_ID = 'doc-player';

const query = (lang: string, compare: boolean) => `rec=agent-run&lang=${lang}${compare ? '&compare=1' : ''}`;
const modeName = (compare: boolean) => (compare ? ' compare' : '');

/** The waterfall loads when it comes near the viewport: scroll to it, then wait for the what-if table's headers. */
async function showWhatIf(page: Page): Promise<void> {
  await page.locator('.wf-lazy').scrollIntoViewIfNeeded();
  await page.locator('.wf-whatif thead th').first().waitFor();
}

/**
 * What overflows sideways, in words ([] when nothing does): the document, the player (in the element's shadow root
 * when `host` is given), the element against its column's width, and each what-if header cell that is neither fully
 * in view (in the window, the player's box and the column's width) nor inside a scroll container of the table's own
 * (one that scrolls, itself in view).
 */
function overflow(page: Page, host: string | null, column: number | null): Promise<string[]> {
  return page.evaluate(
    ({ host, column }) => {
      const out: string[] = [];
      const doc = document.documentElement;
      if (doc.scrollWidth > doc.clientWidth) out.push(`document scrollWidth ${doc.scrollWidth} > clientWidth ${doc.clientWidth}`);
      const hostEl = host === null ? null : document.getElementById(host);
      const root: Document | ShadowRoot | null | undefined = host === null ? document : hostEl?.shadowRoot;
      const player = root?.querySelector<HTMLElement>('.ss-player');
      if (!player) return [...out, 'no player yet'];
      if (player.scrollWidth > player.clientWidth) out.push(`player scrollWidth ${player.scrollWidth} > its width ${player.clientWidth}`);
      if (hostEl && column !== null) {
        const w = hostEl.getBoundingClientRect().width;
        if (w > column + 0.5) out.push(`the element is ${w} px wide in a ${column} px column`);
      }
      // what a reader sees of the player: its box within the window and, for the element, within its column's width
      const pb = player.getBoundingClientRect();
      const cb = hostEl?.parentElement?.getBoundingClientRect();
      const left = Math.max(0, pb.left, cb?.left ?? 0) - 1;
      const right = Math.min(doc.clientWidth, pb.right, cb && column !== null ? cb.left + column : Infinity) + 1;
      const heads = [...(root?.querySelectorAll<HTMLElement>('.wf-whatif thead th') ?? [])];
      if (heads.length === 0) out.push('no what-if headers yet');
      for (const th of heads) {
        const b = th.getBoundingClientRect();
        if (b.left >= left && b.right <= right) continue;
        let scroller = th.parentElement;
        while (scroller && scroller !== player && !/^(auto|scroll)$/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
        // its own: inside the what-if part, around the table (not the panel's or the page's scrolling)
        if (scroller && scroller !== player && scroller.closest('.wf-whatif') !== null && scroller.contains(th.closest('table'))) {
          const sb = scroller.getBoundingClientRect();
          if (sb.left >= left && sb.right <= right && scroller.scrollWidth > scroller.clientWidth) continue;
        }
        out.push(`what-if header "${th.textContent ?? ''}" at ${Math.round(b.left)}-${Math.round(b.right)}, outside ${Math.round(left)}-${Math.round(right)} and no scroll region of its own`);
      }
      return out;
    },
    { host, column },
  );
}

/**
 * The widths in the order a test visits them: English loads at the narrowest and widens, Chinese loads at the widest
 * and narrows, so each width is met both on the first layout and after a resize (a part that keeps a width it once
 * measured would not let its column shrink again).
 */
const visitOrder = (lang: (typeof LANGS)[number]) => (lang === 'en' ? [...WIDTHS] : [...WIDTHS].reverse());

/** At each width in turn (set by `resize`), nothing overflows; the problems are prefixed with the width. */
async function checkWidths(page: Page, widths: readonly number[], resize: (width: number) => Promise<void>, host: string | null): Promise<void> {
  for (const [i, width] of widths.entries()) {
    if (i > 0) await resize(width);
    await expect.poll(async () => (await overflow(page, host, host === null ? null : width)).map((p) => `${width} px: ${p}`)).toEqual([]);
  }
}

for (const [view, path] of [
  ['embed.html in an iframe as wide as a doc column', (q: string) => `embed.html?${q}&panels=${PANELS}`],
  ['the app in a window as wide as a doc column', (q: string) => `index.html?${q}`],
] as const) {
  describe(view, () => {
    for (const lang of LANGS)
      for (const compare of MODES) {
        const widths = visitOrder(lang);
        test(`${lang}${modeName(compare)}: ${widths.join(', ')} px`, async () => {
          const page = await theBrowser().newPage({ viewport: { width: widths[0] ?? 0, height: HEIGHT } });
          const errors = watchErrors(page);
          await page.goto(appUrl(path(query(lang, compare))));
          await ready(page);
          await showWhatIf(page);
          await checkWidths(page, widths, (width) => page.setViewportSize({ width, height: HEIGHT }), null);
          expect(errors).toEqual([]);
          await page.close();
        });
      }
  });
}

describe('<streamscope-player> in the content column of a doc page', () => {
  for (const lang of LANGS)
    for (const compare of MODES) {
      const widths = visitOrder(lang);
      test(`${lang}${modeName(compare)}: columns of ${widths.join(', ')} px`, async () => {
        const page = await theBrowser().newPage({ viewport: { width: DOC_PAGE.width, height: HEIGHT } });
        const errors = watchErrors(page);
        // the example course page defines the element; its own players make way for the doc layout
        await page.goto(appUrl('examples/course.html'));
        await page.waitForFunction(() => customElements.get('streamscope-player') !== undefined);
        await page.evaluate(
          ({ id, lang, compare, panels, width, sidebar, aside }) => {
            document.querySelector('main')?.remove();
            // through the CSSOM: the page's Content-Security-Policy blocks style attributes
            Object.assign(document.body.style, { maxWidth: 'none', margin: '0', padding: '0' });
            const row = document.createElement('div');
            row.style.display = 'flex';
            const nav = document.createElement('nav');
            nav.style.flex = `0 0 ${sidebar}px`;
            nav.textContent = 'Sidebar';
            // the content column: shrinks to fit the row, never below its content (min-width: auto)
            const col = document.createElement('main');
            col.id = `${id}-column`;
            col.style.flex = `0 1 ${width}px`;
            const heading = document.createElement('h1');
            heading.textContent = 'Streamed tool arguments';
            const el = document.createElement('streamscope-player');
            el.id = id;
            const attrs: Record<string, string> = { rec: 'agent-run', lang, panels, base: '../recordings/' };
            if (compare) attrs.compare = '1';
            for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
            col.append(heading, el);
            const toc = document.createElement('aside');
            toc.style.flex = `0 0 ${aside}px`;
            toc.textContent = 'On this page';
            row.append(nav, col, toc);
            document.body.prepend(row);
          },
          { id: PLAYER_ID, lang, compare, panels: PANELS, width: widths[0] ?? 0, sidebar: DOC_PAGE.sidebar, aside: DOC_PAGE.aside },
        );
        await page.locator(`#${PLAYER_ID} input[type=range]:not([disabled])`).first().waitFor();
        await showWhatIf(page);
        const resize = (width: number) =>
          page.evaluate(({ id, width }) => {
            const col = document.getElementById(`${id}-column`);
            if (col) col.style.flex = `0 1 ${width}px`;
          }, { id: PLAYER_ID, width });
        await checkWidths(page, widths, resize, PLAYER_ID);
        expect(errors).toEqual([]);
        await page.close();
      });
    }
});
