// Builds the app once per run into its own temporary folder (so concurrent runs never share dist/) and serves it
// on 127.0.0.1 for the end-to-end tests (real Chromium via playwright-core).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';

let server: PreviewServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = mkdtempSync(join(tmpdir(), 'streamscope-e2e-'));
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
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
