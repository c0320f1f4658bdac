// The Docusaurus recipe of docs/embedding.md, word for word, on a real Docusaurus 3.10 site: the recipe's own files
// in a fresh folder outside this repository, its shell block run there (npm installs Docusaurus from the registry
// and the packed tarball, copies the package's folder into static/, `docusaurus build`, which renders every page in
// Node first: the client module's `import 'streamscope/element'` runs there), then the built page in Chromium.
// Not in the default gate (the install is about 1,300 packages): `npm run test:sites` runs it.
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
let printed: string;

const isDark = (p: Page) => p.evaluate(() => document.documentElement.getAttribute('data-theme') === 'dark');
// the navbar's colour mode toggle (light -> dark -> light; the classic theme's own button)
async function setDark(p: Page, dark: boolean): Promise<void> {
  while ((await isDark(p)) !== dark) await p.locator('.navbar button[class*="toggleButton"]:visible').click();
}

beforeAll(async () => {
  const started = Date.now();
  dir = freshSite('docusaurus', inject('tarball'), { outside: true });
  printed = follow(dir, recipe('Docusaurus'), { online: true, timeout: 900_000 });
  const version = (JSON.parse(readFileSync(join(dir, 'node_modules/@docusaurus/core/package.json'), 'utf8')) as { version: string }).version;
  console.log(`Docusaurus ${version}: installed and built in ${Math.round((Date.now() - started) / 1000)} s`);
  site = await serve(join(dir, 'build'));
  browser = await launchChromium();
  page = { browser, url: new URL('guide/player', site.url).href, setDark, isDark, bars: '.navbar, header' };
}, 1_200_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('the server render keeps the element and the iframe in the page (the import did not fail in Node)', () => {
  const html = readFileSync(join(dir, 'build/guide/player/index.html'), 'utf8');
  expect(html).toContain('<streamscope-player rec="parallel-probe" s="shared-buffer" base="/streamscope/recordings/">');
  expect(html).toContain('src="/streamscope/embed.html?rec=parallel-probe"');
});

it('the build says nothing about the package (webpack bundles it: no "Critical dependency" warning)', () => {
  expect(printed).toContain('[SUCCESS]');
  expect(printed.split('\n').filter((line) => /WARN|Critical dependency/.test(line) && line.includes('streamscope'))).toEqual([]);
});

it('element and iframe render and seek; the navbar dark switch reaches both without losing the frame', async () => {
  await checkRenderAndDarkSwitch(page);
});

it('at 400 px the sticky scrubber stays below the navbar', async () => {
  await checkStickyBelowHeader(page);
});

it('screenshots of the page when asked for (STREAMSCOPE_SITE_SHOTS)', async () => {
  // the navbar's toggle where it shows (1280 px); at 400 px it is in the closed mobile menu, so the root is set
  await siteShots(browser, page.url, 'docusaurus', async (p, on) => {
    if (await p.locator('.navbar button[class*="toggleButton"]:visible').count()) await setDark(p, on);
    else await p.evaluate((dark) => document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light'), on);
  });
  expect(site.url).toMatch(/^http:/);
});
