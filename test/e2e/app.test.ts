// The replay app shell in the built app, in Debian's Chromium: opening, permalinks, keyboard-only operation, both
// languages, axe in both themes, and a seek on a generated 100,000-frame recording (functional; its speed is
// measured by `npm run bench`, not asserted here).
// Expected frame counts and times come from core's analyzeText on the shipped files, not hard-coded.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, axeViolations, holdAnalysisWorker, launch, shippedSession as session, watchErrors } from './browser';
import { frameAt } from '../../src/core/sse/frame-table';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});


async function open(path: string, viewport = { width: 1280, height: 900 }, bypassCSP = false): Promise<{ page: Page; errors: string[] }> {
  // axe is injected as an inline script, which the built pages' CSP (script-src 'self') rightly refuses
  const page = await browser.newPage({ viewport, bypassCSP });
  const errors = watchErrors(page);
  await page.goto(appUrl(path));
  await page.locator('input[type=range]:not([disabled])').waitFor();
  return { page, errors };
}

const slider = (page: Page, name = 'Frame') => page.getByRole('slider', { name, exact: true });
const params = (page: Page) => new URL(page.url()).searchParams;

const STRATEGY_LABELS = {
  en: ['Parse every fragment', 'One shared buffer', 'One buffer per call', 'Completed items only', 'Partial JSON preview', 'Next index closes'],
  zh: ['每来一段就解析', '共用一个缓冲', '每个调用一个缓冲', '只收完整输出项', '边收边预览', '下一个 index 即结束'],
};

test('opens on parallel-probe: Frame slider in words, provenance, strategies with the n/a reason, URL filled in', async () => {
  const probe = session('parallel-probe');
  const { page, errors } = await open('?lang=en');
  const s = slider(page);
  await expect.poll(() => s.inputValue()).toBe('0');
  const t0 = frameAt(probe.frames, 0);
  const ms = (t0.time - probe.recording.turns[0]!.requestAt).toLocaleString('en-US', { maximumFractionDigits: 1 });
  await expect.poll(() => s.getAttribute('aria-valuetext')).toBe(`Frame 0 of ${probe.frames.count}, ${ms} ms, ${t0.event}`);
  await expect.poll(() => s.getAttribute('max')).toBe(String(probe.frames.count - 1));
  await page.getByText('Provenance: Reconstructed').waitFor();
  const group = page.getByRole('radiogroup', { name: 'Assembly strategy' });
  const radios = group.getByRole('radio');
  await expect.poll(() => radios.count()).toBe(6);
  for (const label of STRATEGY_LABELS.en) await group.getByRole('radio', { name: label, exact: true }).waitFor();
  // Chat has no complete-item event: the radio is disabled and the reason is tied to it
  const na = group.getByRole('radio', { name: 'Completed items only' });
  await expect.poll(() => na.isDisabled()).toBe(true);
  const describedBy = await na.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  await expect.poll(() => page.locator(`[id="${describedBy}"]`).textContent()).toContain('Completed items only');
  await expect.poll(() => params(page).get('rec')).toBe('parallel-probe');
  expect(errors).toEqual([]);
});

test('a permalink reloads to itself; scrubbing replaces the history entry instead of adding one', async () => {
  const { page, errors } = await open('?rec=anthropic-docs&s=parse-each-fragment&f=12&lang=zh&theme=dark');
  const check = async () => {
    await expect.poll(() => slider(page, '帧').inputValue()).toBe('12');
    await expect.poll(() => page.getByRole('radio', { name: '每来一段就解析', exact: true }).isChecked()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  };
  await check();
  await page.reload();
  await page.locator('input[type=range]:not([disabled])').waitFor();
  await check();
  const before = await page.evaluate(() => history.length);
  await slider(page, '帧').focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('f') === '17');
  await expect.poll(() => page.evaluate(() => history.length)).toBe(before);
  // a strategy change is a new entry; Back returns to the previous strategy
  await page.getByRole('radio', { name: '每个调用一个缓冲', exact: true }).check();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('s') === 'per-call-buffer');
  await expect.poll(() => page.evaluate(() => history.length)).toBe(before + 1);
  await page.goBack();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('s') === 'parse-each-fragment');
  await expect.poll(() => page.getByRole('radio', { name: '每来一段就解析', exact: true }).isChecked()).toBe(true);
  expect(errors).toEqual([]);
});

test('everything by keyboard alone', async () => {
  const run = session('agent-run');
  const n = run.frames.count;
  const turnStarts = run.timings.flatMap((t) => (t.frames ? [t.frames[0] as number] : []));
  const { page, errors } = await open('?rec=agent-run&lang=en&s=per-call-buffer');
  const s = slider(page);
  const value = async () => Number(await s.inputValue());
  // reach the slider with Tab only
  for (let i = 0; i < 40 && !(await s.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect.poll(() => s.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('ArrowRight');
  expect(await value()).toBe(1);
  await page.keyboard.press('ArrowLeft');
  expect(await value()).toBe(0);
  await page.keyboard.press('Shift+ArrowRight');
  expect(await value()).toBe(turnStarts[1]);
  await page.keyboard.press('Shift+ArrowRight');
  expect(await value()).toBe(turnStarts[2]);
  await page.keyboard.press('Shift+ArrowLeft');
  expect(await value()).toBe(turnStarts[1]);
  await page.keyboard.press('End');
  expect(await value()).toBe(n - 1);
  await page.keyboard.press('Home');
  expect(await value()).toBe(0);
  await page.keyboard.press('5');
  expect(await value()).toBe(Math.floor(0.5 * n));
  const at = await value();
  await page.keyboard.press(']');
  const next = await value();
  expect(next).toBeGreaterThan(at);
  await page.keyboard.press('[');
  expect(await value()).toBeLessThan(next);
  // play, then pause, with space; the button says which
  await page.keyboard.press('Home');
  await page.keyboard.press(' ');
  await page.getByRole('button', { name: 'Pause' }).waitFor();
  await page.waitForFunction(() => Number((document.querySelector('input[type=range]') as HTMLInputElement).value) > 0);
  await page.keyboard.press(' ');
  await page.getByRole('button', { name: 'Play' }).waitFor();
  // help dialog with ?, closed with Escape, focus back on the slider
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.waitFor();
  await expect.poll(() => dialog.textContent()).toContain('One turn back or forward');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => s.evaluate((el) => el === document.activeElement)).toBe(true);
  // strategy radios with arrow keys
  await page.getByRole('radio', { name: 'One buffer per call', exact: true }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => page.getByRole('radio', { name: 'One shared buffer', exact: true }).isChecked()).toBe(true);
  // language by keyboard: the select, then ArrowUp to 中文
  await page.getByRole('combobox', { name: 'Language' }).focus();
  await page.keyboard.press('ArrowUp');
  await slider(page, '帧').waitFor();
  await page.getByRole('radiogroup', { name: '拼装策略' }).waitFor();
  // a select keeps its own arrows: ArrowDown in the speed select changes the speed, not the frame
  const frameBefore = await slider(page, '帧').inputValue();
  await page.getByRole('combobox', { name: '速度' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => slider(page, '帧').inputValue()).toBe(frameBefore);
  await expect.poll(() => page.getByRole('combobox', { name: '速度' }).inputValue()).toBe('2');
  expect(errors).toEqual([]);
});

test('zh and en: the names tests rely on', async () => {
  for (const lang of ['en', 'zh'] as const) {
    const { page, errors } = await open(`?rec=parallel-probe&lang=${lang}`);
    const group = page.getByRole('radiogroup', { name: lang === 'en' ? 'Assembly strategy' : '拼装策略' });
    for (const label of STRATEGY_LABELS[lang]) await group.getByRole('radio', { name: label, exact: true }).waitFor();
    await slider(page, lang === 'en' ? 'Frame' : '帧').waitFor();
    const text = await slider(page, lang === 'en' ? 'Frame' : '帧').getAttribute('aria-valuetext');
    expect(text).toMatch(lang === 'en' ? /^Frame 0 of 6, / : /^第 0 帧，共 6 帧，/);
    // the polite live region speaks after a step
    await slider(page, lang === 'en' ? 'Frame' : '帧').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (want) => document.querySelector('[aria-live=polite]')?.textContent?.startsWith(want),
      lang === 'en' ? 'Frame 1 of 6' : '第 1 帧',
    );
    expect(errors).toEqual([]);
    await page.close();
  }
});

const AXE_CASES = ['light', 'dark'].flatMap((theme) => ['parallel-probe', 'anthropic-docs'].map((rec) => ({ theme, rec })));

// one test per case, not all four in one: each axe run takes seconds on a busy machine, together they overran the timeout
test.each(AXE_CASES)('axe: the shell (header, scrubber, playback, help) has no serious or critical violation ($rec, $theme)', async ({ theme, rec }) => {
  const { page } = await open(`?rec=${rec}&theme=${theme}&lang=en&f=3`, undefined, true);
  // the panels and the waterfall belong to other areas and are checked on the whole page below
  expect(await axeViolations(page, { exclude: ['.ss-panels', '.wf', '.ss-compare'], seriousOnly: true }), `${rec} ${theme}`).toEqual([]);
  await slider(page).focus();
  await page.keyboard.press('?');
  await page.getByRole('dialog').waitFor();
  expect(await axeViolations(page, { exclude: ['.ss-panels', '.wf', '.ss-compare'], seriousOnly: true }), `${rec} ${theme} help dialog`).toEqual([]);
  await page.close();
});

test.each(AXE_CASES)('axe: the whole page has no serious or critical violation ($rec, $theme)', async ({ theme, rec }) => {
  const { page } = await open(`?rec=${rec}&theme=${theme}&lang=en&f=3`, undefined, true);
  // the waterfall loads on demand: bring it into view so it is checked too
  await page.locator('.wf-lazy').scrollIntoViewIfNeeded();
  await page.getByRole('region', { name: 'Span waterfall' }).waitFor();
  const found = (await axeViolations(page, { seriousOnly: true })).map((v) => `${rec} ${theme}: ${v}`);
  await page.close();
  expect(found).toEqual([]);
});

/** A Chat stream of n frames in recording format v1: text deltas with a tool call every 1000 frames. Runs in the page. */
function generate(n: number): string {
  const lines = [JSON.stringify({ streamscope: 1, wire: 'openai-chat', provenance: { kind: 'synthetic', source: 'app e2e test' } })];
  lines.push(JSON.stringify([0, 'req', { turn: 0, body: {} }]));
  let chunk = '';
  for (let i = 0; i < n; i++) {
    const delta =
      i % 1000 === 500
        ? { tool_calls: [{ index: Math.floor(i / 1000), id: `c${i}`, type: 'function', function: { name: 'read_file', arguments: '{"p":1}' } }] }
        : { content: 'x' };
    chunk += `data: ${JSON.stringify({ choices: [{ index: 0, delta }] })}\n\n`;
    if (i % 100 === 99 || i === n - 1) {
      lines.push(JSON.stringify([10 + i * 0.5, 'chunk', chunk]));
      chunk = '';
    }
  }
  lines.push(JSON.stringify([10 + n * 0.5, 'end', { status: 'complete' }]));
  return lines.join('\n') + '\n';
}

// Speed is measured by `npm run bench` (seek p95, longest main-thread block while loading), which prints figures;
// this test only checks that the same path works: a 100,000-frame file goes through the worker with a progress
// bar, and a seek lands (the slider's words, the raw list scrolled to the row, the expanded frame below it).
test('100,000 frames: analysed in the worker with a progress bar; a seek shows the frame in the slider, the raw list and its detail', async () => {
  const N = 100_000;
  const { page, errors } = await open('?rec=parallel-probe&lang=en', { width: 1400, height: 900 });
  // build the file inside the page (not through the test driver, whose file transfer would block the page itself)
  await page.evaluate(
    ({ src, n }) => {
      const gen = new Function(`return (${src})`)() as (n: number) => string;
      (window as unknown as { __big: File }).__big = new File([gen(n)], 'big.jsonl');
    },
    { src: generate.toString(), n: N },
  );
  // the worker waits for its script until the bar has been seen (a load could otherwise be over before it is looked for)
  const release = await holdAnalysisWorker(page);
  await page.evaluate(() => {
    const w = window as unknown as { __big: File };
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const dt = new DataTransfer();
    dt.items.add(w.__big);
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await page.getByRole('progressbar').waitFor({ timeout: 10_000 });
  release();
  await page.waitForFunction((n) => (document.querySelector('input[type=range]') as HTMLInputElement).max === String(n - 1), N, { timeout: 60_000 });

  const s = slider(page);
  for (const f of [73_500, 12, N - 1, 50_000]) {
    await s.fill(String(f));
    await expect.poll(() => s.getAttribute('aria-valuetext')).toMatch(new RegExp(`^Frame ${f.toLocaleString('en-US')} of ${N.toLocaleString('en-US')},`));
    const raw = page.getByRole('region', { name: 'Raw events' });
    // the current row is rendered, scrolled into the list's viewport, and the detail shows that frame
    const row = raw.locator('.ss-raw-row[aria-current="true"]');
    await expect.poll(() => row.locator('.ss-raw-index').textContent()).toBe(String(f));
    const inView = await row.evaluate((el) => {
      const list = el.closest('.ss-raw-scroll') as HTMLElement;
      const r = el.getBoundingClientRect();
      const l = list.getBoundingClientRect();
      return r.top >= l.top - 1 && r.bottom <= l.bottom + 1;
    });
    expect(inView, `row ${f} inside the list viewport`).toBe(true);
    await raw.getByRole('heading', { name: new RegExp(`^Frame ${f.toLocaleString('en-US')} · `) }).waitFor();
  }
  expect(errors).toEqual([]);
});
