// Packs the package once per run, exactly as a course author would make it (`npm pack`, whose prepack builds the
// app, the library modules and the type declarations), into a temporary folder the site tests install from.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject): () => void {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  try {
    accessSync(chromium, constants.X_OK);
  } catch {
    throw new Error(`No Chromium at ${chromium}. Install Debian's (apt-get install -y chromium fonts-noto-cjk) or set CHROMIUM_PATH; the site tests never download a browser.`);
  }
  const out = mkdtempSync(join(tmpdir(), 'streamscope-pack-'));
  execFileSync('npm', ['pack', '--pack-destination', out], { stdio: 'pipe', timeout: 300_000, env: { ...process.env, NODE_ENV: 'production' } });
  const tarball = readdirSync(out).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball in ${out}`);
  project.provide('tarball', join(out, tarball));
  return () => rmSync(out, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    tarball: string;
  }
}
