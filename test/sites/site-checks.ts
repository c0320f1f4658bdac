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

/** The transport's top and the bottom of the page's bars fixed or stuck at the top, as the reader sees them. */
export async function stickyFigures(page: Page, bars: string): Promise<{ transportTop: number; barsBottom: number; playerTop: number }> {
  return page.evaluate((barSelector) => {
    const el = document.querySelector('streamscope-player');
    const transport = el?.shadowRoot?.querySelector('.ss-transport');
    let barsBottom = 0;
    for (const bar of document.querySelectorAll(barSelector)) {
      const position = getComputedStyle(bar).position;
      const r = bar.getBoundingClientRect();
      if ((position === 'fixed' || position === 'sticky') && r.top <= 1 && r.bottom > 0) barsBottom = Math.max(barsBottom, r.bottom);
    }
    return { transportTop: transport?.getBoundingClientRect().top ?? NaN, barsBottom, playerTop: el?.getBoundingClientRect().top ?? NaN };
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
