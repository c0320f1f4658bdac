// New wire shapes in the built app (Debian's Chromium): a Gemini 3 streamed call shows its partialArgs fragments in
// the buffers panel like any other wire, and the programmatic-tool-calling run has its calls ready at their
// message_start frame. Expected texts come from core's analyzeText on the shipped files.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { appUrl, launch, shippedSession as session, watchErrors } from './browser';
import { fragmentAt } from '../../src/core/strategies/fragments';
import { bufferRows } from '../../src/core/strategies/buffers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});


test('gemini-streamed-args: the write_file buffer shows its partialArgs fragments as they arrive', async () => {
  const s = session('gemini-streamed-args');
  const run = s.strategies['per-call-buffer'];
  const buffer = bufferRows(run.buffers).find((b) => b.name === 'write_file');
  const third = buffer && fragmentAt(run.fragments, buffer.id, 3);
  expect(third).toBeDefined();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(appUrl(`?lang=en&rec=gemini-streamed-args&s=per-call-buffer&f=${third?.frame}`));
  await page.locator('input[type=range]:not([disabled])').waitFor();
  const prefix = buffer?.text.slice(0, third?.end) ?? '';
  // the buffer as it stands at that frame: the prefix up to its last fragment, not yet the whole arguments
  await page.waitForFunction((text) => document.body.innerText.includes(text), prefix.slice(0, 40));
  // and the whole arguments are not there yet
  expect(await page.evaluate((text) => document.body.innerText.includes(text), buffer?.text ?? '')).toBe(false);
  await page.screenshot({ path: '/tmp/i12-gemini-buffers.png' });
  expect(errors).toEqual([]);
  await page.close();
});

test('ptc-message-start: at the first message_start frame the call is already ready, and the turn names its finish', async () => {
  const s = session('ptc-message-start');
  const first = s.carried[0];
  expect(first).toBeDefined();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(appUrl(`?lang=en&rec=ptc-message-start&s=per-call-buffer&f=${first?.startFrame}`));
  await page.locator('input[type=range]:not([disabled])').waitFor();
  await page.getByText('Calls ready: 1', { exact: false }).first().waitFor();
  await page.getByText(first?.id ?? '?', { exact: false }).first().waitFor();
  await page.screenshot({ path: '/tmp/i12-ptc.png' });
  expect(errors).toEqual([]);
  await page.close();
});
