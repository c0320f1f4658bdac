// The span waterfall in the built app, in Chromium: the lesson's figures, the link to the player, zoom, export,
// and screenshots in both themes and languages (written to screenshots/waterfall-*.png for a person to look at).
// Expected frame indices are computed from the shipped recordings with core's analyzeText, not hard-coded.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, axeViolations, launch, shippedSession as session, watchErrors } from './browser';

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
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const errors = watchErrors(page);
  await page.goto(appUrl(path));
  await page.getByRole('region', { name: /^(Span waterfall|Span 瀑布)$/ }).waitFor();
  return { page, errors };
}

test('agent-run: 9 turn buttons; clicking turn 7 seeks the Frame slider to its first frame; the 885.8 ms gap is labelled', async () => {
  const expected = session('agent-run');
  const turn7 = expected.timings[6];
  expect(turn7?.frames).not.toBeNull();
  const { page, errors } = await open('?rec=agent-run&lang=en');
  const region = page.getByRole('region', { name: 'Span waterfall' });
  const turns = region.getByRole('button', { name: /^Turn \d+,/ });
  await expect.poll(() => turns.count()).toBe(9);
  const name7 = await region.getByRole('button', { name: /^Turn 7,/ }).getAttribute('aria-label');
  expect(name7).toMatch(/^Turn 7, first frame \d[\d,]*\.\d ms, 108 frames, finish tool_calls without a call$/);

  await region.getByRole('button', { name: /^Turn 7,/ }).click();
  const slider = page.getByRole('slider', { name: 'Frame' });
  await expect.poll(() => slider.inputValue()).toBe(String(turn7?.frames?.[0]));

  const gapLabels = await region.locator('.wf-gap-label').allTextContents();
  expect(gapLabels).toContain('885.8 ms');
  const gap = region.locator('.wf-gap-label', { hasText: '885.8 ms' });
  const box = await gap.boundingBox();
  expect(box && box.width > 0 && box.height > 0).toBe(true);

  await page.screenshot({ path: 'screenshots/waterfall-agent-run-en-light-page.png', fullPage: true });
  await region.screenshot({ path: 'screenshots/waterfall-agent-run-en-light.png' });
  expect(errors).toEqual([]);
  await page.close();
});

test('thinking-turn: the three readings of time to first token, each named', async () => {
  const { page, errors } = await open('?rec=thinking-turn&lang=en&theme=dark');
  const table = page.getByRole('table', { name: /Time to first token/ });
  const row = table.getByRole('row', { name: /Turn 1/ });
  await expect.poll(() => row.getByRole('cell').allTextContents()).toEqual(['125.9 ms', '6,631 ms', '6,798 ms']);
  expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Turn', 'First frame', 'First text', 'First tool call']);
  await page.getByRole('region', { name: 'Span waterfall' }).screenshot({ path: 'screenshots/waterfall-thinking-turn-en-dark.png' });
  expect(errors).toEqual([]);
  await page.close();
});

test('zh: names in Chinese; marks seek; W zooms by key position and Fit restores the ticks', async () => {
  const expected = session('agent-run');
  const { page, errors } = await open('?rec=agent-run&lang=zh&theme=dark');
  const region = page.getByRole('region', { name: 'Span 瀑布' });
  await expect.poll(() => region.getByRole('button', { name: /^第 \d+ 轮,/ }).count()).toBe(9);

  const ticks = () => region.locator('.wf-tick').allTextContents();
  const before = await ticks();
  // the waterfall's one Tab stop (roving tabindex); its keys bubble to the canvas
  await region.locator('[data-wf-item][tabindex="0"]').focus();
  await page.keyboard.press('KeyW');
  await page.keyboard.press('KeyW');
  await expect.poll(ticks).not.toEqual(before);
  await region.getByRole('button', { name: '适应宽度' }).click();
  await expect.poll(ticks).toEqual(before);

  const end9 = expected.timings[8]?.frames?.[1];
  // marks that coincide at this zoom share one button; a click at a glyph's level in the stack seeks to that mark
  const end = region.getByRole('button', { name: /(^|; )流结束\(第 9 轮\)/ });
  const names = ((await end.getAttribute('aria-label')) ?? '').split('; ');
  const level = names.findIndex((n) => n.startsWith('流结束(第 9 轮)'));
  await end.click({ position: { x: 12, y: names.length > 1 ? 2 + level * 8 + 4 : 12 } });
  const slider = page.getByRole('slider', { name: '帧' });
  await expect.poll(() => slider.inputValue()).toBe(String(end9));
  await region.screenshot({ path: 'screenshots/waterfall-agent-run-zh-dark.png' });
  expect(errors).toEqual([]);
  await page.close();
});

test('export: SVG and PNG downloads', async () => {
  const { page, errors } = await open('?rec=agent-run&lang=zh&theme=light');
  const region = page.getByRole('region', { name: 'Span 瀑布' });
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), region.getByRole('button', { name: '导出 SVG' }).click()]);
  expect(svgDownload.suggestedFilename()).toBe('streamscope-waterfall.svg');
  const svgPath = await svgDownload.path();
  const svgText = readFileSync(svgPath, 'utf8');
  expect(svgText).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svgText).toContain('885.8 ms');
  expect(svgText).not.toContain('class=');
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), region.getByRole('button', { name: '导出 PNG' }).click()]);
  const png = readFileSync(await pngDownload.path());
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.length).toBeGreaterThan(2000);
  writeFileSync('screenshots/waterfall-export-zh-light.png', png);
  await region.screenshot({ path: 'screenshots/waterfall-agent-run-zh-light.png' });
  expect(errors).toEqual([]);
  await page.close();
});

test('axe: the waterfall region has no serious or critical violation, light and dark, en and zh', async () => {
  const found: string[] = [];
  for (const theme of ['light', 'dark']) {
    for (const [rec, lang] of [['agent-run', 'en'], ['thinking-turn', 'zh']] as const) {
      const { page } = await open(`?rec=${rec}&theme=${theme}&lang=${lang}`);
      const violations = await axeViolations(page, { include: ['.wf'], seriousOnly: true });
      found.push(...violations.map((v) => `${rec} ${theme} ${lang}: ${v}`));
      await page.close();
    }
  }
  expect(found).toEqual([]);
});

test('Ctrl + wheel zooms at the pointer, a plain wheel does not; a drag pans without seeking', async () => {
  const { page, errors } = await open('?rec=agent-run&lang=en&f=5');
  const region = page.getByRole('region', { name: 'Span waterfall' });
  const slider = page.getByRole('slider', { name: 'Frame' });
  const ticks = () => region.locator('.wf-tick').allTextContents();
  const before = await ticks();
  const svg = region.locator('.wf-svg');
  await svg.scrollIntoViewIfNeeded();
  const box = await svg.boundingBox();
  if (!box) throw new Error('the waterfall SVG has no box');
  await page.mouse.move(box.x + box.width * 0.6, box.y + 60);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -300);
  await page.keyboard.up('Control');
  await expect.poll(ticks).not.toEqual(before);
  const zoomed = await ticks();
  // Drag across turn 1's row, whose background seeks on a click: the drag must pan, not seek.
  await page.mouse.move(box.x + box.width * 0.6, box.y + 75);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + 75, { steps: 5 });
  await page.mouse.up();
  await expect.poll(ticks).not.toEqual(zoomed);
  const panned = await ticks();
  await page.mouse.wheel(0, 200); // a plain wheel scrolls the page and leaves the zoom alone
  await page.waitForTimeout(100);
  expect(await ticks()).toEqual(panned);
  expect(await slider.inputValue()).toBe('5');
  expect(errors).toEqual([]);
  await page.close();
});

test('hovering a turn row highlights its frames on the timeline and in the raw events', async () => {
  const expected = session('agent-run');
  const turn7 = expected.timings[6];
  const { page, errors } = await open('?rec=agent-run&lang=en');
  const region = page.getByRole('region', { name: 'Span waterfall' });
  await region.scrollIntoViewIfNeeded();
  // put the slider inside turn 7 so its rows are in the raw list's window
  await region.getByRole('button', { name: /^Turn 7,/ }).click();
  await page.locator('.wf-row').nth(6).hover();
  await expect.poll(() => page.locator('.ss-scrub-hovered').count()).toBe(1);
  const rows = page.locator('.ss-raw-row.ss-hovered .ss-raw-index');
  await expect.poll(() => rows.count()).toBeGreaterThan(0);
  const shown = (await rows.allTextContents()).map(Number);
  for (const f of shown) {
    expect(f).toBeGreaterThanOrEqual(turn7?.frames?.[0] ?? -1);
    expect(f).toBeLessThanOrEqual(turn7?.frames?.[1] ?? -1);
  }
  await page.mouse.move(5, 5);
  await expect.poll(() => page.locator('.ss-scrub-hovered').count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});

test('320 px: the what-if table scrolls inside its own named region; the page never scrolls sideways', async () => {
  for (const lang of ['en', 'zh'] as const) {
    const page = await browser.newPage({ viewport: { width: 320, height: 700 } });
    const errors = watchErrors(page);
    await page.goto(appUrl(`?rec=agent-run&lang=${lang}`));
    const region = page.getByRole('region', { name: lang === 'en' ? 'Span waterfall' : 'Span 瀑布' });
    // the waterfall loads as it comes near: once the recording is in, scroll down to it
    await page.getByRole('slider').first().waitFor();
    await page.locator('.wf-lazy').scrollIntoViewIfNeeded();
    await region.waitFor();
    const table = region.locator('.wf-table-scroll').first();
    await table.scrollIntoViewIfNeeded();
    const caption = await table.locator('caption').textContent();
    expect(await table.getAttribute('tabindex')).toBe('0');
    await expect.poll(() => region.getByRole('region', { name: caption ?? '' }).count()).toBeGreaterThan(0);
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.doc, lang).toBeLessThanOrEqual(widths.view);
    expect(errors).toEqual([]);
    await page.close();
  }
});

test("a waterfall whose code cannot be fetched says so, and the notice's Try again loads it (React.lazy alone would fail again)", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const blocked: string[] = [];
  let offline = true;
  // the waterfall's own chunk, refused while "offline" (the preload and the import both), as a lost connection or a
  // redeployed server would
  await page.route(/\/Waterfall-[^/]*\.js(\?.*)?$/, async (route) => {
    if (offline) {
      blocked.push(route.request().url());
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
  await page.goto(appUrl('?rec=agent-run&lang=en'));
  await page.locator('input[type=range]:not([disabled])').waitFor();
  // to the bottom of the page, not to the waterfall's placeholder: near the first screen the waterfall's code is
  // asked for at once, and its failure replaces the placeholder with the notice (scrolling to it then found it gone)
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const notice = page.getByRole('alert', { name: 'The span waterfall' });
  await notice.waitFor();
  expect(blocked.length).toBeGreaterThan(0);
  const text = (await notice.textContent()) ?? '';
  expect(text).toMatch(/could not be shown; the rest of the player still works/);
  expect(text).not.toMatch(/\n\s*at |\.js:\d+:\d+/); // no stack
  await expect.poll(() => page.getByRole('region', { name: 'Span waterfall' }).count()).toBe(0);

  offline = false;
  await notice.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('region', { name: 'Span waterfall' }).waitFor();
  await expect.poll(() => page.getByRole('region', { name: 'Span waterfall' }).getByRole('button', { name: /^Turn \d+,/ }).count()).toBe(9);
  expect(errors.filter((e) => !/failed to render|Failed to load resource|dynamically imported module/.test(e))).toEqual([]);
  await page.close();
});
