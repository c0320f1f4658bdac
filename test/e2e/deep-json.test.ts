// Arguments nested thousands of levels in the built app (Debian Chromium): a ~20 KB v1 recording whose tool_use
// input nests 5,000 levels (synthetic, built here and served as recordings/deep-5000.jsonl), opened by permalink
// (`?rec=`) and in embed.html; one nested 300,000 levels (over the worker threshold, so it crosses the worker); a
// Gemini event whose data itself nests 5,000 levels (the raw panel's pretty data).
// The page keeps working: the slider moves, every panel renders, the ready call is shown with a note that it was
// shortened, the self-check still compares, no error boundary had to step in and no page error.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { analyzeText } from '../../src/core/session/analyze';
import { anthropicRecording, nestedArrays } from '../robustness/deep-streams';
import { appUrl, launch, watchErrors } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const RECORDINGS: Record<string, string> = {
  'deep-5000.jsonl': anthropicRecording(nestedArrays(5_000), 1_000),
  'deep-300000.jsonl': anthropicRecording(nestedArrays(300_000), 50_000),
  // Gemini sends the call's args as an object in the event itself: the raw panel's data is nested 5,000 levels
  'deep-gemini.sse': `data: {"candidates":[{"content":{"role":"model","parts":[{"text":"Calling f."}]},"index":0}]}\n\ndata: {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"f","args":{"a":${nestedArrays(5_000)}}}}]},"finishReason":"STOP","index":0}]}\n\n`,
};

function framesOf(name: string): number {
  const r = analyzeText(RECORDINGS[name] as string, name);
  if (!r.ok) throw new Error(r.error.message);
  return r.session.frames.count;
}

/** A page on which recordings/<name> is served from memory. */
async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.route('**/recordings/deep-*', (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    const body = RECORDINGS[name];
    return body === undefined ? route.fulfill({ status: 404 }) : route.fulfill({ status: 200, contentType: 'application/x-ndjson', body });
  });
  return { page, errors };
}

const slider = (page: Page) => page.getByRole('slider', { name: 'Frame', exact: true });

async function expectWorking(page: Page, frames: number): Promise<void> {
  const s = slider(page);
  await expect.poll(() => s.getAttribute('max'), { timeout: 30_000 }).toBe(String(frames - 1));
  await expect.poll(() => s.isDisabled()).toBe(false);
  await s.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => s.inputValue()).toBe('1');
  await page.keyboard.press('End');
  await expect.poll(() => s.inputValue()).toBe(String(frames - 1));
  for (const name of ['Raw events', 'Parameter buffers', 'Parse results']) {
    await expect.poll(() => page.getByRole('region', { name, exact: true }).count(), { message: name }).toBe(1);
  }
  const results = page.getByRole('region', { name: 'Parse results', exact: true });
  await expect.poll(() => results.locator('.ss-call').count(), { timeout: 10_000 }).toBe(1);
  await expect.poll(() => results.textContent()).toContain('Nested deeper than 32 levels');
  // no boundary had to replace a part of the player
  await expect.poll(() => page.locator('[data-failed]').count()).toBe(0);
}

test('a 5,000-level recording by permalink: every panel renders, the slider moves, the self-check compares', async () => {
  const { page, errors } = await newPage();
  const started = Date.now();
  await page.goto(appUrl('?rec=deep-5000.jsonl&lang=en&s=per-call-buffer'));
  await expectWorking(page, framesOf('deep-5000.jsonl'));
  const ms = Date.now() - started;
  expect(await page.locator('#root').evaluate((r) => r.childElementCount)).toBeGreaterThan(0);
  await expect.poll(() => page.locator('body').textContent()).toContain('reproduces the recorded message byte for byte');
  expect(await page.locator('body').textContent()).not.toContain('First difference at');
  // the live preview of the partial-JSON strategy, mid-stream and at the end
  await page.getByRole('radio', { name: 'Partial JSON preview', exact: true }).check();
  await slider(page).focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.getByRole('region', { name: 'Parse results', exact: true }).textContent()).toContain('Nested deeper than 32 levels');
  // the raw events show the frames (their data holds the arguments as strings)
  await page.keyboard.press('End');
  await expect.poll(() => page.getByRole('region', { name: 'Raw events', exact: true }).textContent()).toContain('content_block_stop');
  console.log(`[deep-json e2e] 5,000 levels by permalink: usable after ${ms} ms`);
  expect(errors).toEqual([]);
  await page.close();
});

test('a 300,000-level recording (analysed in the worker) arrives whole and renders', async () => {
  const { page, errors } = await newPage();
  const started = Date.now();
  await page.goto(appUrl('?rec=deep-300000.jsonl&lang=en&s=per-call-buffer'));
  await expectWorking(page, framesOf('deep-300000.jsonl'));
  console.log(`[deep-json e2e] 300,000 levels (${(RECORDINGS['deep-300000.jsonl'] as string).length} chars): usable after ${Date.now() - started} ms`);
  expect(errors).toEqual([]);
  await page.close();
});

test('a Gemini event whose data nests 5,000 levels: the raw panel shows it shortened, with a note', async () => {
  const { page, errors } = await newPage();
  await page.goto(appUrl('?rec=deep-gemini.sse&lang=en&s=per-call-buffer'));
  await expectWorking(page, framesOf('deep-gemini.sse'));
  const raw = page.getByRole('region', { name: 'Raw events', exact: true });
  await expect.poll(() => raw.textContent(), { timeout: 10_000 }).toContain('Nested deeper than 32 levels');
  expect(errors).toEqual([]);
  await page.close();
});

test('embed.html with the 5,000-level recording: ready, seeks, renders the call', async () => {
  const { page, errors } = await newPage();
  await page.goto(appUrl('?rec=parallel-probe&lang=en'));
  await slider(page).waitFor();
  const inbox = await page.evaluateHandle(() => {
    const messages: { type: string; frame?: number }[] = [];
    window.addEventListener('message', (e) => {
      if (typeof e.data === 'object' && e.data !== null && typeof e.data.type === 'string') messages.push(e.data);
    });
    const frame = document.createElement('iframe');
    frame.id = 'player';
    frame.src = 'embed.html?rec=deep-5000.jsonl&lang=en&s=per-call-buffer';
    frame.style.cssText = 'width:1200px;height:800px';
    document.body.appendChild(frame);
    return messages;
  });
  const types = () => inbox.evaluate((m) => m.map((x) => x.type));
  await expect.poll(types, { timeout: 30_000 }).toContain('streamscope:ready');
  const frames = framesOf('deep-5000.jsonl');
  await page.evaluate((f) => (document.getElementById('player') as HTMLIFrameElement).contentWindow?.postMessage({ type: 'streamscope:seek', frame: f }, '*'), frames - 1);
  const player = page.frameLocator('#player');
  await expect.poll(() => player.getByRole('slider', { name: 'Frame', exact: true }).inputValue(), { timeout: 10_000 }).toBe(String(frames - 1));
  const results = player.getByRole('region', { name: 'Parse results', exact: true });
  await expect.poll(() => results.textContent(), { timeout: 10_000 }).toContain('Nested deeper than 32 levels');
  await expect.poll(() => player.locator('[data-failed]').count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});
