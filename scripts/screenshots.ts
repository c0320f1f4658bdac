// The README's screenshots (docs/screenshots/): the learner view at 1440x900, presenter mode on a projector
// (1280x720 at 150 % zoom: a 853x480 CSS viewport) and a 640x480 embed. Builds the app into a temporary folder,
// serves it, and drives Debian's Chromium (never a downloaded browser).
//   npx tsx scripts/screenshots.ts
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';

const SHOTS = [
  { file: 'learner-1440x900.png', path: '?rec=parallel-probe&lang=en&theme=light&f=5', width: 1440, height: 900, scale: 1, presenter: false },
  { file: 'presenter-1280x720.png', path: '?rec=parallel-probe&lang=en&theme=dark&f=5', width: 853, height: 480, scale: 1.5, presenter: true },
  { file: 'embed-640x480.png', path: 'embed.html?rec=anthropic-docs&s=per-call-buffer&lang=zh&theme=light&f=12', width: 640, height: 480, scale: 1, presenter: false },
];

const outDir = mkdtempSync(join(tmpdir(), 'streamscope-shots-'));
await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await preview({ build: { outDir }, preview: { host: '127.0.0.1', port: 0 }, logLevel: 'warn' });
const base = server.resolvedUrls?.local[0];
if (!base) throw new Error('preview server did not report a URL');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  for (const shot of SHOTS) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height }, deviceScaleFactor: shot.scale });
    await page.goto(new URL(shot.path, base).toString());
    await page.locator('input[type=range]:not([disabled])').first().waitFor();
    if (shot.presenter) {
      await page.locator('main').focus();
      await page.keyboard.press('p');
    }
    // no tooltip, no focus ring from the set-up
    await page.mouse.move(0, 0);
    await page.waitForTimeout(500);
    const file = join('docs/screenshots', shot.file);
    await page.screenshot({ path: file });
    console.log(`${file}: ${Math.round(statSync(file).size / 1024)} KB`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(outDir, { recursive: true, force: true });
}
