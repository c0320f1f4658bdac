// The VitePress recipe of docs/embedding.md, word for word, on a real VitePress 1.6.4 site: install the packed
// tarball, copy its dist/ into docs/public, write the recipe's config, theme and page, `vitepress build` (which
// renders every page in Node first: the theme's `import 'streamscope/element'` and the page's
// `import { followHost } from 'streamscope'` run there), then open the built page below the site root in Chromium.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { follow, freshSite, recipe, serve } from './recipe';
import { checkElementSeeks, elementSlider, elementTheme, iframeSlider, iframeTheme, launchChromium, siteShots, stickyFigures, watchProblems } from './site-checks';

let browser: Browser;
let site: { url: string; close: () => Promise<void> };
let dir: string;

beforeAll(async () => {
  dir = freshSite('vitepress', inject('tarball'));
  follow(dir, recipe('VitePress'));
  execFileSync(process.execPath, [resolve('node_modules/vitepress/bin/vitepress.js'), 'build', 'docs'], { cwd: dir, stdio: 'pipe', timeout: 240_000 });
  site = await serve(join(dir, 'docs/.vitepress/dist'));
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('the server render keeps the element in the page (the import did not fail in Node)', () => {
  const html = readFileSync(join(dir, 'docs/.vitepress/dist/guide/player.html'), 'utf8');
  expect(html).toContain('<streamscope-player rec="parallel-probe"');
  expect(html).toContain('/streamscope/embed.html?rec=parallel-probe');
});

it('element and iframe render and seek; the site dark switch reaches both without losing the frame', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const problems = watchProblems(page);
  await page.goto(new URL('guide/player.html', site.url).href);
  await checkElementSeeks(page);
  await expect.poll(() => iframeSlider(page).getAttribute('aria-valuetext'), { timeout: 20_000 }).toMatch(/^Frame 0 of /);
  // a block of the content column's width, the iframe's type size
  const box = await page.locator('streamscope-player').evaluate((el) => ({ display: getComputedStyle(el).display, width: el.getBoundingClientRect().width, column: el.parentElement?.getBoundingClientRect().width ?? 0 }));
  expect(box.display).toBe('block');
  expect(Math.abs(box.width - box.column)).toBeLessThan(2);
  expect(await page.locator('streamscope-player .ss-player').evaluate((el) => getComputedStyle(el).fontSize)).toBe('15px');

  expect(await elementTheme(page)).toBe('light');
  await page.locator('.VPNavBar .VPSwitchAppearance:visible').click();
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await expect.poll(() => elementTheme(page)).toBe('dark');
  await expect.poll(() => iframeTheme(page)).toBe('dark');
  expect(await elementSlider(page).getAttribute('aria-valuetext')).toMatch(/^Frame 5 of /);
  await page.locator('.VPNavBar .VPSwitchAppearance:visible').click();
  await expect.poll(() => elementTheme(page)).toBe('light');
  await expect.poll(() => iframeTheme(page)).toBe('light');
  expect(await elementSlider(page).getAttribute('aria-valuetext')).toMatch(/^Frame 5 of /);
  expect(problems).toEqual([]);
  await page.close();
});

it('at 400 px the sticky scrubber stays below the site header and its local nav', async () => {
  const page = await browser.newPage({ viewport: { width: 400, height: 800 }, locale: 'en-US' });
  const problems = watchProblems(page);
  await page.goto(new URL('guide/player.html', site.url).href);
  await checkElementSeeks(page);
  // scroll into the player, so its transport sticks
  await page.evaluate(() => {
    const el = document.querySelector('streamscope-player');
    if (el) window.scrollBy(0, el.getBoundingClientRect().top + 300);
  });
  await expect.poll(async () => {
    const f = await stickyFigures(page, '.VPNav, .VPLocalNav, header');
    return f.playerTop < 0 && f.barsBottom > 0 && f.transportTop >= f.barsBottom - 1 && f.transportTop <= f.barsBottom + 2;
  }).toBe(true);
  expect(problems).toEqual([]);
  await page.close();
});

it('screenshots of the page when asked for (STREAMSCOPE_SITE_SHOTS)', async () => {
  await siteShots(browser, new URL('guide/player.html', site.url).href, 'vitepress', (page, on) =>
    page.evaluate((dark) => {
      document.documentElement.classList.toggle('dark', dark);
    }, on),
  );
  expect(site.url).toMatch(/^http:/);
});
