// What the site tests check in Chromium, shared by the recipes: the element and the iframe render and seek, follow
// the page's theme without losing the frame, and stay below the page's fixed header.
import { expect } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/browser';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
}

/** Page errors, console errors and every failed request (status >= 400) of a page, to assert none happened. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`);
  });
  return problems;
}

export const elementSlider = (page: Page) => page.locator('streamscope-player').first().getByRole('slider', { name: 'Frame' });
export const iframeSlider = (page: Page, selector = 'iframe') => page.frameLocator(selector).getByRole('slider', { name: 'Frame' });

/** The element's player root's data-theme (inside its shadow root). */
export const elementTheme = (page: Page) => page.locator('streamscope-player').first().locator('.ss-player').getAttribute('data-theme');
export const iframeTheme = (page: Page, selector = 'iframe') => page.frameLocator(selector).locator('.ss-player').getAttribute('data-theme');

/** The element renders and seeks; returns the frame count it shows. */
export async function checkElementSeeks(page: Page): Promise<number> {
  const slider = elementSlider(page);
  await expect.poll(() => slider.getAttribute('aria-valuetext'), { timeout: 20_000 }).toMatch(/^Frame 0 of \d+/);
  const total = Number(/of ([\d,]+)/.exec((await slider.getAttribute('aria-valuetext')) ?? '')?.[1]?.replace(/,/g, ''));
  await page.locator('streamscope-player').first().evaluate((el) => (el as HTMLElement & { seek(f: number): void }).seek(5));
  await expect.poll(() => slider.getAttribute('aria-valuetext')).toMatch(/^Frame 5 of /);
  return total;
}

/**
 * The transport's top and bottom and the bottom of the page's bars fixed or stuck at the top, as the reader sees them:
 * `barsBottom` of those that start at the top, `stackBottom` of those too that sit right below them (Starlight's "On
 * this page" bar under its header at 400 px).
 */
export async function stickyFigures(page: Page, bars: string): Promise<{ transportTop: number; transportBottom: number; barsBottom: number; stackBottom: number; playerTop: number }> {
  return page.evaluate((barSelector) => {
    const el = document.querySelector('streamscope-player');
    const transport = el?.shadowRoot?.querySelector('.ss-transport');
    let barsBottom = 0;
    const stuck: DOMRect[] = [];
    for (const bar of document.querySelectorAll(barSelector)) {
      const position = getComputedStyle(bar).position;
      const r = bar.getBoundingClientRect();
      if ((position === 'fixed' || position === 'sticky') && r.bottom > 0 && r.height > 0) stuck.push(r);
      if ((position === 'fixed' || position === 'sticky') && r.top <= 1 && r.bottom > 0) barsBottom = Math.max(barsBottom, r.bottom);
    }
    let stackBottom = 0;
    for (const r of stuck.sort((a, b) => a.top - b.top)) if (r.top <= stackBottom + 1) stackBottom = Math.max(stackBottom, r.bottom);
    const t = transport?.getBoundingClientRect();
    return { transportTop: t?.top ?? NaN, transportBottom: t?.bottom ?? NaN, barsBottom, stackBottom, playerTop: el?.getBoundingClientRect().top ?? NaN };
  }, bars);
}

/**
 * With STREAMSCOPE_SITE_SHOTS=<folder> set, the page's first screen at 1280x800 and 400x800, light and dark (the
 * site's own switch, set by `dark(page, on)`), is written there as `<name>-<width>-<theme>.png` (docs/screenshots/sites
 * holds the committed ones). Without it, nothing is written.
 */
export async function siteShots(browser: Browser, url: string, name: string, dark: (page: Page, on: boolean) => Promise<void>): Promise<void> {
  const folder = process.env.STREAMSCOPE_SITE_SHOTS;
  if (!folder) return;
  for (const width of [1280, 400]) {
    const page = await browser.newPage({ viewport: { width, height: 800 }, locale: 'en-US' });
    await page.goto(url);
    await expect.poll(() => elementSlider(page).getAttribute('aria-valuetext'), { timeout: 20_000 }).toMatch(/^Frame 0 of /);
    await expect.poll(() => iframeSlider(page).getAttribute('aria-valuetext'), { timeout: 20_000 }).toMatch(/^Frame 0 of /);
    for (const theme of ['light', 'dark'] as const) {
      await dark(page, theme === 'dark');
      await expect.poll(() => elementTheme(page)).toBe(theme);
      await expect.poll(() => iframeTheme(page)).toBe(theme);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${folder}/${name}-${width}-${theme}.png` });
    }
    await page.close();
  }
}

/** Parts of a player whose font size tells its type scale: readout, strategy label, provenance, a button. */
const TYPE_PROBES = ['.ss-position', '.ss-group-label', '.ss-prov-summary', 'button'];

/** The element's and the iframe's type scale on this page: the same when the page's root font size does not leak in. */
export async function typeScales(page: Page, iframe = 'iframe'): Promise<{ element: string[]; iframe: string[] }> {
  const element = await page.locator('streamscope-player').first().evaluate((host, probes) => {
    const root = host.shadowRoot?.querySelector('.ss-player');
    return probes.map((sel) => {
      const el = root?.querySelector(sel);
      return el ? `${sel} ${getComputedStyle(el).fontSize}` : `${sel} missing`;
    });
  }, TYPE_PROBES);
  const inFrame = await page.frameLocator(iframe).locator('.ss-player').evaluate((root, probes) => {
    return probes.map((sel) => {
      const el = root.querySelector(sel);
      return el ? `${sel} ${getComputedStyle(el).fontSize}` : `${sel} missing`;
    });
  }, TYPE_PROBES);
  return { element, iframe: inFrame };
}

/** A built recipe page and how a reader uses the site's own dark switch. */
export interface SitePage {
  browser: Browser;
  url: string;
  /** the site's own switch, clicked as a reader would (at 1280 px) */
  setDark: (page: Page, dark: boolean) => Promise<void>;
  /** the site's own marker of its dark mode (html.dark, html[data-theme], a theme class) */
  isDark: (page: Page) => Promise<boolean>;
  /** the site's bars fixed or stuck at the top (for stickyFigures) */
  bars: string;
}

/**
 * At 1280 px: the element and the iframe render, the element seeks; the element is a block of its column's width
 * with the iframe's type scale; the site's own dark switch reaches both and back, the element keeping its frame; no
 * page error, console error or failed request.
 */
export async function checkRenderAndDarkSwitch(site: SitePage): Promise<void> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const problems = watchProblems(page);
  await page.goto(site.url);
  await checkElementSeeks(page);
  await expect.poll(() => iframeSlider(page).getAttribute('aria-valuetext'), { timeout: 20_000 }).toMatch(/^Frame 0 of /);
  const box = await page.locator('streamscope-player').evaluate((el) => ({ display: getComputedStyle(el).display, width: el.getBoundingClientRect().width, column: el.parentElement?.getBoundingClientRect().width ?? 0 }));
  expect(box.display).toBe('block');
  expect(box.width).toBeGreaterThan(300);
  expect(Math.abs(box.width - box.column)).toBeLessThan(2);
  expect(await page.locator('streamscope-player .ss-player').evaluate((el) => getComputedStyle(el).fontSize)).toBe('15px');
  const scales = await typeScales(page);
  expect(scales.element.join('; ')).not.toContain('missing');
  expect(scales.element).toEqual(scales.iframe);

  expect(await site.isDark(page)).toBe(false);
  expect(await elementTheme(page)).toBe('light');
  await site.setDark(page, true);
  await expect.poll(() => site.isDark(page)).toBe(true);
  await expect.poll(() => elementTheme(page)).toBe('dark');
  await expect.poll(() => iframeTheme(page)).toBe('dark');
  expect(await elementSlider(page).getAttribute('aria-valuetext')).toMatch(/^Frame 5 of /);
  await site.setDark(page, false);
  await expect.poll(() => site.isDark(page)).toBe(false);
  await expect.poll(() => elementTheme(page)).toBe('light');
  await expect.poll(() => iframeTheme(page)).toBe('light');
  expect(await elementSlider(page).getAttribute('aria-valuetext')).toMatch(/^Frame 5 of /);
  expect(problems).toEqual([]);
  await page.close();
}

/**
 * At 400 px, scrolled into the player: its sticky transport sits right below the site's own bars at the top (their
 * stack), at most `gap` px lower (Starlight's scroll-padding-top, which the player takes, is its bars and 1.5rem).
 * `sticks: false` for a site whose content column is a scroll container of its own (mdBook's `.content`), where
 * nothing inside can stick to the window: the transport then scrolls with the page like the chapter's text, under
 * the site's bars (the bar is what shows where they meet), never over them.
 */
export async function checkStickyBelowHeader(site: SitePage, { gap = 2, sticks = true } = {}): Promise<void> {
  const page = await site.browser.newPage({ viewport: { width: 400, height: 800 }, locale: 'en-US' });
  const problems = watchProblems(page);
  await page.goto(site.url);
  await checkElementSeeks(page);
  await page.evaluate(() => {
    const el = document.querySelector('streamscope-player');
    if (el) window.scrollBy(0, el.getBoundingClientRect().top + 300);
  });
  type Figures = Awaited<ReturnType<typeof stickyFigures>>;
  const below = (f: Figures) => f.playerTop < 0 && f.stackBottom > 0 && f.transportTop >= f.stackBottom - 1 && f.transportTop <= f.stackBottom + gap;
  if (sticks) {
    await expect.poll(() => stickyFigures(page, site.bars)).toSatisfy(below);
  } else {
    // not stuck: its top went above the window's top with the page
    await expect.poll(() => stickyFigures(page, site.bars)).toSatisfy((f: Figures) => f.playerTop < 0 && f.transportTop < 0);
    // a reader scrolling back up, 10 px at a time, until the site shows its bar again (mdBook does after about its
    // height): where the bar and the transport meet, the bar is on top
    let f = await stickyFigures(page, site.bars);
    for (let step = 0; step < 40 && f.stackBottom === 0; step++) {
      await page.mouse.wheel(0, -10);
      await page.waitForTimeout(50);
      f = await stickyFigures(page, site.bars);
    }
    expect(f.stackBottom).toBeGreaterThan(0);
    expect(f.transportTop).toBeLessThan(f.stackBottom);
    if (f.transportBottom > 0) {
      const y = Math.min(f.transportBottom, f.stackBottom) - 1;
      expect(await page.evaluate(([x, yy, bars]) => !!document.elementFromPoint(x, yy)?.closest(bars), [200, y, site.bars] as const)).toBe(true);
    }
  }
  expect(problems).toEqual([]);
  await page.close();
}
