// One Chromium per test file: Debian's /usr/bin/chromium driven by playwright-core (never a downloaded browser).
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { analyzeText } from '../../src/core/session/analyze';
import type { Session } from '../../src/core/types';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
}

export function appUrl(path = ''): string {
  const base = inject('baseUrl');
  return new URL(path, base).toString();
}

/** Collects page errors and console errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** A shipped recording analysed by core, for expected figures (never hard-coded). */
export function shippedSession(name: string): Session {
  const result = analyzeText(readFileSync(`public/recordings/${name}.jsonl`, 'utf8'), `${name}.jsonl`);
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.session;
}
