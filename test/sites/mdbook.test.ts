// The mdBook recipe of docs/embedding.md, word for word: the recipe's own files in a fresh folder outside this
// repository, its shell block run there (the packed tarball unpacked by npm, the package's folder copied into src/,
// `mdbook build`), then the built chapter in Chromium.
//
// mdBook is a Rust program. `MDBOOK=/path/to/mdbook` picks one; else ./mdbook-debian.sh takes Debian 13's (Debian 12
// has none) from Debian's archive into .sites/mdbook-debian/, without installing it. When neither works, every test
// here is skipped and the reason printed. Debian's build leaves out the theme's book.js (its theme menu); when the
// built book has none, the same version's book.js from Debian's source package is put in, and an empty stand-in for
// the fonts it also leaves out; both are printed.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { follow, freshSite, recipe, serve } from './recipe';
import { checkRenderAndDarkSwitch, checkStickyBelowHeader, launchChromium, siteShots, type SitePage } from './site-checks';

const DEBIAN = resolve('.sites/mdbook-debian');

/** The mdbook to run and its version, or why there is none. */
function findMdbook(): { bin: string; version: string } | { missing: string } {
  const chosen = process.env.MDBOOK;
  try {
    if (chosen) return { bin: chosen, version: execFileSync(chosen, ['--version'], { encoding: 'utf8' }).trim() };
    const version = execFileSync('bash', [resolve('test/sites/mdbook-debian.sh'), DEBIAN], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 }).trim();
    return { bin: join(DEBIAN, 'bin/mdbook'), version: `${version} (Debian 13's, run with Debian 13's C library from ${DEBIAN})` };
  } catch (e) {
    const err = e as { stderr?: string | Buffer; message?: string };
    const why = String(err.stderr ?? '').trim() || err.message || String(e);
    return { missing: chosen ? `MDBOOK=${chosen} does not run: ${why}` : `mdBook could not be had from Debian's archive (test/sites/mdbook-debian.sh): ${why}` };
  }
}

const mdbook = findMdbook();
if ('missing' in mdbook) console.warn(`SKIPPED: the mdBook recipe test, because ${mdbook.missing}. Set MDBOOK=/path/to/mdbook to run it.`);

describe.skipIf('missing' in mdbook)('the mdBook recipe', () => {
  let browser: Browser;
  let site: { url: string; close: () => Promise<void> };
  let dir: string;
  let page: SitePage;

  // mdBook's themes: the root's class; Light and Rust are light, Coal, Navy and Ayu dark (their color-scheme)
  const isDark = (p: Page) => p.evaluate(() => ['coal', 'navy', 'ayu'].some((t) => document.documentElement.classList.contains(t)));
  async function setDark(p: Page, dark: boolean): Promise<void> {
    const choice = p.locator(dark ? '#theme-list #coal' : '#theme-list #light');
    if (!(await choice.isVisible())) await p.locator('#theme-toggle').click();
    await choice.click();
  }

  beforeAll(async () => {
    if ('missing' in mdbook) return;
    const started = Date.now();
    dir = freshSite('mdbook', inject('tarball'), { outside: true });
    follow(dir, recipe('mdBook'), { path: dirname(mdbook.bin), timeout: 300_000 });
    if (!existsSync(join(dir, 'book/book.js')) && existsSync(join(DEBIAN, 'book.js'))) {
      copyFileSync(join(DEBIAN, 'book.js'), join(dir, 'book/book.js'));
      console.log("mdBook: this build has no book.js (Debian's leaves it out); Debian's source package's book.js put in book/");
    }
    if (!existsSync(join(dir, 'book/fonts/fonts.css')) && readFileSync(join(dir, 'book/index.html'), 'utf8').includes('fonts/fonts.css')) {
      // the pages name it; without it the only failed request would be Debian's, not the recipe's
      mkdirSync(join(dir, 'book/fonts'), { recursive: true });
      writeFileSync(join(dir, 'book/fonts/fonts.css'), '');
      console.log("mdBook: this build has no fonts (Debian's leaves them out); an empty fonts/fonts.css stands in");
    }
    console.log(`${mdbook.version}: book built in ${Math.round((Date.now() - started) / 1000)} s`);
    site = await serve(join(dir, 'book'));
    browser = await launchChromium();
    page = { browser, url: new URL('guide/player.html', site.url).href, setDark, isDark, bars: '#menu-bar' };
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the chapter passes the element, its script and the iframe through', () => {
    const html = readFileSync(join(dir, 'book/guide/player.html'), 'utf8');
    expect(html).toContain('<script type="module" src="/streamscope/element.js"></script>');
    expect(html).toContain('<streamscope-player rec="parallel-probe" s="shared-buffer" base="/streamscope/recordings/">');
    expect(html).toContain('src="/streamscope/embed.html?rec=parallel-probe"');
  });

  it('element and iframe render and seek, at the iframe type size under a 62.5 % root; the theme menu reaches both', async () => {
    await checkRenderAndDarkSwitch(page);
  });

  it("at 400 px the scrubber never covers the menu bar (mdBook's column scrolls on its own: nothing in it sticks)", async () => {
    await checkStickyBelowHeader(page, { sticks: false });
  });

  it('screenshots of the page when asked for (STREAMSCOPE_SITE_SHOTS)', async () => {
    await siteShots(browser, page.url, 'mdbook', (p, on) =>
      p.evaluate((dark) => {
        const root = document.documentElement;
        root.classList.remove('light', 'coal');
        root.classList.add(dark ? 'coal' : 'light');
      }, on),
    );
    expect(site.url).toMatch(/^http:/);
  });
});
