// One large event (issue 36): a Chat chunk whose content is 20 MB, opened as a raw .sse file. The page stays usable:
// the frame's raw text and its data are shown as a window of their first characters with the event's size, never
// as one multi-megabyte text node (a 50 MB one froze the tab for 35 s; 100 MB crashed it).
import { expect, test } from 'vitest';
import { appUrl, theBrowser, watchErrors, withBrowser } from './browser';
import { RAW_WINDOW } from '../../src/ui/panels/raw/FrameDetail';

withBrowser();

test('a 20 MB content chunk: analysed, the raw text windowed with its size, a key press answered', async () => {
  const content = 'x'.repeat(20_000_000);
  const text = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\ndata: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;
  const page = await theBrowser().newPage({ viewport: { width: 1440, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(appUrl('?lang=en'));
  await page.getByLabel('Open recording', { exact: true }).setInputFiles({ name: 'big.sse', mimeType: 'text/plain', buffer: Buffer.from(text) });
  const slider = page.getByRole('slider', { name: 'Frame', exact: true });
  await expect.poll(() => slider.getAttribute('aria-valuetext'), { timeout: 60_000 }).toMatch(/^Frame 0 of 3/);
  const raw = page.locator('.ss-raw-text');
  await expect.poll(() => raw.evaluate((el) => el.textContent?.length ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
  expect(await raw.evaluate((el) => el.textContent?.length ?? 0)).toBeLessThanOrEqual(RAW_WINDOW);
  await expect.poll(() => page.getByRole('region', { name: 'Raw events' }).textContent()).toMatch(/Showing the first 20,000 of 20,000,\d{3} characters/);
  // the page answers a key press: one frame on
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => slider.getAttribute('aria-valuetext'), { timeout: 10_000 }).toMatch(/^Frame 1 of 3/);
  expect(errors).toEqual([]);
  await page.close();
});
