// Shared by the layout tests in Chromium (layout, layout-embed, axe): pages opened at a given viewport, boxes
// measured, the catalog's accessible names of the main parts (one browser per test file: browser.ts withBrowser).
import { expect } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { appUrl, theBrowser, watchErrors } from './browser';

export { theBrowser, withBrowser } from './browser';

export type Box = { x: number; y: number; width: number; height: number };
export interface View {
  width: number;
  height: number;
  scale?: number;
  mobile?: boolean;
}

export async function open(path: string, view: View, bypassCSP = false): Promise<{ page: Page; errors: string[] }> {
  const options: BrowserContextOptions = {
    viewport: { width: view.width, height: view.height },
    deviceScaleFactor: view.scale ?? 1,
    isMobile: view.mobile ?? false,
    hasTouch: view.mobile ?? false,
    bypassCSP,
  };
  const page = await theBrowser().newPage(options);
  const errors = watchErrors(page);
  await page.goto(appUrl(path));
  await page.locator('input[type=range]:not([disabled])').first().waitFor({ timeout: 20_000 });
  return { page, errors };
}

export async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${String(locator)}`);
  return b;
}

/** The element's box lies inside the viewport (1 px of rounding allowed). */
export async function expectInView(page: Page, locator: Locator, what: string): Promise<void> {
  const b = await box(locator);
  const vp = page.viewportSize();
  if (!vp) throw new Error('no viewport');
  const where = `${what}: ${JSON.stringify(b)} in ${vp.width}x${vp.height}`;
  expect(b.x, where).toBeGreaterThanOrEqual(-1);
  expect(b.y, where).toBeGreaterThanOrEqual(-1);
  expect(b.x + b.width, where).toBeLessThanOrEqual(vp.width + 1);
  expect(b.y + b.height, where).toBeLessThanOrEqual(vp.height + 1);
}

export const L = {
  en: { slider: 'Frame', group: 'Assembly strategy', raw: 'Raw events', buffers: 'Parameter buffers', results: 'Parse results', conclusion: 'Conclusion' },
  zh: { slider: '帧', group: '拼装策略', raw: '原始事件', buffers: '参数缓冲区', results: '解析结果', conclusion: '结论' },
} as const;

export const conclusion = (page: Page) => page.locator('.ss-conclusion');

export async function noSidewaysOverflow(page: Page, what: string): Promise<void> {
  const { sw, cw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth }));
  expect(sw, `${what}: scrollWidth ${sw} > clientWidth ${cw}`).toBeLessThanOrEqual(cw);
}

export async function enterPresenter(page: Page): Promise<void> {
  // focus in the player as the app's own mount focus does it (without scrolling: the app focuses the player in the
  // frame after its first render, and a test that gets there first must not scroll the page by focusing)
  await page.locator('main').evaluate((el: HTMLElement) => el.focus({ preventScroll: true }));
  await page.keyboard.press('p');
  await page.locator('.ss-presenter').waitFor();
}
