// The "why" at the failing frame, linked highlighting, the time-proportional timeline, the waterfall's one Tab
// stop and the help's keys, in the built app in Chromium at 1440x900; axe on the areas touched; screenshots in
// both languages and themes (screenshots/i14-*.png, for a person to look at).
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, axeViolations, launch, shippedSession as session, watchErrors } from './browser';
import { attemptRows } from '../../src/core/strategies/attempts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync('screenshots', { recursive: true });
});
afterAll(async () => {
  await browser.close();
});


async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  // bypassCSP only lets the axe test inject axe-core; the app's own CSP is otherwise in force.
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const errors = watchErrors(page);
  await page.goto(appUrl(path));
  await page.getByRole('slider', { name: /^(Frame|帧)$/ }).waitFor();
  await page.locator('.ss-raw-row').first().waitFor();
  return { page, errors };
}

async function inViewport(page: Page, selector: string): Promise<boolean> {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  const box = await el.boundingBox();
  const vp = page.viewportSize();
  return !!box && !!vp && box.width > 0 && box.height > 0 && box.x >= 0 && box.y >= 0 && box.x + box.width <= vp.width && box.y + box.height <= vp.height;
}

test('cut mid-arguments: "never ended" on the buffer after the last frame, past tense in the results, a marker with words', async () => {
  const last = session('cut-mid-arguments').frames.count - 1;
  const { page, errors } = await open(`?rec=cut-mid-arguments&s=per-call-buffer&f=${last - 1}&lang=en`);
  const buffers = page.getByRole('region', { name: 'Parameter buffers' });
  await expect.poll(() => buffers.getByText('Never ended — do not execute.').count()).toBe(0);
  await page.getByRole('slider', { name: 'Frame' }).focus();
  await page.keyboard.press('ArrowRight');
  await buffers.getByText('Never ended — do not execute.').waitFor();
  expect(await inViewport(page, '.ss-buffers .ss-unended')).toBe(true);
  const results = page.getByRole('region', { name: 'Parse results' });
  await results.getByText('No call became ready in turn 1: the stream stopped before the call ended.').waitFor();
  await expect.poll(() => results.getByText('No call is ready yet.').count()).toBe(0);
  await expect.poll(() => page.locator('.ss-track .ss-glyph-unended').count()).toBe(1);

  // the tooltip at the last frame names the cut call; it goes when the pointer leaves the track
  const track = page.locator('.ss-scrubber');
  const box = (await track.boundingBox())!;
  await page.mouse.move(box.x + box.width - 9, box.y + 20);
  const tip = page.getByRole('tooltip');
  await expect.poll(() => tip.textContent()).toContain('Call write_file never ended: do not execute it');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 120);
  await expect.poll(() => tip.count()).toBe(0);
  await page.screenshot({ path: 'screenshots/i14-cut-en-light.png' });
  expect(errors).toEqual([]);
  await page.close();
});

test('the tooltip does not stay after a click on the track once the pointer has left', async () => {
  const { page } = await open('?rec=overloaded-mid-stream&s=per-call-buffer&lang=en');
  const box = (await page.locator('.ss-scrubber').boundingBox())!;
  await page.mouse.click(box.x + box.width - 9, box.y + 20);
  await expect.poll(() => page.getByRole('tooltip').textContent()).toMatch(/Anomaly: error event/);
  await page.mouse.move(box.x + 10, box.y + box.height + 150);
  await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
  await page.close();
});

test('finish_reason tool_calls with no call: a warning in the conclusion, in zh too', async () => {
  const { page, errors } = await open('?rec=finish-without-call&s=per-call-buffer&lang=en');
  const conclusion = page.locator('.ss-conclusion');
  await expect.poll(() => conclusion.getAttribute('class')).toContain('ss-verdict-warn');
  expect(await conclusion.textContent()).toMatch(/^⚠ warning · .*finish_reason: tool_calls and no call/);
  expect(await inViewport(page, '.ss-conclusion')).toBe(true);
  await page.goto(appUrl('?rec=finish-without-call&s=per-call-buffer&lang=zh'));
  await expect.poll(() => page.locator('.ss-conclusion').textContent()).toMatch(/^⚠ 警告 · /);
  expect(errors).toEqual([]);
  await page.close();
});

test('linked highlighting: a raw row lights its fragment and attempt; a fragment lights its row; a fragment click seeks', async () => {
  const docs = session('anthropic-docs');
  const attempt = attemptRows(docs.strategies['parse-each-fragment']).find((a) => a.start !== a.end);
  const f = attempt!.frame;
  const last = docs.frames.count - 1;
  const { page, errors } = await open(`?rec=anthropic-docs&s=parse-each-fragment&f=${last}&lang=en`);
  const row = page.locator(`.ss-raw-row[data-frame="${f}"]`);
  // bring the row into the list's view by seeking there and back is not needed: scroll the list to it
  await page.locator('.ss-raw-scroll').evaluate((el, y) => (el.scrollTop = y), f * 28);
  await row.hover();
  await expect.poll(() => page.locator(`.ss-frag.ss-linked[data-frame="${f}"]`).count()).toBe(1);
  await expect.poll(() => page.locator(`.ss-attempt.ss-linked[data-frame="${f}"]`).count()).toBeGreaterThan(0);
  // the shared colour: the same computed background on the three
  const bg = async (sel: string) => page.locator(sel).first().evaluate((el) => getComputedStyle(el).backgroundColor);
  const rowBg = await bg(`.ss-raw-row[data-frame="${f}"]`);
  expect(await bg(`.ss-frag.ss-linked[data-frame="${f}"]`)).toBe(rowBg);
  expect(await bg(`.ss-attempt.ss-linked[data-frame="${f}"]`)).toBe(rowBg);
  await page.screenshot({ path: 'screenshots/i14-linked-en-light.png' });

  // the other way: a fragment lights its raw row; clicking it seeks the Frame slider there
  const frag = page.locator(`.ss-frag[data-frame="${f}"]`);
  await frag.hover();
  await expect.poll(() => page.locator(`.ss-raw-row.ss-hovered[data-frame="${f}"]`).count()).toBe(1);
  await frag.click();
  await expect.poll(() => page.getByRole('slider', { name: 'Frame' }).inputValue()).toBe(String(f));
  expect(errors).toEqual([]);
  await page.close();
});

test('Space by time: turn 7’s 885.8 ms silence takes room on the timeline; a click seeks by time', async () => {
  const agent = session('agent-run');
  const gap = agent.timings[6]!.gaps.find((g) => Math.abs(g.lengthMs - 885.8) < 0.5)!;
  const { page, errors } = await open(`?rec=agent-run&f=${gap.frame - 1}&lang=en`);
  await page.getByRole('checkbox', { name: 'Space by time' }).check();
  const head = page.locator('.ss-scrub-playhead');
  const x0 = (await head.boundingBox())!.x;
  await page.getByRole('slider', { name: 'Frame' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await head.boundingBox())!.x).toBeGreaterThan(x0 + 80);
  await page.screenshot({ path: 'screenshots/i14-time-scale-en-light.png' });
  // a press on the track seeks to the frame under the pointer by time
  const box = (await page.locator('.ss-scrubber').boundingBox())!;
  await page.mouse.click(box.x + 8, box.y + 45);
  await expect.poll(() => page.getByRole('slider', { name: 'Frame' }).inputValue()).toBe('0');
  expect(errors).toEqual([]);
  await page.close();
});

test('the waterfall is one Tab stop with arrows inside; the help dialog lists P, PgUp / PgDn and W / S / A / D', async () => {
  const { page, errors } = await open('?rec=agent-run&f=5&lang=en');
  const region = page.getByRole('region', { name: 'Span waterfall' });
  await region.locator('[data-wf-item]').first().waitFor();
  await expect.poll(() => region.locator('[data-wf-item][tabindex="0"]').count()).toBe(1);
  await region.locator('[data-wf-item][tabindex="0"]').focus();
  await page.keyboard.press('ArrowDown');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-wf-item'))).toBe('turn-1');
  await page.keyboard.press('ArrowRight');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-wf-item'))).toMatch(/^mark-1-/);
  // the arrows stayed inside: the frame did not step
  expect(await page.getByRole('slider', { name: 'Frame' }).inputValue()).toBe('5');
  // Tab leaves the waterfall in one press
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('.wf-canvas') === null)).toBe(true);

  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.waitFor();
  const keys = await dialog.locator('kbd').allTextContents();
  for (const k of ['P', 'PgUp', 'PgDn', 'W', 'S', 'A', 'D', '↑', '↓', 'Enter', 'Esc']) expect(keys).toContain(k);
  await expect
    .poll(async () => {
      const b = await dialog.boundingBox();
      return !!b && b.y >= 0 && b.y + b.height <= 900 && b.x >= 0 && b.x + b.width <= 1440;
    })
    .toBe(true);
  await page.screenshot({ path: 'screenshots/i14-help-en-light.png' });
  expect(errors).toEqual([]);
  await page.close();
});

test('screenshots at 1440x900, en and zh, light and dark; axe: no serious or critical violation where this touches', async () => {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'zh'] as const) {
      for (const [rec, s, f] of [['cut-mid-arguments', 'per-call-buffer', 10], ['thinking-turn', 'per-call-buffer', 300], ['finish-without-call', 'per-call-buffer', 8]] as const) {
        const { page } = await open(`?rec=${rec}&s=${s}&f=${f}&theme=${theme}&lang=${lang}`);
        if (rec === 'thinking-turn') await page.locator('.ss-sofar').waitFor();
        await page.locator('.wf, .ss-panels').first().waitFor();
        await page.screenshot({ path: `screenshots/i14-${rec}-${lang}-${theme}.png` });
        const violations = await axeViolations(page, { include: ['.ss-panels', '.ss-scrubber-wrap', '.ss-conclusion', '.wf'], seriousOnly: true });
        found.push(...violations.map((v) => `${rec} ${theme} ${lang}: ${v}`));
        await page.close();
      }
    }
  }
  expect(found).toEqual([]);
}, 120_000);

test('waterfall screenshots (marks stacked at their true time, slim rows): en light, zh dark', async () => {
  for (const [lang, theme] of [['en', 'light'], ['zh', 'dark']] as const) {
    const { page, errors } = await open(`?rec=agent-run&f=129&lang=${lang}&theme=${theme}`);
    const region = page.getByRole('region', { name: lang === 'en' ? 'Span waterfall' : 'Span 瀑布' });
    await region.locator('[data-wf-item]').first().waitFor();
    // nine rows, none as tall as the old fixed 92 px unless its marks stack
    const heights = await region.locator('.wf-turn-bg').evaluateAll((els) => els.map((el) => Number(el.getAttribute('height'))));
    expect(heights).toHaveLength(9);
    expect(Math.min(...heights) + 12).toBeLessThan(92);
    await region.screenshot({ path: `screenshots/i14-waterfall-${lang}-${theme}.png` });
    expect(errors).toEqual([]);
    await page.close();
  }
});

test('the strategy matrix shows the warning as a third verdict, in words and glyph', async () => {
  const { page, errors } = await open('?rec=parallel-probe&lang=en&matrix=1');
  const row = page.locator('.ss-matrix tr[data-rec="finish-without-call"]');
  const cell = row.locator('td[data-strategy="per-call-buffer"]');
  await expect.poll(() => cell.getAttribute('data-verdict'), { timeout: 20_000 }).toBe('warn');
  expect(await cell.textContent()).toBe('⚠ warning at frame 7');
  expect(await cell.locator('button').getAttribute('aria-label')).toMatch(/warning at frame 7: finish_reason tool_calls with no call/);
  expect(await row.locator('td[data-strategy="completed-item"]').getAttribute('data-verdict')).toBe('n/a');
  const probe = page.locator('.ss-matrix tr[data-rec="parallel-probe"]:not([data-faults]) td[data-strategy="per-call-buffer"]');
  await expect.poll(() => probe.getAttribute('data-verdict'), { timeout: 20_000 }).toBe('ok');
  await page.locator('.ss-matrix').screenshot({ path: 'screenshots/i14-matrix-en-light.png' });
  expect(errors).toEqual([]);
  await page.close();
});
