// A whole agent run recorded by the recording proxy opens in the app like `agent-run`: the official openai client
// runs a 3-turn tool loop through `record --proxy` (in-process, a fake upstream on 127.0.0.1, test/cli/proxy-fakes.ts),
// and the file, opened with "Open recording", is kept under "Your files"; the span waterfall shows its three turns,
// the two tool spans between them with their recorded durations, and the first-token readings of each turn.
import OpenAI from 'openai';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { startFake, type Fake } from '../cli/proxy-fakes';
import { KEY, proxyFor, readRecording, sleep } from '../cli/proxy-helpers';
import { appUrl, launch, watchErrors } from './browser';

let browser: Browser;
let fake: Fake;
beforeAll(async () => {
  browser = await launch();
  fake = await startFake();
});
afterAll(async () => {
  await browser.close();
  await fake.close();
});

/** The 3-turn loop of test/cli/proxy-loop.test.ts, with a 150 ms tool; resolves to the recording's path. */
async function recordRun(): Promise<string> {
  const { proxy, out } = await proxyFor(fake.url, 'openai-chat', { title: 'proxied agent run' });
  const client = new OpenAI({ baseURL: `${proxy.url}/v1`, apiKey: KEY, maxRetries: 0 });
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Read the files.' }];
  for (let turn = 0; turn < 5; turn++) {
    const done = await client.chat.completions.stream({ model: 'fake-model', messages }).finalChatCompletion();
    const message = done.choices[0]?.message;
    if (!message) throw new Error('no message');
    messages.push({ role: 'assistant', content: message.content, ...(message.tool_calls ? { tool_calls: message.tool_calls } : {}) });
    if (!message.tool_calls?.length) break;
    await sleep(150); // the tool
    for (const c of message.tool_calls) messages.push({ role: 'tool', tool_call_id: c.id, content: 'file contents' });
  }
  const result = await proxy.stop();
  if (result.exitCode !== 0) throw new Error(result.message);
  return out;
}

test('a proxied 3-turn run: kept under Your files; the waterfall shows 3 turns, 2 tool spans with their durations, the readings', async () => {
  const out = await recordRun();
  const { rec } = readRecording(out);
  expect(rec.tools).toHaveLength(2);
  const name = basename(out);

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(appUrl('?lang=en'));
  await page.locator('input[type=range]:not([disabled])').waitFor();
  await page.getByLabel('Open recording', { exact: true }).setInputFiles({ name, mimeType: 'application/x-ndjson', buffer: readFileSync(out) });
  await page.waitForFunction((n) => (document.querySelector('.ss-picker select') as HTMLSelectElement | null)?.value === `file:${n}`, name);
  await expect.poll(() => page.locator('.ss-picker select option', { hasText: name }).count()).toBe(1);

  const region = page.getByRole('region', { name: 'Span waterfall' });
  // below the fold it keeps what it last showed (LazyWaterfall); in view it follows the open recording
  await region.scrollIntoViewIfNeeded();
  await expect.poll(() => region.getByRole('button', { name: /^Turn \d+,/ }).count()).toBe(3);
  // the tool spans, each titled with the recorded duration ("read_file ran 152.3 ms after turn 1, from ...")
  const titles = region.locator('.wf-tool title');
  await expect.poll(() => titles.count()).toBe(2);
  const texts = await titles.allTextContents();
  rec.tools.forEach((t, i) => expect(texts[i]).toMatch(new RegExp(`^read_file ran ${t.durationMs.toFixed(1).replace('.', '\\.')} ms after turn ${t.turn + 1}, from `)));
  const spans = region.locator('.wf-tool rect');
  for (let i = 0; i < 2; i++) {
    const box = await spans.nth(i).boundingBox();
    expect(box && box.width > 0 && box.height > 0).toBe(true);
  }
  // the three readings of time to first token, one row per turn
  const table = page.getByRole('table', { name: /Time to first token/ });
  await expect.poll(() => table.getByRole('row', { name: /^Turn \d/ }).count()).toBe(3);
  await region.screenshot({ path: 'screenshots/waterfall-proxied-run-en-light.png' });
  expect(errors).toEqual([]);
  await page.close();
});
