// The Astro Starlight recipe of docs/embedding.md, word for word, on a real Starlight 0.37 site (Astro 5): the
// recipe's own files in a fresh folder outside this repository, its shell block run there (npm installs Starlight
// and Astro from the registry and the packed tarball, copies the package's folder into public/, `astro build`), then
// the built page in Chromium. Not in the default gate (about 370 packages): `npm run test:sites` runs it.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { follow, freshSite, recipe, serve } from './recipe';
import { checkRenderAndDarkSwitch, checkStickyBelowHeader, launchChromium, siteShots, type SitePage } from './site-checks';

let browser: Browser;
let site: { url: string; close: () => Promise<void> };
let dir: string;
let page: SitePage;

const isDark = (p: Page) => p.evaluate(() => document.documentElement.getAttribute('data-theme') === 'dark');
// the header's theme menu (Dark / Light / Auto), as a reader picks from it
const setDark = (p: Page, dark: boolean) => p.locator('header starlight-theme-select select:visible').selectOption(dark ? 'dark' : 'light').then(() => undefined);

beforeAll(async () => {
  const started = Date.now();
  dir = freshSite('starlight', inject('tarball'), { outside: true });
  follow(dir, recipe('Astro Starlight'), { online: true, timeout: 900_000 });
  const version = (name: string) => (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  console.log(`Starlight ${version('@astrojs/starlight')} (Astro ${version('astro')}): installed and built in ${Math.round((Date.now() - started) / 1000)} s`);
  site = await serve(join(dir, 'dist'));
  browser = await launchChromium();
  page = { browser, url: new URL('guide/player/', site.url).href, setDark, isDark, bars: 'header, mobile-starlight-toc nav' };
}, 1_200_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('the built page holds the element and the iframe', () => {
  const html = readFileSync(join(dir, 'dist/guide/player/index.html'), 'utf8');
  expect(html).toContain('<streamscope-player rec="parallel-probe" s="shared-buffer" base="/streamscope/recordings/">');
  expect(html).toContain('src="/streamscope/embed.html?rec=parallel-probe"');
});

it('element and iframe render and seek; the theme menu reaches both without losing the frame', async () => {
  await checkRenderAndDarkSwitch(page);
});

it('at 400 px the sticky scrubber stays below the header and its "On this page" bar', async () => {
  // Starlight's scroll-padding-top (which the player takes) is its header, the "On this page" bar and 1.5rem
  await checkStickyBelowHeader(page, { gap: 26 });
});

it('screenshots of the page when asked for (STREAMSCOPE_SITE_SHOTS)', async () => {
  // the theme menu's own change (at 400 px it sits in the closed mobile menu, so it is set and told, not clicked)
  await siteShots(browser, page.url, 'starlight', (p, on) =>
    p.evaluate((dark) => {
      for (const select of document.querySelectorAll<HTMLSelectElement>('starlight-theme-select select')) {
        select.value = dark ? 'dark' : 'light';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }, on),
  );
  expect(site.url).toMatch(/^http:/);
});
