// Builds the app once per run into its own temporary folder (so concurrent runs never share dist/) and serves it
// on 127.0.0.1 for the end-to-end tests (real Chromium via playwright-core).
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';
import { writePosters } from '../../scripts/posters/run';

let server: PreviewServer | undefined;

/** One clear message, before anything is built, when the browser is not there (not a TypeError from afterAll). */
function checkChromium(): void {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new Error(
      `No Chromium at ${path}. Install Debian's (apt-get install -y chromium fonts-noto-cjk) or set CHROMIUM_PATH to a Chromium or Chrome binary; the end-to-end tests never download a browser.`,
    );
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  checkChromium();
  const outDir = mkdtempSync(join(tmpdir(), 'streamscope-e2e-'));
  // The production build users get: vitest sets NODE_ENV=test, under which Vite would bundle React's development
  // build (a 655 KB chunk) and warn on every run.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    // npm run build's last step too: embed.html's posters
    writePosters(outDir);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  server = await preview({ build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('preview server did not report a URL');
  project.provide('baseUrl', url);
  return async () => {
    await server?.close();
    rmSync(outDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
