// A damaged store of kept files in real Chromium IndexedDB (src/store/idbFileStore.ts): entries of the wrong shape
// planted in the `streamscope` database are skipped and named, the good one still opens, a damaged one opened says
// so (before: "(intermediate value)(intermediate value)(intermediate value).filter is not a function"); a database
// at a newer version is named with its version and the offer of a reset.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, ready, theBrowser, watchErrors, withBrowser } from './browser';

withBrowser();

const SSE = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;
const picker = (page: Page) => page.locator('.ss-picker select');
const options = (page: Page) => picker(page).locator('option').allTextContents();
/** Text without the isolates the page puts around a file's name (FSI ... PDI). */
const plain = (text: string | null) => (text ?? '').replace(/[\u2068\u2069]/g, '');
const warnings = async (page: Page) => plain(await page.locator('.ss-warnings').textContent());

/** Opens the database the page keeps files in (at `version`, made as the page makes it when new) and runs `body`. */
async function inDatabase(page: Page, version: number, records: unknown[]): Promise<void> {
  await page.evaluate(
    ([v, recs]) =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.open('streamscope', v as number);
        req.onupgradeneeded = () => {
          if (!req.result.objectStoreNames.contains('files')) req.result.createObjectStore('files', { keyPath: 'name' }).createIndex('savedAt', 'savedAt');
        };
        req.onsuccess = () => {
          const tx = req.result.transaction('files', 'readwrite');
          for (const r of recs as unknown[]) tx.objectStore('files').put(r);
          tx.oncomplete = () => (req.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
        req.onerror = () => reject(req.error);
      }),
    [version, records] as const,
  );
}

/** The names kept in the page's database now (opened at whatever version it has; none when there is no database:
 * opening one that does not exist would make it, at version 1 and without the page's store). */
const keys = (page: Page) =>
  page.evaluate(
    async () =>
      !(await indexedDB.databases()).some((d) => d.name === 'streamscope') ? [] : new Promise<string[]>((resolve, reject) => {
        const req = indexedDB.open('streamscope');
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('files')) return (db.close(), resolve([]));
          const all = db.transaction('files', 'readonly').objectStore('files').getAllKeys();
          all.onsuccess = () => (db.close(), resolve(all.result.map(String)));
          all.onerror = () => reject(all.error);
        };
        req.onerror = () => reject(req.error);
      }),
  );

test('entries of the wrong shape are skipped and named; the good file opens; a damaged one opened says so', async () => {
  const page = await theBrowser().newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(appUrl('?lang=en'));
  await ready(page);
  await inDatabase(page, 1, [
    { name: 'good.sse', input: SSE, savedAt: 1 },
    { name: 'object.sse', input: { filter: 1 }, savedAt: 2 },
    { name: 'untimed.sse', input: SSE },
  ]);
  await page.reload();
  await ready(page);
  await expect.poll(() => options(page)).toEqual(expect.arrayContaining(['good.sse', 'object.sse']));
  expect(await options(page)).not.toContain('untimed.sse');
  await expect.poll(() => warnings(page)).toContain('“untimed.sse”, kept in this browser, is not a file this page saved (its entry is damaged), so it was skipped.');
  await picker(page).selectOption({ label: 'good.sse' });
  await expect.poll(() => picker(page).inputValue()).toBe('file:good.sse');
  await picker(page).selectOption({ label: 'object.sse' });
  await expect.poll(async () => plain(await page.getByRole('alert').textContent())).toContain('“object.sse”, kept in this browser, is not a file this page saved');
  expect(await options(page)).not.toContain('object.sse');
  // "Forget this file" on the skipped entry's notice: gone from the browser's storage, the notice with it, said so
  const notice = page.locator('.ss-warnings li', { hasText: 'untimed.sse' }).filter({ hasText: 'damaged' });
  await notice.getByRole('button', { name: 'Forget this file' }).click();
  await expect.poll(() => warnings(page)).toContain('“untimed.sse” was removed from your files.');
  expect(await page.locator('.ss-warnings li', { hasText: 'damaged' }).filter({ hasText: 'untimed.sse' }).count()).toBe(0);
  expect(await keys(page)).not.toContain('untimed.sse');
  expect(await keys(page)).toContain('good.sse');
  // and the one that failed when opened, from the error's own button
  await page.getByRole('alert').getByRole('button', { name: 'Forget this file' }).click();
  await expect.poll(() => keys(page)).not.toContain('object.sse');
  expect(await keys(page)).toContain('good.sse');
  expect(errors).toEqual([]);
  await page.close();
});

test('a database at a newer version is named with its version and the offer of a reset, and left as it is', async () => {
  const page = await theBrowser().newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(appUrl('?lang=en'));
  await ready(page);
  // the page's own connection closes when asked (versionchange), so the upgrade goes through
  await inDatabase(page, 5, [{ name: 'future.sse', input: SSE, savedAt: 1 }]);
  await page.reload();
  await ready(page);
  await expect.poll(() => warnings(page)).toContain('saved by a newer Streamscope (storage version 5; this page reads version 1)');
  const version = await page.evaluate(() => new Promise<number>((resolve) => {
    const req = indexedDB.open('streamscope');
    req.onsuccess = () => (resolve(req.result.version), req.result.close());
  }));
  expect(version).toBe(5);
  // "Reset the storage": the database is made again at this page's version, empty, and files are kept again
  await page.locator('.ss-warnings').getByRole('button', { name: 'Reset the storage' }).click();
  await expect.poll(() => warnings(page)).toContain('The storage of kept files was reset: it is empty.');
  expect(await warnings(page)).not.toContain('newer Streamscope');
  expect(await keys(page)).toEqual([]);
  await page.getByLabel('Open recording', { exact: true }).setInputFiles({ name: 'after.sse', mimeType: 'text/event-stream', buffer: Buffer.from(SSE) });
  await expect.poll(() => keys(page)).toEqual(['after.sse']);
  await page.close();
});
