/**
 * embed.html's poster: the player's first view, prerendered at build time for the shipped recordings
 * (scripts/posters.ts), shown while the player's own code is still on its way, as a video's poster frame is.
 *
 * Contract: reads the manifest embed.html carries (`<script type="application/json" id="ss-posters">`), picks the
 * poster for this URL, language and width (./posterKey.ts), fetches it from `posters/` beside the page and puts it
 * in a closed shadow root of `#ss-poster`, with the page's styles and the reader's theme. The poster is inert and
 * hidden from assistive technology (the page's markup says so): nothing in it can be focused or clicked, and a
 * screen reader meets only the player. The player hides itself while a poster is shown and removes the poster in
 * the frame it paints its recording (./embed-main.tsx), so the two never show at once. It is put in the page in two
 * tasks, the panels a frame after the rest (`data-shown` on the slot after the first, `data-complete` after both).
 * It shows nothing when there is no manifest or no poster for this URL, when the page is an iframe out of the
 * reader's sight (or with less than 160 px of it in sight), when the fetch fails, or when the player has already
 * removed `#ss-poster`. On every page, a poster or not, it also asks early for two of the player's later chunks,
 * its language's strings and its recording's wire (./earlyChunks.ts). Style attributes
 * travel as `data-ss-style` and are set through CSSOM, which the page's Content-Security-Policy (style-src 'self')
 * allows. A JSON.parse message the player quotes comes with the text that was parsed (`data-ss-parse`), and this
 * browser's own message replaces the build's: engines word them differently.
 */
import { earlyFiles } from './earlyChunks';
import { posterFile, posterLang, posterTheme, posterWire, type PosterManifest } from './posterKey';

/** The JSON in the page's `<script type="application/json" id=...>`, or null. */
function pageJson(id: string): unknown {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? 'null') as unknown;
  } catch {
    return null;
  }
}

function manifest(): PosterManifest {
  const parsed = pageJson('ss-posters');
  return parsed !== null && typeof parsed === 'object' ? (parsed as PosterManifest) : {};
}

/**
 * Asks for the player's chunks that its code would ask for only once it has run: the reader's language's strings,
 * and the wire of a shipped recording (./earlyChunks.ts). Fetched and compiled, not run: the player imports them as
 * before and finds them in. Done for every page, a poster or not, in sight or not; where a poster is on its way, once
 * it has arrived (asked for beside it, they shared the phone's bandwidth and the poster came 120 ms later).
 */
function preloadEarlyChunks(posters: PosterManifest, search: string): void {
  const urls = earlyFiles(pageJson('ss-early'), posterLang(search, navigator.languages), posterWire(posters, search));
  for (const url of urls) {
    const href = new URL(url, document.baseURI);
    if (href.origin !== window.location.origin) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.href = href.href;
    document.head.appendChild(link);
  }
}

/**
 * How much of an iframe the reader must see for its poster to be worth painting: a strip at the bottom of the screen
 * (the next player on a course page, its top edge showing) is left for the player itself. On a phone a poster's
 * style, layout and paint take about 150 ms of the page's one main thread, which the players in full sight wait
 * for; the strip shows the player a moment later instead.
 */
const POSTER_MIN_SIGHT_PX = 160;

/** Whether this page is in the reader's sight: always when it is the top page, else by the first report of an
 * IntersectionObserver (an iframe's is measured against the top page's viewport, across origins too) on a probe as
 * tall as the iframe: at least POSTER_MIN_SIGHT_PX of it, or all of it when the iframe is shorter. */
function inSight(): Promise<boolean> {
  if (window.top === window || typeof IntersectionObserver === 'undefined') return Promise.resolve(true);
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;top:0;left:0;width:1px;height:100vh;visibility:hidden;pointer-events:none';
  probe.setAttribute('aria-hidden', 'true');
  document.body.appendChild(probe);
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      observer.disconnect();
      probe.remove();
      resolve(entries.some((entry) => entry.isIntersecting && entry.intersectionRect.height >= Math.min(POSTER_MIN_SIGHT_PX, window.innerHeight - 1)));
    });
    observer.observe(probe);
  });
}

/** This browser's JSON.parse message for `text` (the player quotes the parser's own words), or null if it parses. */
function parserMessage(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : null;
  }
}

/**
 * Puts the page's stylesheets into the poster's shadow root: the page's own links, cloned (they are in by the time a
 * poster arrives, and the browser takes the same files from what it has already fetched and parsed). Resolves true
 * once every clone has loaded, false if one fails: no poster rather than an unstyled one. (Until 2026-12-07 the
 * rules were copied into a constructed stylesheet instead: serialising them and parsing them again took 50 to 85 ms
 * of the page's one main thread per poster on a phone, and a course page has one poster per player in sight.)
 */
function linkStyles(shadow: ShadowRoot): Promise<boolean> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.cloneNode() as HTMLLinkElement);
  const loaded = links.map(
    (link) =>
      new Promise<boolean>((resolve) => {
        link.addEventListener('load', () => resolve(true), { once: true });
        link.addEventListener('error', () => resolve(false), { once: true });
      }),
  );
  shadow.append(...links);
  return Promise.all(loaded).then((each) => each.every(Boolean));
}

/** What of the poster is put in a task of its own, after the rest has painted: the panels, as tabs or side by side. */
const LATER = '.ss-panel-tabs, .ss-panels';

/** Settles in a task after the next frame is painted (at once when the page is hidden and paints no frame). */
function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function showPoster(): Promise<void> {
  const search = window.location.search;
  const posters = manifest();
  const files = posterFile(posters, search, navigator.languages, window.innerWidth);
  const expected = document.getElementById('ss-poster');
  if (!files || !expected) {
    preloadEarlyChunks(posters, search);
    return;
  }
  // said before the player's script runs (it comes next in the page): the player then renders once its recording is
  // in, not an empty player first that nobody would see
  expected.dataset.expected = '';
  // the recording, asked for now rather than once the player's code has run (the player's own request, the same,
  // is then answered from this one): painting the poster takes the page's time, and the player would start later
  if (files.recording) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = `./recordings/${files.recording}`;
    document.head.appendChild(link);
  }
  // asked for together, while the page waits for the network: the poster, whether the page is in the reader's sight
  // (an iframe further down the course page shows none: nobody would see it, and its layout would take the page's
  // one main thread from the players in sight)
  const abort = new AbortController();
  const sight = inSight();
  // (a fetch aborted or failed is no poster, never an unhandled rejection: the page would report it as an error)
  const poster = fetch(new URL(`posters/${files.poster}`, document.baseURI), { priority: 'high', signal: abort.signal })
    .then((response) => (response.ok ? response.text() : null))
    .catch(() => null);
  if (!(await sight)) {
    abort.abort();
    preloadEarlyChunks(posters, search);
    return;
  }
  const html = await poster;
  preloadEarlyChunks(posters, search);
  if (html === null) return;
  const slot = document.getElementById('ss-poster');
  if (!slot) return;
  const template = document.createElement('template');
  template.innerHTML = html;
  const theme = posterTheme(search, window.matchMedia('(prefers-color-scheme: dark)').matches);
  for (const el of template.content.querySelectorAll<HTMLElement>('[data-theme]')) el.dataset.theme = theme;
  for (const el of template.content.querySelectorAll<HTMLElement>('[data-ss-style]')) el.style.cssText = el.dataset.ssStyle ?? '';
  for (const el of template.content.querySelectorAll<HTMLElement>('[data-ss-parse]')) el.textContent = parserMessage(el.dataset.ssParse ?? '') ?? el.textContent;
  // the player may have painted its recording meanwhile, and removed the slot
  if (!slot.isConnected || slot.dataset.shown !== undefined) return;
  // a closed shadow root: the page's scripts and selectors (a test's too) meet only the player, never its picture
  const shadow = slot.attachShadow({ mode: 'closed' });
  if (!(await linkStyles(shadow)) || !slot.isConnected) return;
  // in two tasks: the panels (the larger half of its style and layout) wait for the frame after the rest, so no one
  // task of the page styles and lays out the whole picture (on a course page with two players in sight, those were
  // the page's longest tasks); a comment holds their place
  const panels = template.content.querySelector(LATER);
  const place = document.createComment('');
  panels?.replaceWith(place);
  shadow.append(template.content);
  slot.dataset.shown = '';
  // when it was put in the page (npm run bench -- --mobile prints it)
  performance.mark('ss-poster');
  if (panels) {
    await afterNextPaint();
    // the player may have painted meanwhile, and removed the poster
    if (!slot.isConnected) return;
    place.replaceWith(panels);
  }
  slot.dataset.complete = '';
}

// a poster that cannot be had (an aborted or failed fetch) is no poster: the player's own render is the first view
showPoster().catch(() => undefined);
