// One Chromium per test file: Debian's /usr/bin/chromium driven by playwright-core (never a downloaded browser);
// `withBrowser()` launches and closes it around a file's tests, `theBrowser()` hands it out.
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
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

type AxeRun = (context: unknown, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;

export interface AxeScope {
  /** Selectors to check (default: the whole document). */
  include?: readonly string[];
  /** Selectors to leave out (checked by another test). */
  exclude?: readonly string[];
  /** Only serious and critical violations (default: every level). */
  seriousOnly?: boolean;
}

/** axe-core run in the page: one line per violation ("serious color-contrast: .a | .b"), [] when there is none. */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  await page.addScriptTag({ content: readFileSync('node_modules/axe-core/axe.min.js', 'utf8') });
  return page.evaluate(async ({ include, exclude, seriousOnly }) => {
    const axe = (window as unknown as { axe: { run: AxeRun } }).axe;
    // the whole document (so document-level rules such as html-has-lang run) unless a scope is given
    const context = include.length || exclude.length ? { include: (include.length ? include : ['body']).map((s) => [s]), exclude: exclude.map((s) => [s]) } : document;
    const r = await axe.run(context, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => !seriousOnly || v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  }, { include: [...(scope.include ?? [])], exclude: [...(scope.exclude ?? [])], seriousOnly: scope.seriousOnly ?? false });
}

let fileBrowser: Browser | undefined;

/** Launches Chromium before the calling test file's tests and closes it after them (one browser per file). */
export function withBrowser(): void {
  beforeAll(async () => {
    fileBrowser = await launch();
  });
  afterAll(async () => {
    await fileBrowser?.close();
    fileBrowser = undefined;
  });
}

/** The calling file's browser (withBrowser() must have been called in it). */
export function theBrowser(): Browser {
  if (!fileBrowser) throw new Error('withBrowser() was not called in this test file');
  return fileBrowser;
}

/** Resolves once the page's scrubber is enabled (a recording is shown). */
export const ready = (page: Page): Promise<void> => page.locator('input[type=range]:not([disabled])').first().waitFor();

/**
 * Holds the analysis worker's script until the returned release is called: a worker load then surely stays in
 * progress (its progress bar and Cancel shown) while a test looks at it. On a loaded machine a load can otherwise end
 * between the test seeing the bar and acting on it.
 */
export async function holdAnalysisWorker(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/analyze\.worker/, async (route) => {
    await held;
    // a worker terminated meanwhile (a cancelled load) has no request left to continue
    await route.continue().catch(() => undefined);
  });
  return release;
}
