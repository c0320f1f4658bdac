// Screenshots of the exercise mode (issue 31, docs/screenshots/exercise-*.png): the starter code run on
// parallel-probe ("Your strategy" selected, its {…}{…} buffer and the parser's message in the panels, the editor
// under them), in English and Chinese, light and dark, at 1440x900 and on a 400x860 phone; plus a syntax error's
// marked line. Builds the app into a temporary folder, serves it, drives Debian's Chromium.
//   npx tsx scripts/exercise-screenshots.ts
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { build, preview } from 'vite';

// top: the page's top (the panels showing Your strategy); else the editor, its bottom at the screen's bottom
const SHOTS = [
  { file: 'exercise-en-light-1440x900-panels.png', lang: 'en', theme: 'light', width: 1440, height: 900, error: false, top: true },
  { file: 'exercise-en-light-1440x900-editor.png', lang: 'en', theme: 'light', width: 1440, height: 900, error: false, top: false },
  { file: 'exercise-zh-dark-1440x900-panels.png', lang: 'zh', theme: 'dark', width: 1440, height: 900, error: false, top: true },
  { file: 'exercise-zh-dark-1440x900-editor.png', lang: 'zh', theme: 'dark', width: 1440, height: 900, error: false, top: false },
  { file: 'exercise-zh-light-phone.png', lang: 'zh', theme: 'light', width: 400, height: 860, error: false, top: false },
  { file: 'exercise-en-dark-phone.png', lang: 'en', theme: 'dark', width: 400, height: 860, error: false, top: false },
  { file: 'exercise-en-light-syntax-error.png', lang: 'en', theme: 'light', width: 1440, height: 900, error: true, top: false },
];

async function run(page: Page, code?: string): Promise<void> {
  if (code !== undefined) {
    await page.locator('.ss-exercise .cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(code);
  }
  await page.locator('.ss-exercise .ss-button-primary').click();
  await page.locator('.ss-exercise-status').filter({ hasText: /\S/ }).waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => !/…$/.test(document.querySelector('.ss-exercise-status')?.textContent ?? '…'));
}

const outDir = mkdtempSync(join(tmpdir(), 'streamscope-exshots-'));
await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await preview({ build: { outDir }, preview: { host: '127.0.0.1', port: 0 }, logLevel: 'warn' });
const base = server.resolvedUrls?.local[0];
if (!base) throw new Error('preview server did not report a URL');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  for (const shot of SHOTS) {
    const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height } });
    const page = await context.newPage();
    await page.goto(new URL(`?rec=parallel-probe&f=5&exercise=1&lang=${shot.lang}&theme=${shot.theme}`, base).toString());
    await page.locator('input[type=range]:not([disabled])').first().waitFor();
    await page.locator('.ss-exercise .cm-content').waitFor({ timeout: 20_000 });
    await run(page, shot.error ? 'function assemble(events, out) {\n  for (const e of events) {\n    out.append("all", e.data?.choices?.[0]?.delta ?? "";\n  }\n}\n' : undefined);
    await page.mouse.move(0, 0);
    // the editor's bottom at the bottom of the screen: the panels above it, where they fit
    if (shot.top) await page.evaluate(() => window.scrollTo(0, 0));
    else await page.locator('.ss-exercise').evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.waitForTimeout(500);
    const file = join('docs/screenshots', shot.file);
    await page.screenshot({ path: file });
    console.log(`${file}: ${Math.round(statSync(file).size / 1024)} KB`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(outDir, { recursive: true, force: true });
}
