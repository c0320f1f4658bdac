// Loads and interactions timed under Chromium's emulation of a mid-range phone: the Lighthouse mobile preset (CPU
// slowed 4x, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) on a 412x823 viewport, through the CDP calls
// playwright-core exposes (Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions), each load in a fresh
// context (a cold cache), served compressed (./gzip-server.ts).
//
// A load's figures, read in the page's own clock from navigation start:
// - LCP: the last largest-contentful-paint entry the page reported up to ready + SETTLE_MS, with no input before it
//   (as Lighthouse and web-vitals read it: the candidate that stands when the reader first acts; until session 20
//   this took the last entry before ready, which missed a larger element painted just after it, the embed's
//   conclusion line); the top document's: an iframe's content does not count for its parent's LCP, so the embed
//   is timed as the page itself;
// - ready: the animation frame in which every player on the page (the document's, or each iframe's) shows its
//   slider with its frames and the raw list's first row;
// - TBT: the total blocking time, the sum over long tasks (> 50 ms) that start after the first contentful paint
//   and before ready + SETTLE_MS of their time past 50 ms; the longest task of the same window.
// An interaction's figure: from the event's timeStamp to the end of the next frame painted after it (a task posted
// from that frame's animation frame callback), per event: key steps (ArrowRight on the focused slider), a drag of
// the slider (each `input` event), and a strategy switch (a click on another strategy, to the first frame painted
// after the click's handlers, and to the frame where the panels name the new strategy).
import type { Browser, Page } from 'playwright-core';
import { allowNamedFunctions } from './browser';
import { median, p95, round } from './stats';

export const MOBILE = { cpuRate: 4, latencyMs: 150, downKbps: 1638.4, upKbps: 750, width: 412, height: 823, dpr: 1.75 } as const;
/** How long after ready the blocking time is still counted (deferred work, the waterfall, the self-check...). */
export const SETTLE_MS = 3000;

export const MOBILE_BUDGET = {
  embedLcpMs: 1500,
  embedTbtMs: 100,
  embedLongestTaskMs: 100,
  appLcpMs: 2500,
  appTbtMs: 200,
  threeReadyMs: 3000,
  threeTbtMs: 300,
  stepP95Ms: 100,
  dragP95Ms: 100,
  switchMs: 200,
} as const;

const INIT = `(() => {
  if (window.top !== window || window.__ssm) return;
  const m = (window.__ssm = { lcp: [], fcp: 0, long: [], ready: 0, lat: [] });
  const watch = (type, fn, extra) => { try { new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true, ...extra }); } catch {} };
  watch('largest-contentful-paint', (e) => m.lcp.push(e.renderTime || e.startTime));
  watch('paint', (e) => { if (e.name === 'first-contentful-paint') m.fcp = e.startTime; });
  watch('longtask', (e) => m.long.push([e.startTime, e.duration]));
  const docs = () => {
    const frames = [...document.querySelectorAll('iframe')];
    if (frames.length === 0) return [document];
    return frames.map((f) => { try { return f.contentDocument; } catch { return null; } });
  };
  const shown = (d) => {
    if (!d) return false;
    const s = d.querySelector('input[type=range]');
    return !!s && Number(s.max) > 0 && !!d.querySelector('.ss-raw-row');
  };
  const check = () => { if (docs().every(shown)) m.ready = performance.now(); else requestAnimationFrame(check); };
  requestAnimationFrame(check);
  // input -> the end of the next painted frame, per event
  const painted = (type, t0) => requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => m.lat.push([type, performance.now() - t0]); ch.port2.postMessage(0); });
  for (const type of ['keydown', 'input', 'click']) window.addEventListener(type, (e) => painted(type, e.timeStamp), true);
})();`;

interface Raw {
  lcp: number[];
  fcp: number;
  long: [number, number][];
  ready: number;
  lat: [string, number][];
}

export interface LoadFigures {
  lcpMs: number;
  fcpMs: number;
  readyMs: number;
  tbtMs: number;
  longestTaskMs: number;
  /** When embed.html put its poster (the prerendered first view) in the page; 0 when it showed none. */
  posterMs: number;
  /** The blocking time of every long task from navigation start to ready + 3 s: TBT counts from the first paint, so a
   * first paint that comes earlier (a poster) brings more of the same tasks into TBT; this one does not move with it. */
  tbtAllMs: number;
}

/**
 * How a load treats the HTTP cache: 'off' disables it (every request goes to the network, also a second request for
 * the same file within the page); 'cold' starts from the fresh context's empty cache, as a first visit does, so
 * the iframes of one page can share what the first one fetched when the server lets them.
 */
export type CacheMode = 'off' | 'cold';

/** A fresh context with the phone's viewport, CPU and network. */
async function phonePage(browser: Browser, cache: CacheMode = 'off'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: MOBILE.width, height: MOBILE.height }, deviceScaleFactor: MOBILE.dpr, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: cache === 'off' });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE.latencyMs,
    downloadThroughput: (MOBILE.downKbps * 1024) / 8,
    uploadThroughput: (MOBILE.upKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuRate });
  await allowNamedFunctions(page);
  await page.addInitScript({ content: INIT });
  return page;
}

const raw = (page: Page): Promise<Raw> => page.evaluate(() => (window as unknown as { __ssm: Raw }).__ssm);

async function loadPage(browser: Browser, url: string, cache: CacheMode = 'off'): Promise<{ page: Page; figures: LoadFigures }> {
  const page = await phonePage(browser, cache);
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  await page.waitForFunction(() => (window as unknown as { __ssm?: Raw }).__ssm?.ready, null, { timeout: 120_000, polling: 250 });
  const { ready } = await raw(page);
  // the blocking time counts the deferred work that follows the first view too
  await page.waitForFunction((until) => performance.now() > until, ready + SETTLE_MS, { timeout: 60_000, polling: 250 });
  const m = await raw(page);
  const posterMs = await page.evaluate(() => performance.getEntriesByName('ss-poster')[0]?.startTime ?? 0);
  const inWindow = m.long.filter(([start]) => start >= m.fcp && start <= ready + SETTLE_MS);
  return {
    page,
    figures: {
      lcpMs: round(m.lcp.filter((t) => t <= ready + SETTLE_MS).pop() ?? 0),
      fcpMs: round(m.fcp),
      readyMs: round(ready),
      tbtMs: round(inWindow.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)),
      longestTaskMs: round(Math.max(0, ...inWindow.map(([, d]) => d))),
      posterMs: round(posterMs),
      tbtAllMs: round(m.long.filter(([start]) => start <= ready + SETTLE_MS).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)),
    },
  };
}

export interface LoadRow {
  loads: LoadFigures[];
  median: LoadFigures;
}

function medianRow(loads: LoadFigures[]): LoadRow {
  const pick = (k: keyof LoadFigures) => round(median(loads.map((l) => l[k])));
  return { loads, median: { lcpMs: pick('lcpMs'), fcpMs: pick('fcpMs'), readyMs: pick('readyMs'), tbtMs: pick('tbtMs'), longestTaskMs: pick('longestTaskMs'), posterMs: pick('posterMs'), tbtAllMs: pick('tbtAllMs') } };
}

/** `runs` cold loads of `url` under the phone preset, each printed as it ends. */
export async function measureLoads(browser: Browser, url: string, runs: number, log: (s: string) => void, cache: CacheMode = 'off'): Promise<LoadRow> {
  const loads: LoadFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const { page, figures } = await loadPage(browser, url, cache);
    await page.context().close();
    loads.push(figures);
    log(`    load ${i + 1}: LCP ${figures.lcpMs} ms, FCP ${figures.fcpMs} ms, ready ${figures.readyMs} ms, TBT ${figures.tbtMs} ms (from navigation ${figures.tbtAllMs} ms), longest task ${figures.longestTaskMs} ms${figures.posterMs > 0 ? `, poster in the page at ${figures.posterMs} ms` : ''}`);
  }
  return medianRow(loads);
}

export interface InteractionFigures {
  stepP95Ms: number;
  stepMedianMs: number;
  steps: number;
  dragP95Ms: number;
  dragMedianMs: number;
  dragInputs: number;
  /** Click -> the next painted frame. */
  switchPaintMs: number;
  /** Click -> the frame where the conclusion and the buffers panel, if on screen, name the new strategy. */
  switchShownMs: number;
  /** Where the panels are tabs: the buffers tab chosen 300 ms after the switch -> the frame that shows it with the new
   * strategy (0 where there are no tabs). */
  tabAfterSwitchMs: number;
}

/**
 * Arms a timer for the page's next click: from the click's timestamp to the end of the first frame (checked in each
 * animation frame) in which the new strategy ("One buffer per call") is shown. For 'switch': the conclusion and
 * every buffers panel on screen name it (on a phone the panels are tabs, and a hidden one catches up after the
 * switch has painted); for 'tab': the buffers panel on screen names it. Returns a function that resolves to the
 * figure once the click has happened.
 */
async function timeNextClick(page: Page, what: 'switch' | 'tab'): Promise<() => Promise<number>> {
  await page.evaluate((mode) => {
    const w = window as unknown as { __ssClick?: Promise<number> };
    w.__ssClick = new Promise<number>((resolve) => {
      window.addEventListener(
        'click',
        (e) => {
          const t0 = e.timeStamp;
          const names = (el: Element | null) => /One buffer per call/.test(el?.textContent ?? '');
          const check = () => {
            const buffers = [...document.querySelectorAll('[aria-label="Parameter buffers"]')].filter((el) => !el.closest('[hidden]'));
            const shown = mode === 'switch' ? names(document.querySelector('.ss-conclusion')) && buffers.every(names) : buffers.length > 0 && buffers.every(names);
            if (shown) {
              const ch = new MessageChannel();
              ch.port1.onmessage = () => resolve(performance.now() - t0);
              ch.port2.postMessage(0);
            } else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        },
        { capture: true, once: true },
      );
    });
  }, what);
  return () => page.evaluate(() => (window as unknown as { __ssClick: Promise<number> }).__ssClick);
}

/** Key steps, a slider drag and a strategy switch on `url` (the app), after it is ready, under the phone preset. */
export async function measureInteractions(browser: Browser, url: string, steps = 20, moves = 20): Promise<InteractionFigures> {
  const { page } = await loadPage(browser, url);
  try {
    const slider = page.locator('input[type=range]').first();
    await slider.focus();
    await page.evaluate(() => ((window as unknown as { __ssm: Raw }).__ssm.lat = []));
    for (let i = 0; i < steps; i++) {
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(250);
    }
    const keys = (await raw(page)).lat.filter(([type]) => type === 'keydown').map(([, ms]) => ms);

    await page.evaluate(() => ((window as unknown as { __ssm: Raw }).__ssm.lat = []));
    const box = await slider.boundingBox();
    if (!box) throw new Error('the slider has no box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 4, y);
    await page.mouse.down();
    for (let i = 1; i <= moves; i++) {
      await page.mouse.move(box.x + 4 + ((box.width - 8) * i) / moves, y);
      await page.waitForTimeout(100);
    }
    await page.mouse.up();
    await page.waitForTimeout(500);
    const drags = (await raw(page)).lat.filter(([type]) => type === 'input').map(([, ms]) => ms);

    await page.evaluate(() => ((window as unknown as { __ssm: Raw }).__ssm.lat = []));
    // timed in the page, from the click's own timestamp (as the other interactions are): the wait for the panels is
    // a check in each animation frame, and the figure is the end of the frame that shows the new strategy (until
    // session 20 this was timed around playwright's click() and a polled wait from Node, whose own round trips
    // under the 4x CPU were most of the 200 to 360 ms it gave)
    const switchShown = await timeNextClick(page, 'switch');
    await page.getByRole('radio', { name: 'One buffer per call', exact: true }).click();
    const shownMs = await switchShown();
    await page.waitForTimeout(300);
    const clicks = (await raw(page)).lat.filter(([type]) => type === 'click').map(([, ms]) => ms);
    // where the panels are tabs, the buffers tab chosen 300 ms after the switch: a hidden tab catches up in a task
    // after the switch's paint, and whatever of that render is not done yet (at 4x it can take longer) is paid here
    let tabAfterSwitchMs = 0;
    const tab = page.getByRole('tab', { name: 'Parameter buffers', exact: true });
    if ((await tab.count()) > 0) {
      const tabShown = await timeNextClick(page, 'tab');
      await tab.click();
      tabAfterSwitchMs = await tabShown();
    }
    return {
      stepP95Ms: round(p95(keys)),
      stepMedianMs: round(median(keys)),
      steps: keys.length,
      dragP95Ms: round(p95(drags)),
      dragMedianMs: round(median(drags)),
      dragInputs: drags.length,
      switchPaintMs: round(Math.max(0, ...clicks)),
      switchShownMs: round(shownMs),
      tabAfterSwitchMs: round(tabAfterSwitchMs),
    };
  } finally {
    await page.context().close();
  }
}

/** A course page with three iframe players, as examples/course.html has. */
export const THREE_PAGE = 'mobile-three.html';
export const THREE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>three players</title></head>
<body style="margin:0 8px"><h1>A course page</h1><p>Three players, as a lesson page has them.</p>
<iframe title="Streamscope 1" style="width:100%;height:640px;border:0" src="./embed.html?rec=parallel-probe&lang=en"></iframe>
<iframe title="Streamscope 2" style="width:100%;height:640px;border:0" src="./embed.html?rec=agent-run&lang=en"></iframe>
<iframe title="Streamscope 3" style="width:100%;height:640px;border:0" src="./embed.html?rec=thinking-turn&lang=en"></iframe>
</body></html>
`;
