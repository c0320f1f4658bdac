// The instructor lab in the built app, in Debian's Chromium: `faults=` in the URL changes what the results panel
// and the conclusion say; the lab panel's switches re-analyse at once and keep the URL in step; a fault that does
// not fit the wire is disabled with its reason; the strategy matrix opens a cell at its first failing frame;
// presenter mode hides the chrome and stays keyboard-driven; a lab chunk that cannot be fetched is named in words
// and the next click loads it. Expected figures come from core's analyzeText with the
// same faults, never hard-coded.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { analyzeText } from '../../src/core/session/analyze';
import type { Session, StrategyId } from '../../src/core/types';
import { appUrl, launch, watchErrors } from './browser';
import { attemptRows } from '../../src/core/strategies/attempts';
import { STRATEGY_IDS } from '../../src/core/types';
import { matrixCell } from '../../src/worker/matrixRow';
import { lessonFaults } from '../../src/ui/matrix/faultRows';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

function session(name: string, faults: string[] = []): Session {
  const r = analyzeText(readFileSync(`public/recordings/${name}.jsonl`, 'utf8'), `${name}.jsonl`, { faults });
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.session;
}

const failedAttempts = (s: Session, id: StrategyId) => attemptRows(s.strategies[id]).filter((a) => !a.ok).length;

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(appUrl(path));
  await page.locator('input[type=range]:not([disabled])').waitFor();
  return { page, errors };
}

const slider = (page: Page) => page.getByRole('slider', { name: 'Frame', exact: true });
const params = (page: Page) => new URL(page.url()).searchParams;

async function toEnd(page: Page) {
  await slider(page).focus();
  await page.keyboard.press('End');
}

async function waitMax(page: Page, max: number) {
  await page.waitForFunction((m) => document.querySelector('input[type=range]')?.getAttribute('max') === String(m), max);
}

test('faults= in the URL changes the verdict in the results panel (and the timeline and the conclusion)', async () => {
  const pristine = session('parallel-probe');
  const faulted = session('parallel-probe', ['rechunk:3']);
  expect(failedAttempts(pristine, 'parse-each-fragment')).toBe(0);
  expect(failedAttempts(faulted, 'parse-each-fragment')).toBeGreaterThan(0);

  const results = (page: Page) => page.getByRole('region', { name: 'Parse results' });
  const a = await open('?lang=en&rec=parallel-probe&s=parse-each-fragment');
  await toEnd(a.page);
  await expect.poll(() => slider(a.page).inputValue()).toBe(String(pristine.frames.count - 1));
  // what the page shows is waited for (a loaded machine renders later), never read once
  await expect.poll(() => a.page.locator('.ss-conclusion').getAttribute('class')).toContain('ss-verdict-ok');
  await expect.poll(() => results(a.page).locator('.ss-attempt.ss-fail').count()).toBe(0);
  await a.page.close();

  const b = await open('?lang=en&rec=parallel-probe&s=parse-each-fragment&faults=rechunk:3');
  await waitMax(b.page, faulted.frames.count - 1);
  await toEnd(b.page);
  await expect.poll(() => b.page.locator('.ss-conclusion').getAttribute('class')).toContain('ss-verdict-fail');
  await expect.poll(() => results(b.page).locator('.ss-attempt.ss-fail').count()).toBeGreaterThan(0);
  await expect.poll(() => results(b.page).locator('.ss-attempt.ss-fail').count()).toBeLessThanOrEqual(failedAttempts(faulted, 'parse-each-fragment'));
  // the faults stay in the permalink
  await expect.poll(() => params(b.page).get('faults')).toBe('rechunk:3');
  expect(b.errors).toEqual([]);
  await b.page.close();
});

test('the lab panel: switching a fault re-analyses at once, names what it left out, and keeps the URL in step', async () => {
  const pristine = session('anthropic-docs');
  const cut = session('anthropic-docs', ['cut:12']);
  expect(pristine.strategies['per-call-buffer'].verdict).toBe('ok');
  expect(cut.strategies['per-call-buffer'].verdict).toBe('fail');
  const { page, errors } = await open('?lang=en&rec=anthropic-docs&s=per-call-buffer&f=12');
  await page.getByRole('button', { name: 'Instructor lab' }).click();
  const lab = page.getByRole('region', { name: 'Instructor lab' });
  await lab.waitFor();
  // Chat-only faults are disabled on an Anthropic stream, with the reason tied to the switch
  const interleave = lab.getByRole('checkbox', { name: /Interleave parallel calls/ });
  await expect.poll(() => interleave.isDisabled()).toBe(true);
  const describedBy = (await interleave.getAttribute('aria-describedby')) ?? '';
  await expect.poll(() => page.locator(`[id="${describedBy}"]`).innerText()).toContain('openai-chat');

  const perCall = lab.locator('[data-strategy="per-call-buffer"]');
  await expect.poll(() => perCall.getAttribute('data-verdict')).toBe('ok');
  // "cut" takes the current frame (12) by default
  await lab.getByRole('checkbox', { name: /Cut the stream/ }).check();
  await page.waitForFunction(() => document.querySelector('[data-strategy="per-call-buffer"]')?.getAttribute('data-verdict') === 'fail');
  await waitMax(page, cut.frames.count - 1);
  await expect.poll(() => lab.locator('.ss-lab-active code').allInnerTexts()).toEqual(['cut:12']);
  await page.waitForFunction(() => new URL(location.href).searchParams.get('faults') === 'cut:12');
  await expect.poll(() => page.locator('.ss-conclusion').getAttribute('class')).toContain('ss-verdict-fail');

  // a frame that does not exist: the fault is left out and named, the rest still applies
  await lab.getByRole('checkbox', { name: /Drop one frame/ }).check();
  const dropFrame = lab.locator('[data-fault="drop"] input[type=number]');
  await dropFrame.fill('500');
  await dropFrame.press('Enter');
  await lab.getByRole('alert').getByText(/drop:500.*frame 500 does not exist/).waitFor();
  await expect.poll(() => lab.locator('.ss-lab-active code').allInnerTexts()).toEqual(['cut:12']);

  await lab.getByRole('button', { name: 'Remove cut:12' }).click();
  await page.waitForFunction(() => document.querySelector('[data-strategy="per-call-buffer"]')?.getAttribute('data-verdict') === 'ok');
  await waitMax(page, pristine.frames.count - 1);
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('faults'));
  expect(errors).toEqual([]);
  await page.close();
});

test('the matrix grades every strategy on the shown recording under each lesson fault, as core does; a fault cell opens with that fault', async () => {
  const pristine = session('parallel-probe');
  const specs = lessonFaults(pristine.wire, pristine.frames.count);
  expect(specs).toEqual(['interleave', 'reuse-index', 'rechunk:3', 'split-utf8', `cut:${Math.floor(pristine.frames.count / 2)}`]);
  const { page, errors } = await open('?lang=en&rec=parallel-probe&matrix=1');
  const matrix = page.getByRole('region', { name: 'Strategy matrix' });
  await matrix.waitFor();
  await page.waitForFunction((n) => document.querySelectorAll('tr[data-faults] .ss-matrix-cell').length === n, specs.length * 6, { timeout: 30_000 });
  for (const spec of specs) {
    const faulted = session('parallel-probe', [spec]);
    const noCall = faulted.anomalies.find((a) => a.code === 'finish-tool-calls-without-call');
    for (const sid of STRATEGY_IDS) {
      const want = matrixCell(faulted.strategies[sid], noCall);
      const cell = matrix.locator(`tr[data-faults="${spec}"] [data-strategy="${sid}"]`);
      await expect.poll(() => cell.getAttribute('data-verdict'), { message: `${spec} ${sid}` }).toBe(want.warn ? 'warn' : want.verdict);
    }
  }
  // the row is named in words: the recording and the fault
  await expect.poll(() => matrix.locator('tr[data-faults="interleave"] th').innerText()).toContain('Interleave parallel calls');
  // a failing cell under a fault opens that recording with that fault at its first failing frame
  const failing = specs
    .flatMap((spec) => STRATEGY_IDS.map((sid) => ({ spec, sid, cell: matrixCell(session('parallel-probe', [spec]).strategies[sid], undefined) })))
    // not the default strategy, which the address leaves out
    .find((c) => c.cell.verdict === 'fail' && c.cell.frame !== undefined && c.sid !== 'shared-buffer');
  expect(failing, 'a strategy the lesson breaks with a fault').toBeDefined();
  const { spec, sid, cell } = failing!;
  await matrix.locator(`tr[data-faults="${spec}"] [data-strategy="${sid}"] button`).click();
  await expect.poll(() => params(page).get('faults')).toBe(spec);
  await expect.poll(() => params(page).get('s')).toBe(sid);
  await expect.poll(() => slider(page).inputValue()).toBe(String(cell.frame));
  await expect.poll(() => page.locator('.ss-conclusion').getAttribute('class')).toContain('ss-verdict-fail');
  expect(errors).toEqual([]);
  await page.close();
});

test('the strategy matrix lists every recording x strategy and a cell opens its first failing frame', async () => {
  const index = JSON.parse(readFileSync('public/recordings/index.json', 'utf8')) as { recordings: { id: string }[] };
  const { page, errors } = await open('?lang=en&matrix=1');
  const matrix = page.getByRole('region', { name: 'Strategy matrix' });
  await matrix.waitFor();
  await page.waitForFunction((n) => document.querySelectorAll('tr:not([data-faults]) .ss-matrix-cell').length === n, index.recordings.length * 6, { timeout: 30_000 });
  const docs = session('anthropic-docs');
  const fail = docs.strategies['shared-buffer'].verdicts.find((v) => v.verdict === 'fail')?.frame;
  expect(fail).toBeDefined();
  const cell = matrix.locator('tr[data-rec="anthropic-docs"] [data-strategy="shared-buffer"]');
  await expect.poll(() => cell.getAttribute('data-verdict')).toBe('fail');
  // glyph and words, not colour alone
  await expect.poll(() => cell.innerText()).toContain(`fails at frame ${fail}`);
  await cell.getByRole('button').click();
  await page.waitForFunction((f) => (document.querySelector('input[type=range]') as HTMLInputElement | null)?.value === String(f), fail);
  await expect.poll(() => params(page).get('rec')).toBe('anthropic-docs');
  await expect.poll(() => params(page).get('s')).toBe('shared-buffer');
  await expect.poll(() => page.getByRole('radio', { name: 'One shared buffer', exact: true }).isChecked()).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});

test('presenter mode: P hides the header and footer and enlarges the type; the keyboard still drives the player', async () => {
  const { page, errors } = await open('?lang=en&rec=anthropic-docs');
  const fontSize = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  const before = await fontSize();
  await slider(page).focus();
  await page.keyboard.press('p');
  await page.locator('.ss-presenter').waitFor();
  await expect.poll(() => page.locator('header.ss-header').count()).toBe(0);
  await expect.poll(() => page.locator('footer.ss-footer').count()).toBe(0);
  await expect.poll(fontSize).toBeGreaterThan(before);
  // the URL sync loads after the first view: the address is written a moment later
  await expect.poll(() => params(page).get('presenter')).toBe('1');
  await slider(page).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => slider(page).inputValue()).toBe('2');
  await page.keyboard.press('p');
  await page.locator('footer.ss-footer').waitFor();
  await expect.poll(() => params(page).has('presenter')).toBe(false);
  expect(errors).toEqual([]);
  await page.close();
});

test('a lab whose code cannot be fetched says so in words, and the next click loads it', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const blocked: string[] = [];
  // the lab's own chunk (store/labStore.ts), refused once, as an offline or redeployed server would
  await page.route(/\/labStore[-.][^/]*\.js$/, async (route) => {
    if (blocked.length === 0) {
      blocked.push(route.request().url());
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
  await page.goto(appUrl('?lang=en&rec=parallel-probe'));
  await page.locator('input[type=range]:not([disabled])').waitFor();

  await page.getByRole('button', { name: 'Instructor lab' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'The instructor lab’s code could not be loaded' });
  await notice.waitFor();
  expect(blocked).toHaveLength(1);
  const text = (await notice.textContent()) ?? '';
  expect(text).toMatch(/click again to retry/);
  expect(text).not.toMatch(/\n\s*at |\.js:\d+:\d+/); // no stack
  await expect.poll(() => page.getByRole('region', { name: 'Instructor lab' }).count()).toBe(0);

  await page.getByRole('button', { name: 'Instructor lab' }).click();
  await page.getByRole('region', { name: 'Instructor lab' }).waitFor();
  expect(errors.filter((e) => !/lab could not be loaded|Failed to load resource|dynamically imported module/.test(e))).toEqual([]);
  await page.close();
});
