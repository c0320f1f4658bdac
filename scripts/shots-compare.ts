// `npx tsx scripts/shots-compare.ts <built dir> <out dir>`: screenshots of a built app for before/after checks of a
// change that must not show: the default page at 1440x900 in en and zh, light and dark, after the page has settled
// (highlighting and the waterfall loaded), each shot also scrolled to the bottom; a 640x480 embed; and, in en and
// zh, what opens on demand: the keyboard help, the paste and share dialogs, the compare view and a lesson tour.
// Serves the folder with Vite's preview server and drives Debian's Chromium.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { preview } from 'vite';

const [builtDir, outDir] = process.argv.slice(2);
if (!builtDir || !outDir) throw new Error('usage: shots-compare.ts <built dir> <out dir>');
mkdirSync(outDir, { recursive: true });
const server = await preview({ build: { outDir: builtDir }, preview: { host: '127.0.0.1', port: 0 }, logLevel: 'warn' });
const base = server.resolvedUrls?.local[0];
if (!base) throw new Error('preview server did not report a URL');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  const shots = [
    ...['en', 'zh'].flatMap((lang) => ['light', 'dark'].map((theme) => ({ name: `${lang}-${theme}`, path: `?lang=${lang}&theme=${theme}`, width: 1440, height: 900 }))),
    { name: 'embed-zh', path: 'embed.html?rec=anthropic-docs&s=per-call-buffer&lang=zh&theme=light&f=12', width: 640, height: 480 },
  ];
  for (const shot of shots) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height } });
    await page.goto(new URL(shot.path, base).toString());
    await page.locator('input[type=range]:not([disabled])').first().waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: join(outDir, `${shot.name}.png`) });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(outDir, `${shot.name}-bottom.png`) });
    console.log(shot.name);
    await page.close();
  }
  for (const lang of ['en', 'zh']) {
    const opened = [
      { name: 'help', path: `?lang=${lang}`, open: (page: Page) => page.locator('main').press('?') },
      { name: 'paste', path: `?lang=${lang}`, open: (page: Page) => page.locator('.ss-files button[aria-haspopup=dialog]').click() },
      { name: 'share', path: `?lang=${lang}`, open: (page: Page) => page.locator('button[aria-haspopup=dialog]', { hasText: lang === 'en' ? 'Share' : '分享' }).click() },
      { name: 'compare', path: `?lang=${lang}&compare=1&f=5`, open: async () => {} },
      { name: 'tour', path: `?lang=${lang}&tour=lesson`, open: async () => {} },
    ];
    for (const shot of opened) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(new URL(shot.path, base).toString());
      await page.locator('input[type=range]:not([disabled])').first().waitFor();
      await shot.open(page);
      await page.mouse.move(0, 0);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(outDir, `${lang}-${shot.name}.png`) });
      console.log(`${lang}-${shot.name}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
