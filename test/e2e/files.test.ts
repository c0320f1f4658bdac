// Opening your own recordings in the built app, in Chromium: the labelled file input with each format (v1 .jsonl,
// raw .sse, HAR, NDJSON) assembles its calls under "One buffer per call"; paste; drop with its overlay; files kept
// across a reload (IndexedDB) and forgotten on request; the 200 MB limit; Export .jsonl round-trips.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { applyFaults } from '../../src/core/faults';
import { load } from '../../src/core/load';
import { analyze } from '../../src/core/session/session';
import { appUrl, launch, watchErrors } from './browser';
import { expectedCalls, harText, jsonlText, ndjsonText, sseText } from './files-fixtures';
import { chunkList } from '../../src/core/chunk-table';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function open(path = '?lang=en'): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(appUrl(path));
  await page.locator('input[type=range]:not([disabled])').waitFor();
  return { page, errors };
}

const fileInput = (page: Page) => page.getByLabel('Open recording', { exact: true });

async function openFile(page: Page, name: string, text: string, mimeType = 'text/plain') {
  await fileInput(page).setInputFiles({ name, mimeType, buffer: Buffer.from(text) });
  await opened(page, name);
}

/** Waits until the picker shows `name` (one of "Your files") as the open recording and it is analysed. */
async function opened(page: Page, name: string) {
  await page.waitForFunction((n) => (document.querySelector('.ss-picker select') as HTMLSelectElement | null)?.value === `file:${n}`, name);
  await page.locator('input[type=range]:not([disabled])').waitFor();
}

/** The call headings the results panel lists at the last frame under "One buffer per call". */
async function callsShown(page: Page): Promise<string[]> {
  await page.getByRole('radio', { name: 'One buffer per call', exact: true }).check();
  await page.getByRole('slider', { name: 'Frame', exact: true }).focus();
  await page.keyboard.press('End');
  const results = page.getByRole('region', { name: 'Parse results' });
  return results.locator('.ss-call > button:first-child').allTextContents();
}

const FORMATS: [string, string, string][] = [
  ['mine.jsonl', jsonlText(), 'application/x-ndjson'],
  ['curl.sse', sseText(), 'text/event-stream'],
  ['devtools.har', harText(), 'application/json'],
  ['payloads.ndjson', ndjsonText(), 'application/x-ndjson'],
];

test.each(FORMATS)('opening %s with the "Open recording" input assembles its calls', async (name, text, mime) => {
  const expected = expectedCalls(text, name);
  expect(expected.map((c) => c.name)).toEqual(['read_file', 'read_file']);
  const { page, errors } = await open();
  await page.getByRole('button', { name: 'Open recording', exact: true }).waitFor();
  await openFile(page, name, text, mime);
  const shown = await callsShown(page);
  expect(shown).toEqual(expected.map((c) => `${c.name} · ${c.id} · key ${c.key}`));
  // the arguments as assembled
  const results = page.getByRole('region', { name: 'Parse results' });
  for (const c of expected) await results.getByText(JSON.stringify(c.args, null, 2).split('\n')[1]!.trim(), { exact: false }).first().waitFor();
  // listed under "Your files" in the picker; the URL does not carry a local file
  const group = page.locator('optgroup[label="Your files"] option');
  await expect.poll(() => group.allTextContents()).toContain(name);
  await expect.poll(() => new URL(page.url()).searchParams.get('rec')).toBeNull();
  expect(errors).toEqual([]);
  await page.close();
});

test('opened files stay in the browser across a reload, reopen from the picker, and can be forgotten', async () => {
  const { page, errors } = await open();
  await openFile(page, 'kept.sse', sseText());
  // a second file that stays: after the last reload, its option shows that the list has been read back
  await openFile(page, 'other.sse', sseText());
  await page.reload();
  await page.locator('input[type=range]:not([disabled])').waitFor();
  const options = page.locator('optgroup[label="Your files"] option');
  await page.waitForFunction(() => [...document.querySelectorAll('optgroup[label="Your files"] option')].some((o) => o.textContent === 'kept.sse'));
  const picker = page.getByLabel('Recording', { exact: true });
  const value = await options.filter({ hasText: 'kept.sse' }).getAttribute('value');
  await picker.selectOption(value!);
  await opened(page, 'kept.sse');
  expect(await callsShown(page)).toHaveLength(2);
  // forget it: gone from the picker now and after a reload
  await page.getByRole('button', { name: 'Forget this file' }).click();
  // names from files are shown bidi-isolated (U+2068 ... U+2069)
  await page.getByText(/“\u2068?kept\.sse\u2069?” was removed from your files\./).waitFor();
  await expect.poll(() => options.filter({ hasText: 'kept.sse' }).count()).toBe(0);
  await page.reload();
  await page.locator('input[type=range]:not([disabled])').waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('optgroup[label="Your files"] option')].some((o) => o.textContent === 'other.sse'));
  await expect.poll(() => page.locator('optgroup[label="Your files"] option', { hasText: 'kept.sse' }).count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});

test('pasting raw SSE text opens it; an empty paste is refused in words', async () => {
  const { page, errors } = await open();
  const opener = page.getByRole('button', { name: 'Paste SSE…' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Paste raw SSE text' });
  await dialog.waitFor();
  const area = dialog.getByLabel('SSE text');
  await expect.poll(() => area.evaluate((el) => el === document.activeElement)).toBe(true);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Paste some text first.' }).waitFor();
  await area.fill(sseText());
  await dialog.getByLabel('Name').fill('from-curl.sse');
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await opened(page, 'from-curl.sse');
  await page.getByText('Your file: from-curl.sse').waitFor();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await callsShown(page)).toHaveLength(2);
  expect(errors).toEqual([]);
  await page.close();
});

async function dropFile(page: Page, name: string, makeParts: string) {
  // a DataTransfer built in the page, dragged in and dropped onto the panels (the drop zone is the whole player)
  await page.evaluate(
    ({ name, makeParts }) => {
      const parts = new Function(`return ${makeParts}`)() as BlobPart[];
      const dt = new DataTransfer();
      dt.items.add(new File(parts, name));
      const target = document.querySelector('.ss-main') ?? document.body;
      target.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: dt }));
      (window as unknown as { __dt: DataTransfer }).__dt = dt;
    },
    { name, makeParts },
  );
  await page.getByTestId('drop-overlay').getByText('Drop a recording to open it').waitFor();
  await page.evaluate(() => {
    const dt = (window as unknown as { __dt: DataTransfer }).__dt;
    const target = document.querySelector('.ss-main') ?? document.body;
    target.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dt }));
    target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
  });
  await expect.poll(() => page.getByTestId('drop-overlay').count()).toBe(0);
}

test('dropping a file on the player shows an overlay, then opens it', async () => {
  // the page's CSP forbids eval: this test builds its parts without it
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const errors = watchErrors(page);
  await page.goto(appUrl('?lang=en'));
  await page.locator('input[type=range]:not([disabled])').waitFor();
  await dropFile(page, 'dropped.har', `[${JSON.stringify(harText())}]`);
  await opened(page, 'dropped.har');
  expect(await callsShown(page)).toHaveLength(2);
  expect(errors).toEqual([]);
  await page.close();
});

test('a file over 200 MB is refused before it is read, with its name and size', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  await page.goto(appUrl('?lang=en'));
  await page.locator('input[type=range]:not([disabled])').waitFor();
  // 201 parts of one shared 1 MiB buffer
  await dropFile(page, 'huge.jsonl', '(() => { const mb = new Uint8Array(1024 * 1024); return Array.from({ length: 201 }, () => mb); })()');
  await page.getByText(/“\u2068?huge\.jsonl\u2069?” is \u2068?201\.0\u2069? MB: larger than the 200 MB limit, so it was not opened\./).waitFor();
  // the default recording is still the one shown
  await expect.poll(() => new URL(page.url()).searchParams.get('rec')).toBe('parallel-probe');
  await page.close();
});

test('Export .jsonl downloads the current recording, named after it, and it loads back the same', async () => {
  const { page, errors } = await open('?rec=anthropic-docs&lang=en');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export .jsonl' }).click()]);
  expect(download.suggestedFilename()).toBe('anthropic-docs.jsonl');
  const path = await download.path();
  const exported = load(readFileSync(path), 'anthropic-docs.jsonl');
  const original = load(readFileSync('public/recordings/anthropic-docs.jsonl'), 'anthropic-docs.jsonl');
  if (!exported.ok || !original.ok) throw new Error('unreadable');
  expect(exported.recording.issues).toEqual([]);
  expect(exported.recording.header).toEqual(original.recording.header);
  const bytes = (r: typeof original) => (r.ok ? r.recording.turns.map((t) => chunkList(t.chunks).map((c) => [c.time, Buffer.from(c.bytes).toString('base64')])) : []);
  expect(bytes(exported)).toEqual(bytes(original));

  // a file exported after opening: named after the file
  await openFile(page, 'curl.sse', sseText());
  const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export .jsonl' }).click()]);
  expect(again.suggestedFilename()).toBe('curl.jsonl');
  expect(errors).toEqual([]);
  await page.close();
});

test('Export .jsonl writes the faulted recording when the lab has faults on (rechunk:7)', async () => {
  const original = load(readFileSync('public/recordings/anthropic-docs.jsonl'), 'anthropic-docs.jsonl');
  if (!original.ok) throw new Error('unreadable');
  const faulted = applyFaults(original.recording, ['rechunk:7']);
  if (!faulted.ok) throw new Error(faulted.error);
  const { page, errors } = await open('?rec=anthropic-docs&faults=rechunk:7&lang=en');
  // the faulted recording is the one shown (the lab applies the URL's faults once its code is in)
  const last = analyze(faulted.recording).frames.count - 1;
  await page.waitForFunction((m) => document.querySelector('input[type=range]')?.getAttribute('max') === String(m), last);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export .jsonl' }).click()]);
  const exported = load(readFileSync(await download.path()), 'x.jsonl');
  if (!exported.ok) throw new Error('unreadable');
  const chunks = (r: typeof original.recording) => r.turns.map((t) => chunkList(t.chunks).map((c) => Buffer.from(c.bytes).toString('base64')));
  expect(chunks(exported.recording)).toEqual(chunks(faulted.recording));
  expect(chunks(exported.recording)).not.toEqual(chunks(original.recording));
  expect(errors).toEqual([]);
  await page.close();
});
