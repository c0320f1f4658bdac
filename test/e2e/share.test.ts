// The share dialog in the built app, in Chromium: a real modal <dialog> that takes focus and gives it back; the
// permalink, iframe and custom-element snippets carry the current view; each Copy button puts its text on the
// clipboard (or, where the clipboard is refused, selects it); the iframe snippet, pasted into a page, shows that view.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appUrl, launch, watchErrors } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const VIEW = '?rec=anthropic-docs&s=per-call-buffer&f=7&lang=en&theme=dark';

async function openShare(context: BrowserContext, path = VIEW): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(appUrl(path));
  await page.locator('input[type=range]:not([disabled])').waitFor();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('f') === '7');
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('dialog', { name: 'Share this view' }).waitFor();
  return { page, errors };
}

const field = (page: Page, label: string) => page.getByRole('dialog', { name: 'Share this view' }).getByLabel(label, { exact: true });

test('the snippets carry rec, s, f, lang and theme; Copy puts each on the clipboard', async () => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const { page, errors } = await openShare(context);
  const dialog = page.getByRole('dialog', { name: 'Share this view' });
  // modal, and focus moved into it (the first Copy button)
  await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open && d.matches(':modal'))).toBe(true);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Copy: Permalink');

  const base = new URL('./', appUrl());
  const permalink = await field(page, 'Permalink').inputValue();
  const url = new URL(permalink);
  expect(url.origin + url.pathname).toBe(base.href);
  expect(Object.fromEntries(url.searchParams)).toEqual({ rec: 'anthropic-docs', s: 'per-call-buffer', f: '7', lang: 'en', theme: 'dark' });

  const iframe = await field(page, 'Iframe snippet').inputValue();
  const element = await field(page, 'Custom element snippet').inputValue();
  // parse the snippets as HTML, as a course page would, in a page of its own
  const blank = await context.newPage();
  const parsed = await blank.evaluate(
    ([iframe, element]) => {
      const doc = new DOMParser().parseFromString(`${iframe}${element}`, 'text/html');
      const f = doc.querySelector('iframe');
      const el = doc.querySelector('streamscope-player');
      const s = doc.querySelector('script');
      return {
        src: f?.getAttribute('src'),
        title: f?.getAttribute('title'),
        attrs: el ? Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])) : null,
        script: s ? { type: s.getAttribute('type'), src: s.getAttribute('src') } : null,
      };
    },
    [iframe, element],
  );
  await blank.close();
  const src = new URL(parsed.src!);
  expect(src.origin + src.pathname).toBe(new URL('embed.html', base).href);
  expect(Object.fromEntries(src.searchParams)).toEqual({ rec: 'anthropic-docs', s: 'per-call-buffer', f: '7', lang: 'en', theme: 'dark' });
  expect(parsed.title).toBe('Streamscope player');
  expect(parsed.attrs).toEqual({ rec: 'anthropic-docs', s: 'per-call-buffer', f: '7', lang: 'en', theme: 'dark', base: new URL('recordings/', base).href });
  expect(parsed.script).toEqual({ type: 'module', src: new URL('element.js', base).href });

  for (const [label, value] of [
    ['Permalink', permalink],
    ['Iframe snippet', iframe],
    ['Custom element snippet', element],
  ] as const) {
    await dialog.getByRole('button', { name: `Copy: ${label}` }).click();
    await dialog.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  }

  // Escape closes it and focus returns to the Share button
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Share');
  expect(errors).toEqual([]);
  await context.close();
});

test('where the clipboard is refused, Copy selects the text for Ctrl+C', async () => {
  const context = await browser.newContext();
  const { page } = await openShare(context);
  // deny the clipboard for this page
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  const dialog = page.getByRole('dialog', { name: 'Share this view' });
  await dialog.getByRole('button', { name: 'Copy: Iframe snippet' }).click();
  await dialog.getByRole('status').filter({ hasText: 'Selected: press Ctrl+C (⌘C) to copy' }).waitFor();
  const selection = await page.evaluate(() => {
    const el = document.activeElement as HTMLTextAreaElement;
    return el.value.slice(el.selectionStart, el.selectionEnd);
  });
  await expect.poll(() => field(page, 'Iframe snippet').inputValue()).toBe(selection);
  await context.close();
});

test('the iframe snippet, pasted into a page, shows the same view', async () => {
  const context = await browser.newContext();
  const { page } = await openShare(context);
  const iframe = await field(page, 'Iframe snippet').inputValue();
  const host = await context.newPage();
  await host.setContent(`<!doctype html><title>course</title>${iframe}`);
  const frame = host.frameLocator('iframe');
  const slider = frame.getByRole('slider', { name: 'Frame', exact: true });
  await frame.locator('input[type=range]:not([disabled])').waitFor();
  await expect.poll(() => slider.inputValue()).toBe('7');
  await expect.poll(() => frame.getByRole('radio', { name: 'One buffer per call', exact: true }).isChecked()).toBe(true);
  await context.close();
});

test('in Chinese, with a local file open, the dialog says the file cannot be linked', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(appUrl('?lang=zh'));
  await page.locator('input[type=range]:not([disabled])').waitFor();
  await page.getByLabel('打开录制', { exact: true }).setInputFiles({ name: 'mine.sse', mimeType: 'text/plain', buffer: Buffer.from('data: {}\n\n') });
  await page.waitForFunction(() => (document.querySelector('.ss-picker select') as HTMLSelectElement | null)?.value === 'file:mine.sse');
  await page.getByRole('button', { name: '分享' }).click();
  const dialog = page.getByRole('dialog', { name: '分享当前视图' });
  await dialog.getByText('你自己的文件不在本站上').waitFor();
  const permalink = new URL(await dialog.getByLabel('永久链接', { exact: true }).inputValue());
  expect(permalink.searchParams.get('rec')).toBeNull();
  expect(permalink.searchParams.get('lang')).toBe('zh');
  await context.close();
});
