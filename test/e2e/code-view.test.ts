// The strategy code view in the built app (issue 30): `code=ts` opens it; at the parse frame of anthropic-docs under
// per-call-buffer the lit lines (aria-current="step") hold the close that parses and, in calls.ts, the parse call;
// stepping moves them; a clicked line explains itself in en and zh; the lines are one Tab stop with ↑/↓ inside; the
// Python / TypeScript switch and the button under the strategy switch open and close it; the URL keeps `code=`.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, shippedSession, theBrowser, watchErrors, withBrowser } from './browser';
import { actionsAt } from '../../src/ui/code/codeSteps';

withBrowser();

const session = shippedSession('anthropic-docs');
const parseFrames = [...Array(session.frames.count).keys()].filter((f) => actionsAt(session, 'per-call-buffer', f).parse.length > 0);

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await theBrowser().newPage({ viewport: { width: 1440, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(appUrl(path));
  await page.getByRole('slider', { name: /^(Frame|帧)$/ }).waitFor();
  return { page, errors };
}

const litText = (page: Page) => page.locator('.ss-code-view [aria-current="step"]').allTextContents();

test('lit lines at the parse frame hold the parse; stepping moves them; a click explains the line (en)', async () => {
  const f = parseFrames[0] as number;
  expect(f).toBeGreaterThan(0);
  const { page, errors } = await open(`?rec=anthropic-docs&s=per-call-buffer&f=${f}&code=ts&lang=en`);
  const view = page.getByRole('region', { name: 'Strategy code' });
  await expect.poll(() => view.locator('.ss-code-line').count(), { timeout: 15_000 }).toBeGreaterThan(20);
  await expect.poll(() => litText(page)).toEqual(expect.arrayContaining([expect.stringContaining('calls.close(call, e.frame, turn.wire)'), expect.stringContaining('this.out.parse(')]));
  // the value in place: the parse's outcome beside the line
  await expect.poll(async () => (await litText(page)).join('\n')).toContain('✓ parsed');
  // one frame earlier nothing was parsed: the parse line is dark
  await page.getByRole('slider', { name: 'Frame' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await litText(page)).some((l) => l.includes('this.out.parse('))).toBe(false);
  // click a line: its sentence
  await view.locator('.ss-code-line', { hasText: 'calls.close(call, e.frame, turn.wire)' }).first().click();
  await expect.poll(() => view.locator('.ss-code-note').first().textContent()).not.toMatch(/Click or focus a line|No explanation/);
  // keyboard: ↓ moves to the next line and its note
  const before = await view.locator('.ss-code-note').first().textContent();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => view.locator('.ss-code-note').first().textContent()).not.toBe(before);
  await expect.poll(() => new URL(page.url()).searchParams.get('code')).toBe('ts');
  expect(errors).toEqual([]);
  await page.close();
});

test('Chinese, Python, and the button opens and closes the view', async () => {
  const { page, errors } = await open(`?rec=anthropic-docs&s=per-call-buffer&lang=zh`);
  const button = page.getByRole('button', { name: /策略代码/ });
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
  await button.click();
  const view = page.getByRole('region', { name: '策略代码' });
  await expect.poll(() => view.locator('.ss-code-line').count(), { timeout: 15_000 }).toBeGreaterThan(10);
  await expect.poll(() => view.getByRole('radio', { name: 'Python' }).isChecked()).toBe(true);
  await expect.poll(() => new URL(page.url()).searchParams.get('code')).toBe('py');
  await view.locator('.ss-code-line').nth(1).click();
  await expect.poll(() => view.locator('.ss-code-note').first().textContent()).toMatch(/[\u4e00-\u9fff]/);
  await view.getByRole('radio', { name: 'TypeScript' }).check();
  await expect.poll(() => view.locator('.ss-code-path').first().textContent()).toBe('per-call-buffer.ts');
  await button.click();
  await expect.poll(() => view.count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});

test('a fourth panel: a column beside the three at 1440 px, a tab chosen on opening at 1280 px', async () => {
  const { page, errors } = await open(`?rec=anthropic-docs&s=per-call-buffer&code=py&lang=en`);
  const view = page.getByRole('region', { name: 'Strategy code' });
  await expect.poll(() => view.locator('.ss-code-line').count(), { timeout: 15_000 }).toBeGreaterThan(10);
  const results = page.getByRole('region', { name: 'Parse results' });
  // beside: the same top edge as the results panel, to its right, within the window
  await expect.poll(async () => Math.abs(((await view.boundingBox())?.y ?? -1) - ((await results.boundingBox())?.y ?? 0))).toBeLessThan(2);
  const [v, r] = [await view.boundingBox(), await results.boundingBox()];
  expect(v && r && v.x > r.x + r.width - 1 && v.x + v.width <= 1440).toBe(true);
  expect(await page.getByRole('tablist').count()).toBe(0);
  // narrower: the panels become tabs, and the code's tab is the one shown
  await page.setViewportSize({ width: 1280, height: 800 });
  const tab = page.getByRole('tab', { name: 'Strategy code' });
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  expect(await view.isVisible()).toBe(true);
  expect(await results.isVisible()).toBe(false);
  // the other tabs still reach the panels; closing the code leaves three tabs-free panels at 1280
  await page.getByRole('tab', { name: 'Parse results' }).click();
  await expect.poll(() => results.isVisible()).toBe(true);
  await page.getByRole('tab', { name: 'Strategy code' }).click();
  await view.getByRole('button', { name: 'Close the code' }).click();
  await expect.poll(() => page.getByRole('tablist').count()).toBe(0);
  await expect.poll(() => results.isVisible()).toBe(true);
  // opened again from the strategy switch: its tab is chosen
  await page.getByRole('button', { name: /Strategy code/ }).click();
  await expect.poll(() => page.getByRole('tab', { name: 'Strategy code' }).getAttribute('aria-selected')).toBe('true');
  expect(errors).toEqual([]);
  await page.close();
});
