// rec= in the built pages, in Chromium: a value that is not this site's recordings (another origin, a path out of
// recordings/, javascript:) is refused in words and never requested, in the app and in an embed.
import { expect, test } from 'vitest';
import { appUrl, watchErrors, ready, theBrowser, withBrowser } from './browser';

withBrowser();

/** Requests (other than the pages themselves, whose query names the value) to another host or naming `needle`. */
const fetchedFor = (requests: string[], needle: string) =>
  requests.filter((u) => {
    const url = new URL(u);
    return url.origin !== new URL(appUrl()).origin || (url.pathname + url.hash).includes(needle);
  });

test.each([
  ['https://evil.example/x.jsonl', 'evil.example'],
  ['//evil.example/x.jsonl', 'evil.example'],
  ['../../outside.jsonl', 'outside.jsonl'],
  ['javascript:alert(1)', 'alert'],
])('rec=%s is refused in words and never requested', async (rec, needle) => {
  const page = await theBrowser().newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(appUrl(`?lang=en&rec=${encodeURIComponent(rec)}`));
  // the value is shown bidi-isolated (U+2068 ... U+2069) inside the quotes
  const named = new RegExp(`Not loading “\u2068?${rec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\u2069?”`);
  const alert = page.getByRole('alert').filter({ hasText: named });
  await alert.waitFor();
  await expect.poll(() => alert.textContent()).toContain('rec= opens only this site’s recordings');
  await page.waitForTimeout(300);
  expect(fetchedFor(requests, needle)).toEqual([]);
  expect(dialogs).toEqual([]);
  // the same in an embed
  await page.goto(appUrl(`embed.html?lang=en&rec=${encodeURIComponent(rec)}`));
  await page.getByRole('alert').filter({ hasText: named }).waitFor();
  expect(fetchedFor(requests, needle)).toEqual([]);
  await page.close();
});

test('rec= a relative path under recordings/ loads that file', async () => {
  const page = await theBrowser().newPage();
  const errors = watchErrors(page);
  await page.goto(appUrl('?lang=en&rec=agent-run.jsonl'));
  await ready(page);
  await page.getByRole('radiogroup', { name: 'Assembly strategy' }).waitFor();
  expect(errors).toEqual([]);
  await page.close();
});
