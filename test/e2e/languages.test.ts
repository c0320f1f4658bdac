// One language's strings at a time, in the built app: a reader's page fetches only their language's chunk
// (assets/en-*.js or assets/zh-*.js) and renders first in it (never another language first); switching the
// language fetches the other chunk and then re-renders, the page staying in its language meanwhile.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launch, watchErrors } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** The language chunks the page has requested so far ('en', 'zh'), in order. */
function watchLanguageChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (r) => {
    const m = /\/assets\/(en|zh)-[\w-]+\.js$/.exec(new URL(r.url()).pathname);
    if (m?.[1]) chunks.push(m[1]);
  });
  return chunks;
}

/** Records the text of #root the first time it has any (before the test can look). */
async function recordFirstText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { firstRootText?: string };
    new MutationObserver((_, observer) => {
      const text = document.getElementById('root')?.textContent ?? '';
      if (text.trim() !== '') {
        w.firstRootText = text;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}
const firstText = (page: Page) => page.evaluate(() => (window as unknown as { firstRootText?: string }).firstRootText ?? '');

test('a Chinese reader: only the zh chunk, and the first render is already in Chinese', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const chunks = watchLanguageChunks(page);
  await recordFirstText(page);
  await page.goto(appUrl('?rec=parallel-probe&lang=zh'));
  await page.getByRole('slider', { name: '帧', exact: true }).waitFor();
  const first = await firstText(page);
  expect(first).toContain('逐帧回放 LLM 的流式回复');
  expect(first).not.toContain('Replay a streamed LLM reply');
  expect(first).not.toContain('Skip to the player');
  expect(chunks).toEqual(['zh']);
  expect(errors).toEqual([]);
  await page.close();
});

test('the browser language decides when the URL does not: zh-CN gets the zh chunk only', async () => {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const chunks = watchLanguageChunks(page);
  await page.goto(appUrl('?rec=parallel-probe'));
  await page.getByRole('slider', { name: '帧', exact: true }).waitFor();
  expect(chunks).toEqual(['zh']);
  await context.close();
});

test('an English reader: only the en chunk until they switch; then zh is fetched and the page re-renders in it', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const chunks = watchLanguageChunks(page);
  await recordFirstText(page);
  await page.goto(appUrl('?rec=parallel-probe&lang=en'));
  await page.getByRole('slider', { name: 'Frame', exact: true }).waitFor();
  expect(await firstText(page)).toContain('Replay a streamed LLM reply frame by frame');
  expect(chunks).toEqual(['en']);

  // hold the zh chunk back: the page stays English (and usable) until it arrives
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/zh-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh');
  await expect.poll(() => chunks).toEqual(['en', 'zh']);
  await expect.poll(() => page.getByRole('slider', { name: 'Frame', exact: true }).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('radiogroup', { name: 'Assembly strategy' }).isVisible()).toBe(true);
  release();
  await page.getByRole('slider', { name: '帧', exact: true }).waitFor();
  await page.getByRole('radiogroup', { name: '拼装策略' }).waitFor();
  // the URL follows (its sync loads after the first view: it may start after the switch and fill the URL in then)
  await expect.poll(() => new URL(page.url()).searchParams.get('lang')).toBe('zh');
  // and back: English is in already, nothing more is fetched
  await page.getByRole('combobox', { name: '语言' }).selectOption('en');
  await page.getByRole('slider', { name: 'Frame', exact: true }).waitFor();
  expect(chunks).toEqual(['en', 'zh']);
  expect(errors).toEqual([]);
  await page.close();
});

test('embed.html in zh fetches only the zh chunk and renders in Chinese', async () => {
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  const errors = watchErrors(page);
  const chunks = watchLanguageChunks(page);
  await page.goto(appUrl('embed.html?rec=parallel-probe&lang=zh'));
  await page.getByRole('slider', { name: '帧', exact: true }).waitFor();
  expect(chunks).toEqual(['zh']);
  expect(errors).toEqual([]);
  await page.close();
});

test('the custom element: a lang attribute change fetches the other chunk, then the player shows that language', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const chunks = watchLanguageChunks(page);
  await page.goto(appUrl('examples/course.html'));
  await page.waitForFunction(() => customElements.get('streamscope-player') !== undefined);
  await page.evaluate(() => {
    const el = document.createElement('streamscope-player');
    el.id = 'switch';
    el.setAttribute('rec', 'parallel-probe');
    el.setAttribute('lang', 'en');
    el.setAttribute('base', '../recordings/');
    document.body.appendChild(el);
  });
  const player = page.locator('#switch');
  await player.getByRole('slider', { name: 'Frame', exact: true }).waitFor();
  await page.evaluate(() => document.getElementById('switch')?.setAttribute('lang', 'zh'));
  await player.getByRole('slider', { name: '帧', exact: true }).waitFor();
  expect(chunks).toContain('zh');
  expect(errors).toEqual([]);
  await page.close();
});
