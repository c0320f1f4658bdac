// The plain-HTML recipe of docs/embedding.md, word for word: the packed tarball installed, its dist/ copied to
// site/streamscope/, the recipe's page at site/lesson/ (below the site root), opened in Chromium. Then what a course
// author does to a live element: change its attributes (the player keeps its frame, strategy and playback), and
// get a `base` or `src` wrong (the player names the URL it tried, and no picker).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { follow, freshSite, recipe, serve } from './recipe';
import { checkElementSeeks, elementTheme, iframeSlider, iframeTheme, launchChromium, siteShots, watchProblems } from './site-checks';

let browser: Browser;
let site: { url: string; close: () => Promise<void> };
let dir: string;

beforeAll(async () => {
  dir = freshSite('plain', inject('tarball'));
  follow(dir, recipe('Plain HTML'));
  // two pages of this test's own (not the recipe's): a wrong base and a wrong src
  writeFileSync(join(dir, 'site/lesson/wrong.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>wrong</title><script type="module" src="/streamscope/element.js"></script></head><body><streamscope-player id="a" rec="parallel-probe"></streamscope-player><streamscope-player id="b" src="missing.jsonl"></streamscope-player></body></html>');
  site = await serve(join(dir, 'site'));
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(page: Page, path: string): Promise<void> {
  await page.goto(new URL(path, site.url).href);
}

it('the recipe page: element and iframe render; the page dark theme reaches both (followHost for the iframe)', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const problems = watchProblems(page);
  await open(page, 'lesson/');
  await checkElementSeeks(page);
  await expect.poll(() => iframeSlider(page).getAttribute('aria-valuetext'), { timeout: 20_000 }).toMatch(/^Frame 0 of /);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await expect.poll(() => elementTheme(page)).toBe('dark');
  await expect.poll(() => iframeTheme(page)).toBe('dark');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await expect.poll(() => elementTheme(page)).toBe('light');
  await expect.poll(() => iframeTheme(page)).toBe('light');
  expect(problems).toEqual([]);
  await page.close();
});

it('changing attributes keeps the frame and the strategy; lang follows the browser when absent', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  await open(page, 'lesson/');
  const slider = page.locator('streamscope-player').getByRole('slider', { name: '帧' });
  await expect.poll(() => slider.getAttribute('aria-valuetext'), { timeout: 20_000 }).toMatch(/^第 0 帧/);
  const el = page.locator('streamscope-player');
  await el.evaluate((e) => (e as HTMLElement & { seek(f: number): void }).seek(4));
  await expect.poll(() => slider.getAttribute('aria-valuetext')).toMatch(/^第 4 帧/);
  const strategy = () => el.getByRole('radiogroup').getByRole('radio', { checked: true }).getAttribute('value');
  const before = await strategy();
  expect(before).toBe('shared-buffer');
  await el.evaluate((e) => e.setAttribute('lang', 'en'));
  await expect.poll(() => el.getByRole('slider', { name: 'Frame' }).getAttribute('aria-valuetext')).toMatch(/^Frame 4 of /);
  await el.evaluate((e) => e.setAttribute('theme', 'dark'));
  await expect.poll(() => elementTheme(page)).toBe('dark');
  await el.evaluate((e) => e.setAttribute('panels', 'raw'));
  await expect.poll(() => el.getByRole('group', { name: 'Parameter buffers' }).count()).toBe(0);
  expect(await el.getByRole('group', { name: 'Raw events' }).count()).toBe(1);
  await el.evaluate((e) => e.setAttribute('controls', 'full'));
  await expect.poll(() => el.getByRole('combobox').count()).toBeGreaterThan(0);
  expect(await el.getByRole('slider', { name: 'Frame' }).getAttribute('aria-valuetext')).toMatch(/^Frame 4 of /);
  expect(await strategy()).toBe(before);
  await page.close();
});

it('a wrong base or src: the player names the URL it tried and never mentions a picker', async () => {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 }, locale: 'en-US' });
  await open(page, 'lesson/wrong.html');
  // the players' text is in their shadow roots (CSS locators reach into open ones)
  const a = page.locator('#a .ss-player');
  const b = page.locator('#b .ss-player');
  await expect.poll(() => a.textContent(), { timeout: 20_000 }).toContain(`${site.url}lesson/recordings/index.json`);
  expect(await a.textContent()).toContain('HTTP 404');
  await expect.poll(() => b.textContent(), { timeout: 20_000 }).toContain(`${site.url}lesson/missing.jsonl`);
  for (const el of [a, b]) expect(await el.textContent()).not.toContain('Choose a recording');
  await page.close();
});

it('screenshots of the page when asked for (STREAMSCOPE_SITE_SHOTS)', async () => {
  await siteShots(browser, new URL('lesson/', site.url).href, 'plain', (page, on) =>
    page.evaluate((dark) => {
      document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
      document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    }, on),
  );
  expect(site.url).toMatch(/^http:/);
});
