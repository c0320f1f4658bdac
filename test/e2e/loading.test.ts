// A large file opened by the user goes through the analysis worker: the status shows a progress bar with a Cancel
// button, the session arrives whole (all frames, the raw list and its detail), and Cancel stops a load without
// touching the recording already open. Functional only: how long the page is blocked is measured by the bench.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, holdAnalysisWorker, launch, watchErrors } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const N = 60_000;

/**
 * Builds a Chat recording of `n` events inside the page (text deltas, a tool call every 4,000; `pad` more characters
 * in each text) and puts it in the file input.
 */
async function openGenerated(page: Page, n: number, name: string, pad = 0): Promise<void> {
  await page.evaluate(
    ({ n, name, pad }) => {
      const lines = [JSON.stringify({ streamscope: 1, wire: 'openai-chat' }), JSON.stringify([0, 'req', { turn: 0 }])];
      for (let i = 0; i < n; i++) {
        const call = i % 4000 === 2000;
        const delta = call ? { tool_calls: [{ index: i / 4000 - 0.5, id: `t${i}`, type: 'function', function: { name: 'look', arguments: `{"at":${i}}` } }] } : { content: `w${i % 31} ${'p'.repeat(pad)}` };
        lines.push(JSON.stringify([5 + i, 'chunk', `data: ${JSON.stringify({ choices: [{ index: 0, delta }] })}\n\n`]));
      }
      lines.push(JSON.stringify([5 + n, 'end', { status: 'complete' }]));
      const input = document.querySelector<HTMLInputElement>('input[type=file]');
      if (!input) throw new Error('no file input');
      const dt = new DataTransfer();
      dt.items.add(new File([lines.join('\n') + '\n'], name));
      input.files = dt.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    { n, name, pad },
  );
}

/** Counts, by message type, what the page posts to its workers and what they send back (`back:` + type). */
async function countWorkerMessages(page: Page): Promise<() => Promise<Record<string, number>>> {
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    (globalThis as unknown as { __seen: Record<string, number> }).__seen = seen;
    const count = (type: unknown) => {
      if (typeof type === 'string') seen[type] = (seen[type] ?? 0) + 1;
    };
    const post = Worker.prototype.postMessage;
    const counting = function (this: Worker, message: unknown, options?: StructuredSerializeOptions) {
      count((message as { type?: unknown } | null)?.type);
      if (!(this as unknown as { __counted?: boolean }).__counted) {
        (this as unknown as { __counted: boolean }).__counted = true;
        this.addEventListener('message', (e: MessageEvent<{ type?: unknown } | null>) => count(`back:${String(e.data?.type)}`));
      }
      post.call(this, message, options);
    };
    Worker.prototype.postMessage = counting as typeof post;
  });
  return () => page.evaluate(() => (globalThis as unknown as { __seen: Record<string, number> }).__seen);
}

async function openProbe(params = '', before?: (page: Page) => Promise<unknown>): Promise<{ page: Page; errors: string[]; probeMax: string }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await before?.(page);
  await page.goto(appUrl(`?rec=parallel-probe&lang=en${params}`));
  const slider = page.getByRole('slider', { name: 'Frame', exact: true });
  await page.locator('input[type=range]:not([disabled])').waitFor();
  await expect.poll(async () => Number(await slider.getAttribute('max'))).toBeGreaterThan(0);
  return { page, errors, probeMax: (await slider.getAttribute('max')) ?? '' };
}

test('a 60,000-frame file loads through the worker with a progress bar, then every frame is there', async () => {
  const { page, errors, probeMax } = await openProbe();
  expect(Number(probeMax)).toBeLessThan(1000);
  const release = await holdAnalysisWorker(page);
  await openGenerated(page, N, 'generated.jsonl');
  const bar = page.getByRole('progressbar');
  await bar.waitFor({ timeout: 15_000 });
  expect(await page.getByRole('status').getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
  release();
  const slider = page.getByRole('slider', { name: 'Frame', exact: true });
  await expect.poll(() => slider.getAttribute('max'), { timeout: 60_000 }).toBe(String(N - 1));
  await expect.poll(() => bar.count()).toBe(0);
  // the last frame is whole: its raw row and its detail, with the data the file carried
  await slider.fill(String(N - 1));
  const raw = page.getByRole('region', { name: 'Raw events' });
  await expect.poll(() => raw.locator('.ss-raw-row[aria-current="true"] .ss-raw-index').textContent()).toBe(String(N - 1));
  await raw.getByRole('heading', { name: new RegExp(`^Frame ${(N - 1).toLocaleString('en-US')} · `) }).waitFor();
  expect(await raw.textContent()).toContain(`w${(N - 1) % 31}`);
  expect(errors).toEqual([]);
  await page.close();
});

test('a 20 MB file reaches the worker in pieces, through buffers it sends back, and arrives whole', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const seenSoFar = await countWorkerMessages(page);
  await page.goto(appUrl('?rec=parallel-probe&lang=en'));
  const slider = page.getByRole('slider', { name: 'Frame', exact: true });
  await expect.poll(async () => Number(await slider.getAttribute('max'))).toBeGreaterThan(0);
  const n = 80_000;
  await openGenerated(page, n, 'padded.jsonl', 160);
  await expect.poll(() => slider.getAttribute('max'), { timeout: 90_000 }).toBe(String(n - 1));
  const seen = await seenSoFar();
  // about 20 MB in 8 MiB pieces: three, each one answered by its buffer coming back
  expect(seen['input-piece']).toBe(3);
  expect(seen['back:piece-back']).toBe(3);
  expect(seen['analyze']).toBe(1);
  await slider.fill(String(n - 1));
  const raw = page.getByRole('region', { name: 'Raw events' });
  await expect.poll(() => raw.locator('.ss-raw-row[aria-current="true"] .ss-raw-index').textContent()).toBe(String(n - 1));
  expect(await raw.textContent()).toContain(`w${(n - 1) % 31} ppp`);
  expect(errors).toEqual([]);
  await page.close();
});

test.each([
  { what: 'a 60,000-frame file', n: N, pad: 0, pieces: 0 },
  // about 32 MB: four 8 MiB pieces, of which three go out and the fourth waits for a buffer the held worker never sends
  { what: 'a 32 MB file, its fourth piece waiting for a buffer to come back', n: 120_000, pad: 160, pieces: 3 },
])('Cancel stops the load of $what: the recording that was open stays, with no error', async ({ n, pad, pieces }) => {
  let seenSoFar: () => Promise<Record<string, number>> = () => Promise.resolve({});
  const { page, errors, probeMax } = await openProbe('', async (p) => (seenSoFar = await countWorkerMessages(p)));
  // the worker's script is held until Cancel has been pressed, so the load is surely running when the click lands (a
  // 60,000-frame load once ended between Playwright finding the button and clicking it, on a loaded machine)
  const release = await holdAnalysisWorker(page);
  const started: string[] = [];
  page.on('worker', (w) => started.push(w.url()));
  await openGenerated(page, n, 'cancelled.jsonl', pad);
  await page.getByRole('progressbar').waitFor({ timeout: 15_000 });
  if (pieces > 0) await expect.poll(async () => (await seenSoFar())['input-piece'] ?? 0).toBe(pieces);
  await page.getByRole('status').getByRole('button', { name: 'Cancel' }).click();
  release();
  await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
  // had the load gone on, its worker would start once its script arrived, and its session replace the open one:
  // give it the time a load takes
  await page.waitForTimeout(3000);
  // the analysis worker was terminated before it ran (not left to finish in the background)
  expect(started.filter((u) => /analyze\.worker/.test(u))).toEqual([]);
  const slider = page.getByRole('slider', { name: 'Frame', exact: true });
  expect(await slider.getAttribute('max')).toBe(probeMax);
  await expect.poll(() => page.getByRole('alert').count()).toBe(0);
  // the piece that waited for a buffer was never posted, nor the request after it
  const seen = await seenSoFar();
  expect(seen['input-piece'] ?? 0).toBe(pieces);
  expect(seen['analyze'] ?? 0).toBe(pieces > 0 ? 0 : 1);
  expect(errors).toEqual([]);
  await page.close();
});

test('with the lab’s faults on, a large file is faulted in the worker (which loads the fault code for it)', async () => {
  const { page, errors } = await openProbe('&faults=drop:2');
  await openGenerated(page, N, 'faulted.jsonl');
  const slider = page.getByRole('slider', { name: 'Frame', exact: true });
  // drop:2 removes one frame: the worker applied the fault
  await expect.poll(() => slider.getAttribute('max'), { timeout: 60_000 }).toBe(String(N - 2));
  await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
  await expect.poll(() => page.getByRole('alert').count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});

test('a small shipped recording (by the index\'s size) is fetched on the page: no fetch worker starts for it', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(appUrl('?lang=en&rec=agent-run'));
  await page.locator('input[type=range]:not([disabled])').waitFor();
  await expect.poll(() => page.getByRole('slider', { name: 'Frame', exact: true }).getAttribute('max')).not.toBe('0');
  expect(workers.filter((u) => /fetch\.worker/.test(u))).toEqual([]);
  expect(errors).toEqual([]);
  await page.close();
});
