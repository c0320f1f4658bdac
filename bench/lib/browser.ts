// The browser half of the benchmark, in Debian's Chromium through playwright-core against the built app served on
// 127.0.0.1: seek latency (slider input -> all panels painted), heap added by a 100,000-frame session, first paint
// of the default page, the JavaScript it loads before any interaction, and the naive "no virtualization" baseline.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { median, p95, round } from './stats';

const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-precise-memory-info'];

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FLAGS, headless: true });

/**
 * tsx compiles this file with esbuild's keepNames, which wraps named functions in page.evaluate callbacks in a
 * `__name(...)` helper that only exists in Node; define a no-op one in every page before its scripts run.
 */
export async function allowNamedFunctions(page: Page): Promise<void> {
  await page.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
}

async function openReady(page: Page, url: string, minFrames = 1): Promise<void> {
  await allowNamedFunctions(page);
  await page.goto(url);
  await page.waitForFunction(
    (n) => {
      const slider = document.querySelector<HTMLInputElement>('input[type=range]');
      return !!slider && Number(slider.max) + 1 >= n && !!document.querySelector('[aria-label="Raw events"], [aria-label="原始事件"]');
    },
    minFrames,
    { timeout: 120_000 },
  );
}

export interface SeekFigures {
  p95Ms: number;
  medianMs: number;
  seeks: number;
  mismatches: number;
}

/**
 * Each seek starts inside a requestAnimationFrame callback: set the slider's value, dispatch `input`, and take the
 * time in a task posted from there, which runs after that frame's style, layout and paint. So the figure is input ->
 * painted, without the wait for the next vsync. After each seek the panels are checked to show the new frame.
 */
export async function measureSeeks(page: Page, url: string, seeks: number, minFrames: number): Promise<SeekFigures> {
  await openReady(page, url, minFrames);
  await page.waitForTimeout(500);
  const result = await page.evaluate(async (n) => {
    const slider = document.querySelector<HTMLInputElement>('input[type=range]');
    if (!slider) throw new Error('no slider');
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const max = Number(slider.max);
    let s = 12345;
    const rnd = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
    const times: number[] = [];
    let mismatches = 0;
    for (let i = 0; i < n; i++) {
      const f = Math.floor(rnd() * (max + 1));
      const dt = await new Promise<number>((resolve) =>
        requestAnimationFrame(() => {
          const t0 = performance.now();
          setter?.call(slider, String(f));
          slider.dispatchEvent(new Event('input', { bubbles: true }));
          const ch = new MessageChannel();
          ch.port1.onmessage = () => resolve(performance.now() - t0);
          ch.port2.postMessage(0);
        }),
      );
      times.push(dt);
      const current = document.querySelector('.ss-raw-row[aria-current="true"] .ss-raw-index');
      if (slider.value !== String(f) || current?.textContent !== String(f)) mismatches++;
    }
    return { times, mismatches };
  }, seeks);
  return { p95Ms: round(p95(result.times), 2), medianMs: round(median(result.times), 2), seeks, mismatches: result.mismatches };
}

/** JS heap (after forced GC) of a page showing `url`, via the DevTools protocol. */
export async function heapOf(browser: Browser, url: string, minFrames: number): Promise<number> {
  const page = await browser.newPage();
  await openReady(page, url, minFrames);
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await page.close();
  return usage.usedSize / (1024 * 1024);
}

export interface PaintFigures {
  firstPaintMs: number;
  runs: number[];
  /** JavaScript requested before the first paint of the default recording (the budget's "initial JavaScript"). */
  initialJsGzipKB: number;
  /** All JavaScript the page loads without any interaction, within IDLE_WAIT_MS after the first paint. */
  idleJsGzipKB: number;
  /**
   * The bundle budget's figure: idleJsGzipKB plus the analyze worker's script and every file it imports statically
   * that the page did not load in that window (the analyze worker runs for every large file and faulted stream; it
   * counts even when the default recording was small enough to analyse inline).
   */
  allJsGzipKB: number;
  jsFiles: { url: string; gzipKB: number; beforePaint: boolean; loaded: boolean }[];
}

/** How long after the first paint a page is left alone to see what it loads on its own. */
export const IDLE_WAIT_MS = 2000;

/**
 * First paint: from navigation start until the slider and the panels show the default recording (median of N).
 * The first run also records every JavaScript file (worker scripts included) with its gzip size, and whether the
 * page requested it before the first paint (resource timing startTime, in the page's clock) or after.
 */
export async function measureFirstPaint(browser: Browser, url: string, runs = 5, builtDir?: string): Promise<PaintFigures> {
  const times: number[] = [];
  let jsFiles: { url: string; gzipKB: number; beforePaint: boolean; loaded: boolean }[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await allowNamedFunctions(page);
    const bodies: Promise<{ url: string; gzipKB: number } | null>[] = [];
    if (i === 0) {
      context.on('response', (res) => {
        // a body the browser no longer holds (a worker's script, at times) is read from the built folder instead
        const fromDisk = () => (builtDir === undefined ? null : builtFile(builtDir, res.url()));
        if (/\.m?js(\?|$)/.test(res.url()))
          bodies.push(
            res
              .body()
              .catch(fromDisk)
              .then((b) => (b === null ? null : { url: res.url(), gzipKB: gzipSync(b, { level: 9 }).length / 1024 })),
          );
      });
    }
    await page.addInitScript(() => {
      const check = () => {
        const slider = document.querySelector<HTMLInputElement>('input[type=range]');
        if (slider && Number(slider.max) > 0 && document.querySelector('.ss-raw-row')) {
          // the frame with this content is being painted now
          (window as unknown as { __firstPaint: number }).__firstPaint = performance.now();
          return;
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __firstPaint?: number }).__firstPaint !== undefined, undefined, { timeout: 30_000 });
    const paintAt = await page.evaluate(() => (window as unknown as { __firstPaint: number }).__firstPaint);
    times.push(paintAt);
    if (i === 0) {
      await page.waitForTimeout(IDLE_WAIT_MS);
      const started = new Map(
        await page.evaluate(() => performance.getEntriesByType('resource').map((e) => [e.name, e.startTime] as [string, number])),
      );
      jsFiles = (await Promise.all(bodies))
        .filter((x): x is { url: string; gzipKB: number } => x !== null)
        // a file the page's resource timing does not list (e.g. a worker's import) counts as initial
        .map((f) => ({ ...f, beforePaint: (started.get(f.url) ?? 0) <= paintAt, loaded: true }));
    }
    await context.close();
  }
  const files = jsFiles.map((f) => ({ ...f, url: new URL(f.url).pathname }));
  const loadedNames = new Set(files.map((f) => f.url.slice(f.url.lastIndexOf('/') + 1)));
  // a worker the page did not start counts with every file it would import that the page has not loaded already
  // (the workers are chunks of the app's build and import the page's core chunk: the browser's cache serves those)
  const unloaded = builtDir === undefined ? [] : unloadedWorkerFiles(builtDir, loadedNames);
  const sum = (list: { gzipKB: number }[]) => round(list.reduce((total, f) => total + f.gzipKB, 0));
  const loaded = files.filter((f) => f.loaded);
  return {
    firstPaintMs: round(median(times)),
    runs: times.map((t) => round(t)),
    initialJsGzipKB: sum(loaded.filter((f) => f.beforePaint)),
    idleJsGzipKB: sum(loaded),
    allJsGzipKB: sum([...loaded, ...unloaded.filter((w) => /^analyze\.worker/.test(w.worker))]),
    jsFiles: [
      ...files.map((f) => ({ ...f, gzipKB: round(f.gzipKB) })),
      ...unloaded.map((w) => ({ url: `/assets/${w.name}${w.name === w.worker ? '' : ` (imported by ${w.worker})`}`, gzipKB: round(w.gzipKB), beforePaint: false, loaded: false })),
    ],
  };
}

/** The built file a URL of the served build names (its path under the build's folder), or null. */
function builtFile(builtDir: string, url: string): Buffer | null {
  try {
    return readFileSync(join(builtDir, new URL(url).pathname.replace(/^\/+/, '')));
  } catch {
    return null;
  }
}

const gzipKBOf = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;

/**
 * Every worker script of a build (`assets/*.worker-*.js`) that the page did not load, each with the files of its
 * static imports (`from"./x.js"`, followed through those files) that the page did not load either, with their gzip
 * sizes; `worker` names the worker a file is counted for.
 */
function unloadedWorkerFiles(builtDir: string, loadedNames: ReadonlySet<string>): { name: string; worker: string; gzipKB: number }[] {
  const assets = join(builtDir, 'assets');
  const out: { name: string; worker: string; gzipKB: number }[] = [];
  for (const worker of readdirSync(assets).filter((name) => /\.worker-[^.]+\.js$/.test(name) && !loadedNames.has(name))) {
    const seen = new Set<string>([worker]);
    const queue = [worker];
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      out.push({ name, worker, gzipKB: gzipKBOf(join(assets, name)) });
      const code = readFileSync(join(assets, name), 'utf8');
      for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^'"`;()]*?\bfrom\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g)) {
        const dep = m[1];
        if (dep === undefined || seen.has(dep) || loadedNames.has(dep)) continue;
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  return out;
}

/** The naive baseline for the raw-events list: 100,000 real rows in the DOM, built and laid out once. */
export async function measureNoVirtualization(browser: Browser, url: string, rows: number): Promise<{ buildMs: number; heapMB: number }> {
  const page = await browser.newPage();
  await allowNamedFunctions(page);
  // an empty HTML page: `url` may name an SVG document (favicon.svg), where a div has no style
  await page.goto(/\.svg$/.test(url) ? 'about:blank' : url);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const before = ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
  const buildMs = await page.evaluate((n) => {
    const t0 = performance.now();
    const list = document.createElement('div');
    list.style.height = '400px';
    list.style.overflow = 'auto';
    for (let i = 0; i < n; i++) {
      const row = document.createElement('div');
      row.innerHTML = `<span>${i}</span> <span>${(i * 2).toFixed(1)} ms</span> <span>message</span> <span>{"choices":[{"delta":{"content":"tok"}}]}</span>`;
      list.appendChild(row);
    }
    document.body.appendChild(list);
    void list.scrollHeight;
    return performance.now() - t0;
  }, rows);
  await cdp.send('HeapProfiler.collectGarbage');
  const after = ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
  await page.close();
  return { buildMs: round(buildMs), heapMB: round((after - before) / (1024 * 1024)) };
}

export interface BlockFigures {
  /** Longest main-thread task (PerformanceObserver 'longtask', >= 50 ms entries only) while loading, 0 if none. */
  longestMs: number;
  /** How many long tasks there were. */
  longTasks: number;
  /** From the start of the load until the slider covers every frame. */
  loadMs: number;
  /**
   * By URL only: the longest task that began before the page requested the recording (the app's start-up: its
   * modules' evaluation and first render), and the longest one from that request on (the loading itself).
   */
  startupMs?: number;
  loadingMs?: number;
}

const longestOf = (durations: number[]) => Math.round(Math.max(0, ...durations) * 10) / 10;

/**
 * Runs `expression` in the page through the DevTools protocol. Unlike page.evaluate / waitForFunction, this does not
 * make Playwright compile its injected script in the page, a task of its own of about 40-50 ms that the page's
 * longtask observer would count as the app's.
 */
async function cdpValue<T>(cdp: CDPSession, expression: string): Promise<T> {
  const reply = (await cdp.send('Runtime.evaluate', { expression, returnByValue: true })) as { result: { value: T }; exceptionDetails?: { text: string } };
  if (reply.exceptionDetails) throw new Error(`in the page: ${reply.exceptionDetails.text}`);
  return reply.result.value;
}

const framesShown = `Number(document.querySelector('input[type=range]')?.max ?? -1) + 1`;

async function waitForFrames(page: Page, minFrames: number, cdp?: CDPSession): Promise<void> {
  if (!cdp) {
    await page.waitForFunction((n) => Number(document.querySelector<HTMLInputElement>('input[type=range]')?.max ?? -1) + 1 >= n, minFrames, { timeout: 120_000 });
    return;
  }
  const deadline = Date.now() + 120_000;
  while ((await cdpValue<number>(cdp, framesShown)) < minFrames) {
    if (Date.now() > deadline) throw new Error(`the page did not show ${minFrames} frames within 120 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The longest block of the page's main thread while a large recording loads, two ways: opened by URL (`rec=`,
 * measured from navigation start, so the app's own start-up counts too) and opened as a user file through the
 * file input on an already-open page (the worker path). Long tasks are the browser's own 'longtask' entries.
 * While the recording by URL loads, the page is only watched through the DevTools protocol (see cdpValue).
 */
export async function measureLoadBlock(browser: Browser, base: string, rec: string, file: string, frames: number): Promise<{ byUrl: BlockFigures; byFile: BlockFigures }> {
  const observe = `globalThis.__long = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) globalThis.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });`;
  const read = (page: Page, t0: number): Promise<BlockFigures> =>
    page.evaluate((start) => {
      const long = (globalThis as unknown as { __long: [number, number][] }).__long.map(([, d]) => d);
      return { longestMs: Math.round(Math.max(0, ...long) * 10) / 10, longTasks: long.length, loadMs: Math.round(performance.now() - start) };
    }, t0);

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await allowNamedFunctions(page);
  await page.addInitScript({ content: observe });
  await page.goto(`${base}?rec=${rec}&lang=en`, { waitUntil: 'commit' });
  const cdp = await page.context().newCDPSession(page);
  await waitForFrames(page, frames, cdp);
  await new Promise((r) => setTimeout(r, 300));
  const url = await cdpValue<{ long: [number, number][]; fetchAt: number; now: number }>(
    cdp,
    `({ long: globalThis.__long, now: performance.now(), fetchAt: performance.getEntriesByType('resource').find((e) => e.name.includes(${JSON.stringify(`recordings/${file}`)}))?.startTime ?? Infinity })`,
  );
  await cdp.detach();
  const byUrl: BlockFigures = {
    longestMs: longestOf(url.long.map(([, d]) => d)),
    longTasks: url.long.length,
    loadMs: Math.round(url.now),
    startupMs: longestOf(url.long.filter(([t]) => t < url.fetchAt).map(([, d]) => d)),
    loadingMs: longestOf(url.long.filter(([t]) => t >= url.fetchAt).map(([, d]) => d)),
  };

  await page.goto(`${base}?rec=parallel-probe&lang=en`);
  await waitForFrames(page, 2);
  await page.waitForTimeout(500);
  // fetch the file into the page first (not through the test driver, whose transfer would block the page)
  await page.evaluate(async (url) => {
    const blob = await (await fetch(url)).blob();
    (globalThis as unknown as { __file: File }).__file = new File([blob], 'big.jsonl');
  }, `${base}recordings/${file}`);
  await page.waitForTimeout(300);
  const t0 = await page.evaluate(() => {
    (globalThis as unknown as { __long: [number, number][] }).__long = [];
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    const dt = new DataTransfer();
    dt.items.add((globalThis as unknown as { __file: File }).__file);
    input.files = dt.files;
    const start = performance.now();
    input.dispatchEvent(new Event('change', { bubbles: true }));
    return start;
  });
  await waitForFrames(page, frames);
  await page.waitForTimeout(300);
  const byFile = await read(page, t0);
  await page.close();
  return { byUrl, byFile };
}
