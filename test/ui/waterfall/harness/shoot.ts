// Serves the harness with Vite and screenshots it in Debian Chromium, both themes and languages, to /tmp/wf-shots.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../../../e2e/browser';

const root = fileURLToPath(new URL('.', import.meta.url));
const out = process.argv[2] ?? '/tmp/wf-shots';
mkdirSync(out, { recursive: true });
const server = await createServer({ root, configFile: false, plugins: [react()], server: { host: '127.0.0.1', port: 0, fs: { allow: [fileURLToPath(new URL('../../../../', import.meta.url))] } }, logLevel: 'warn' });
await server.listen();
const url = server.resolvedUrls?.local[0] ?? '';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
try {
  for (const lang of ['en', 'zh']) {
    for (const theme of ['light', 'dark']) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.on('pageerror', (e) => console.error('pageerror', e.message));
      page.on('console', (m) => m.type() === 'error' && console.error('console', m.text()));
      await page.goto(`${url}?lang=${lang}&theme=${theme}&f=60`);
      await page.waitForSelector('.wf-svg');
      await page.screenshot({ path: `${out}/harness-${lang}-${theme}.png`, fullPage: true });
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`screenshots in ${out}`);
