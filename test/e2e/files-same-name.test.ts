// Two different files with one name, opened in Chromium with the real IndexedDB: the second is kept beside the
// first as "same (2).sse" with a notice; both stay across a reload, and the first still opens with its own calls.
// Opening the very same content again does not make a copy.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launch, watchErrors } from './browser';
import { anthropicEvents, sseText } from './files-fixtures';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const FIRST = sseText();
const SECOND = sseText(anthropicEvents([['{"path":', '"one.txt"}']]));

async function opened(page: Page, name: string) {
  await page.waitForFunction((n) => (document.querySelector('.ss-picker select') as HTMLSelectElement | null)?.value === `file:${n}`, name);
  await page.locator('input[type=range]:not([disabled])').waitFor();
}
const kept = (page: Page) => page.locator('optgroup[label="Your files"] option').allTextContents();
const upload = (page: Page, text: string) =>
  page.getByLabel('Open recording', { exact: true }).setInputFiles({ name: 'same.sse', mimeType: 'text/plain', buffer: Buffer.from(text) });

test('a second file with a kept name is kept beside it, with a notice; nothing is replaced', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(appUrl('?lang=en'));
  await page.locator('input[type=range]:not([disabled])').waitFor();
  await upload(page, FIRST);
  await opened(page, 'same.sse');
  await upload(page, SECOND);
  await opened(page, 'same (2).sse');
  await page.getByText(/Another file named “\u2068?same\.sse\u2069?” is already in your files: this one is kept beside it as “\u2068?same \(2\)\.sse\u2069?”\./).waitFor();
  expect(await kept(page)).toEqual(['same.sse', 'same (2).sse']);
  // the same content again: opened under its name, no third copy
  await upload(page, FIRST);
  await opened(page, 'same.sse');
  expect(await kept(page)).toEqual(['same.sse', 'same (2).sse']);
  // both survive a reload, each with its own content
  await page.reload();
  await page.locator('input[type=range]:not([disabled])').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('optgroup[label="Your files"] option').length === 2);
  const picker = page.getByLabel('Recording', { exact: true });
  for (const [name, calls] of [
    ['same.sse', 2],
    ['same (2).sse', 1],
  ] as const) {
    await picker.selectOption(`file:${name}`);
    await opened(page, name);
    await page.getByRole('radio', { name: 'One buffer per call', exact: true }).check();
    await page.getByRole('slider', { name: 'Frame', exact: true }).focus();
    await page.keyboard.press('End');
    const results = page.getByRole('region', { name: 'Parse results' });
    await expect.poll(() => results.locator('.ss-call > button:first-child').count()).toBe(calls);
  }
  expect(errors).toEqual([]);
  await page.close();
});
