// The JavaScript weight budgets, counted over the network in Chromium (cold cache, a fresh browser context each):
// - <streamscope-player> (the library's dist/element.js): every script response requested before the player's
//   first paint of parallel-probe, then what a second element added to the same page fetches that the page had not
//   fetched already;
// - embed.html?rec=parallel-probe (the iframe's page): every script response requested before its first paint, and
//   a second iframe of it beside the first;
// - the app's default page (index.html): every script response requested before its first paint.
// "First paint": the animation frame in which the slider and the raw list's first row are there (in the element's
// shadow root for the element). A response counts as before the first paint when its request started before that
// frame (the request's start time and the page's clock are both wall-clock milliseconds, so a worker's own script
// requests, which the page's resource timing does not list, are placed too). A body is measured as Node's gzip at
// level 9 (the preview server does not compress; docs/performance.md, "initial JS"), the way the other rows are.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Request } from 'playwright-core';
import { allowNamedFunctions, IDLE_WAIT_MS } from './browser';

/** The budgets, in bytes of gzip (1 KB = 1,024 bytes). */
export const BYTES_BUDGET = { elementFirstPaint: 100 * 1024, elementSecond: 0, embedFirstPaint: 90 * 1024, embedSecond: 0, appInitial: 150 * 1024 } as const;

/** The test page the element is counted on: the element's module and one player of a small shipped recording. */
export const ELEMENT_PAGE = 'bytes-element.html';
/** The test page the iframe embed is counted on. */
export const EMBED_PAGE = 'bytes-embed.html';
const ELEMENT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>element bytes</title>
<script type="module" src="./element.js"></script></head>
<body><main style="max-width:760px;margin:0 auto"><h1>A course page</h1>
<streamscope-player id="first" rec="parallel-probe" base="./recordings/"></streamscope-player></main></body></html>
`;
const EMBED_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>embed bytes</title></head>
<body><h1>A course page</h1><iframe id="first" title="Streamscope" style="width:720px;height:600px;border:0" src="./embed.html?rec=parallel-probe"></iframe></body></html>
`;

/** Writes the two test pages into the built folder (the library build must be in it: dist/element.js). */
export function writeBytesPages(outDir: string): void {
  writeFileSync(join(outDir, ELEMENT_PAGE), ELEMENT_HTML);
  writeFileSync(join(outDir, EMBED_PAGE), EMBED_HTML);
}

export interface ScriptFile {
  /** The URL's path (and query). */
  path: string;
  gzipBytes: number;
}

export interface BytesFigures {
  /** Script responses whose request started before the first paint. */
  beforePaint: ScriptFile[];
  gzipBytes: number;
  requests: number;
  firstPaintMs: number;
  /** Scripts fetched later without any interaction (within IDLE_WAIT_MS after the first paint). */
  afterPaint: ScriptFile[];
  /** A second player added to the page once the first had settled: scripts whose URL the page had not fetched yet. */
  second?: { newFiles: ScriptFile[]; gzipBytes: number; requests: number };
}

interface Seen {
  request: Request;
  file: Promise<ScriptFile | null>;
}

const isScript = (r: Request) => /\.m?js(\?|$)/.test(r.url()) || r.resourceType() === 'script';

/** Every script response of the page's context, with its gzip size (read from the built folder if the body is gone). */
function watchScripts(page: Page, builtDir: string): Seen[] {
  const seen: Seen[] = [];
  page.context().on('requestfinished', (request) => {
    if (!isScript(request)) return;
    const url = new URL(request.url());
    const file = request
      .response()
      .then(async (res) => {
        if (!res) return null;
        const body = await res.body().catch(() => readBuilt(builtDir, url.pathname));
        if (body === null) return null;
        return { path: url.pathname + url.search, gzipBytes: gzipSync(body, { level: 9 }).length };
      })
      .catch(() => null);
    seen.push({ request, file });
  });
  return seen;
}

function readBuilt(builtDir: string, pathname: string): Buffer | null {
  try {
    return readFileSync(join(builtDir, pathname.replace(/^\/+/, '')));
  } catch {
    return null;
  }
}

/**
 * Sets `__paintAt_<id>` (epoch ms) on the window in the animation frame where the player (in the document, in
 * element #id's shadow root or in iframe #id's document) shows its slider and its first raw row.
 */
async function watchPaint(page: Page, target: 'document' | 'element' | 'iframe', id = 'first'): Promise<void> {
  await page.evaluate(
    ({ target, id }) => {
      const w = window as unknown as Record<string, number | undefined>;
      const key = `__paintAt_${id}`;
      const scope = (): ParentNode | null => {
        if (target === 'document') return document;
        const el = document.getElementById(id);
        if (!el) return null;
        if (target === 'element') return el.shadowRoot;
        try {
          return (el as HTMLIFrameElement).contentDocument;
        } catch {
          return null;
        }
      };
      const check = () => {
        const root = scope();
        const slider = root?.querySelector<HTMLInputElement>('input[type=range]');
        if (slider && Number(slider.max) > 0 && root?.querySelector('.ss-raw-row')) {
          w[key] = performance.timeOrigin + performance.now();
          return;
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    },
    { target, id },
  );
}

async function paintedAt(page: Page, id: string): Promise<number> {
  await page.waitForFunction((k) => (window as unknown as Record<string, number | undefined>)[k] !== undefined, `__paintAt_${id}`, { timeout: 60_000 });
  return page.evaluate((k) => (window as unknown as Record<string, number>)[k] as number, `__paintAt_${id}`);
}

/**
 * When each URL was first requested, in wall-clock ms of the pages' own clocks: the resource timing of the page and
 * of its same-origin iframes (the request's own start time, taken in the browser process, is off from the page's
 * clock by a few ms, enough to misplace a request made in the frame after the paint). A worker's requests are not
 * listed there; they keep the request's start time.
 */
async function pageStarts(page: Page): Promise<Map<string, number>> {
  const entries = await page.evaluate(() => {
    const docs: Window[] = [window, ...[...document.querySelectorAll('iframe')].map((f) => f.contentWindow).filter((w): w is Window => w !== null)];
    return docs.flatMap((w) => {
      try {
        return w.performance.getEntriesByType('resource').map((e) => [e.name, w.performance.timeOrigin + e.startTime] as [string, number]);
      } catch {
        return [];
      }
    });
  });
  const starts = new Map<string, number>();
  for (const [name, at] of entries) starts.set(name, Math.min(at, starts.get(name) ?? Infinity));
  return starts;
}

async function settle(page: Page, seen: Seen[]): Promise<{ start: number; file: ScriptFile }[]> {
  const starts = await pageStarts(page);
  const all = await Promise.all(seen.map(async (s) => ({ start: starts.get(s.request.url()) ?? s.request.timing().startTime, file: await s.file })));
  return all.filter((x): x is { start: number; file: ScriptFile } => x.file !== null);
}
const sum = (files: readonly ScriptFile[]) => files.reduce((t, f) => t + f.gzipBytes, 0);

/**
 * One cold load of `page` under test: the scripts before its first paint and after it (IDLE_WAIT_MS), and with
 * `addSecond`, what a second player added then fetches that the page had not.
 */
async function measure(browser: Browser, url: string, builtDir: string, target: 'document' | 'element' | 'iframe', addSecond?: (page: Page) => Promise<void>): Promise<BytesFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await allowNamedFunctions(page);
    const seen = watchScripts(page, builtDir);
    const navStart = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    await watchPaint(page, target);
    const paintAt = await paintedAt(page, 'first');
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    await page.waitForTimeout(IDLE_WAIT_MS);
    const first = await settle(page, seen);
    const beforePaint = first.filter((x) => x.start <= paintAt).map((x) => x.file);
    const afterPaint = first.filter((x) => x.start > paintAt).map((x) => x.file);
    const figures: BytesFigures = { beforePaint, gzipBytes: sum(beforePaint), requests: beforePaint.length, firstPaintMs: Math.round(paintAt - (timeOrigin || navStart)), afterPaint };
    if (addSecond) {
      const known = new Set(first.map((x) => x.file.path));
      const count = seen.length;
      await addSecond(page);
      await watchPaint(page, target, 'second');
      await paintedAt(page, 'second');
      await page.waitForTimeout(IDLE_WAIT_MS);
      const later = (await settle(page, seen.slice(count))).map((x) => x.file);
      const newFiles = later.filter((f) => !known.has(f.path));
      figures.second = { newFiles, gzipBytes: sum(newFiles), requests: later.length };
    }
    return figures;
  } finally {
    await context.close();
  }
}

/** <streamscope-player rec="parallel-probe">, then a second one (another strategy) below it. */
export const measureElementBytes = (browser: Browser, base: string, builtDir: string): Promise<BytesFigures> =>
  measure(browser, `${base}${ELEMENT_PAGE}`, builtDir, 'element', (page) =>
    page.evaluate(() => {
      const el = document.createElement('streamscope-player');
      el.id = 'second';
      el.setAttribute('rec', 'parallel-probe');
      el.setAttribute('s', 'per-call-buffer');
      el.setAttribute('base', './recordings/');
      document.querySelector('main')?.append(el);
    }),
  );

/** embed.html?rec=parallel-probe in an iframe of a course page, then a second iframe of it. */
export const measureEmbedBytes = (browser: Browser, base: string, builtDir: string): Promise<BytesFigures> =>
  measure(browser, `${base}${EMBED_PAGE}`, builtDir, 'iframe', (page) =>
    page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.id = 'second';
      frame.title = 'Streamscope 2';
      frame.style.cssText = 'width:720px;height:600px;border:0';
      frame.src = './embed.html?rec=parallel-probe&s=per-call-buffer';
      document.body.append(frame);
    }),
  );

/** The app's default page. */
export const measureAppBytes = (browser: Browser, base: string, builtDir: string): Promise<BytesFigures> => measure(browser, base, builtDir, 'document');
