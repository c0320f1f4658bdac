// A part of the player whose code or strings load on demand and fail to arrive (a course site's network hiccup)
// says so in words, in the language still shown, with a retry; the rest of the player keeps working meanwhile.
// Each test refuses one chunk of the built app (page.route), checks the notice and that the player still plays,
// then lets the chunk through and clicks the notice's retry: the lab panel, the strategy matrix, the tour, the
// keyboard help, the share dialog and the raw panel's frame detail then appear; a language whose strings failed is
// then switched to (the app's language menu, the app's first load, embed.html's first load, the custom element's
// lang attribute).
import { expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { appUrl, ready, theBrowser, watchErrors, withBrowser } from './browser';

withBrowser();

/** Refuses the built app's chunk `name` (assets/<name>-<hash>.js, a retry's `?retry=N` too) until `allow()`. */
async function refuse(page: Page, name: string): Promise<{ blocked: string[]; allow: () => void }> {
  const blocked: string[] = [];
  let offline = true;
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js(\\?.*)?$`), async (route) => {
    if (!offline) return route.continue();
    blocked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return { blocked, allow: () => (offline = false) };
}

async function openPage(path: string, refused: string): Promise<{ page: Page; errors: string[]; net: Awaited<ReturnType<typeof refuse>> }> {
  const page = await theBrowser().newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const net = await refuse(page, refused);
  await page.goto(appUrl(path));
  await ready(page);
  return { page, errors, net };
}

/** The player still plays: the slider named `frame` moves one frame with the keyboard (back, at the last frame). */
async function stillPlays(page: Page, frame: string): Promise<void> {
  const slider = page.getByRole('slider', { name: frame, exact: true });
  const before = Number(await slider.inputValue());
  const back = before > 0;
  await slider.focus();
  await page.keyboard.press(back ? 'ArrowLeft' : 'ArrowRight');
  await expect.poll(() => slider.inputValue()).toBe(String(back ? before - 1 : before + 1));
}

/** A part's notice: named after the part, worded, no stack, the whole player not replaced. */
async function partNotice(page: Page, area: string): Promise<Locator> {
  const notice = page.getByRole('alert', { name: area, exact: true });
  await notice.waitFor();
  await expect.poll(() => notice.textContent()).toMatch(new RegExp(`^${area} could not be shown; the rest of the player still works\\.`));
  expect((await notice.textContent()) ?? '').not.toMatch(/\n\s*at |\.js:\d+:\d+/);
  expect(await page.locator('[data-failed="app"]').count()).toBe(0);
  return notice;
}

/** Errors besides the refused fetch itself and its report. */
const unexpected = (errors: string[]) => errors.filter((e) => !/failed to render|Failed to load resource|dynamically imported module/.test(e));

test('the instructor lab: its refused code leaves a notice in place of the lab, and Try again shows the lab', async () => {
  const { page, errors, net } = await openPage('?lang=en&rec=parallel-probe', 'LabPanel');
  await page.getByRole('button', { name: 'Instructor lab', exact: true }).click();
  const notice = await partNotice(page, 'The instructor lab');
  expect(net.blocked.length).toBeGreaterThan(0);
  expect(await page.getByRole('region', { name: 'Instructor lab' }).count()).toBe(0);
  await stillPlays(page, 'Frame');
  net.allow();
  await notice.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('region', { name: 'Instructor lab' }).waitFor();
  await expect.poll(() => notice.count()).toBe(0);
  expect(unexpected(errors)).toEqual([]);
  await page.close();
});

test("the raw panel's frame detail (fetched after the first paint): a notice in its place, then Try again shows it", async () => {
  const { page, errors, net } = await openPage('?lang=en&rec=parallel-probe', 'FrameDetail');
  const raw = page.getByRole('region', { name: 'Raw events', exact: true });
  const notice = await partNotice(page, 'The current frame’s detail');
  expect(net.blocked.length).toBeGreaterThan(0);
  // the list is there and the rest of the panel works
  expect(await raw.getByRole('button', { name: /^Frame 0,/ }).count()).toBe(1);
  await stillPlays(page, 'Frame');
  net.allow();
  await notice.getByRole('button', { name: 'Try again' }).click();
  await raw.getByRole('heading', { name: /^Frame 1 · / }).waitFor();
  await expect.poll(() => notice.count()).toBe(0);
  expect(unexpected(errors)).toEqual([]);
  await page.close();
});

test('the strategy matrix: a notice, then Try again shows the matrix', async () => {
  const { page, errors, net } = await openPage('?lang=en&rec=parallel-probe', 'Matrix');
  await page.getByRole('button', { name: 'Strategy matrix', exact: true }).click();
  const notice = await partNotice(page, 'The strategy matrix');
  expect(await page.getByRole('region', { name: 'Strategy matrix' }).count()).toBe(0);
  await stillPlays(page, 'Frame');
  net.allow();
  await notice.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('region', { name: 'Strategy matrix' }).waitFor();
  expect(unexpected(errors)).toEqual([]);
  await page.close();
});

test('the tour (?tour=lesson): a notice, then Try again shows the tour', async () => {
  const { page, errors, net } = await openPage('?lang=en&tour=lesson', 'TourRegion');
  const notice = await partNotice(page, 'The tour');
  expect(net.blocked.length).toBeGreaterThan(0);
  await stillPlays(page, 'Frame');
  net.allow();
  await notice.getByRole('button', { name: 'Try again' }).click();
  const region = page.getByRole('region', { name: 'Tour', exact: true });
  await region.getByRole('button', { name: 'Next step', exact: true }).waitFor();
  expect(unexpected(errors)).toEqual([]);
  await page.close();
});

test('the keyboard help and the share dialog: a notice each, then Try again opens the dialog', async () => {
  const { page, errors, net } = await openPage('?lang=en&rec=parallel-probe', '(HelpDialog|ShareDialog)');
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const help = await partNotice(page, 'The keyboard shortcuts');
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const share = await partNotice(page, 'The share dialog');
  await stillPlays(page, 'Frame');
  net.allow();
  await help.getByRole('button', { name: 'Try again' }).click();
  const helpDialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await helpDialog.waitFor();
  await helpDialog.getByRole('button', { name: 'Close' }).click();
  await helpDialog.waitFor({ state: 'hidden' });
  await share.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('dialog', { name: 'Share this view' }).waitFor();
  expect(unexpected(errors)).toEqual([]);
  await page.close();
});

/** The language notice: names the language that failed, in the language still shown. */
const langNotice = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const ZH_FAILED_EN = 'Chinese (中文) could not be loaded; the player stays in English.';

test('a language switch whose strings are refused: the page stays English and usable, says so, and Try again switches', async () => {
  const { page, errors, net } = await openPage('?lang=en&rec=parallel-probe', 'zh');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh');
  const notice = langNotice(page, ZH_FAILED_EN);
  await notice.waitFor();
  expect(net.blocked.length).toBeGreaterThan(0);
  await expect.poll(() => page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('en');
  await page.getByRole('radiogroup', { name: 'Assembly strategy' }).waitFor();
  await stillPlays(page, 'Frame');
  await expect.poll(() => new URL(page.url()).searchParams.get('lang')).toBe('en');
  net.allow();
  await notice.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('slider', { name: '帧', exact: true }).waitFor();
  await page.getByRole('radiogroup', { name: '拼装策略' }).waitFor();
  await expect.poll(() => new URL(page.url()).searchParams.get('lang')).toBe('zh');
  await expect.poll(() => page.getByRole('alert').count()).toBe(0);
  expect(unexpected(errors)).toEqual([]);
  await page.close();
});

for (const [where, path] of [
  ['the app', '?lang=zh&rec=parallel-probe'],
  ['embed.html', 'embed.html?lang=zh&rec=parallel-probe'],
] as const) {
  test(`${where} asked for Chinese whose strings are refused: English with a notice, and Try again switches to Chinese`, async () => {
    const { page, errors, net } = await openPage(path, 'zh');
    const notice = langNotice(page, ZH_FAILED_EN);
    await notice.waitFor();
    expect(net.blocked.length).toBeGreaterThan(0);
    await stillPlays(page, 'Frame');
    net.allow();
    await notice.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('slider', { name: '帧', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });
}

/**
 * examples/course.html with chunk `refused` refused, and one more `<streamscope-player id=id>` of parallel-probe in
 * English added to it.
 */
async function elementRefusing(refused: string, id: string) {
  const page = await theBrowser().newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const net = await refuse(page, refused);
  await page.goto(appUrl('examples/course.html'));
  await page.waitForFunction(() => customElements.get('streamscope-player') !== undefined);
  await page.evaluate((id) => {
    const el = document.createElement('streamscope-player');
    el.id = id;
    el.setAttribute('rec', 'parallel-probe');
    el.setAttribute('lang', 'en');
    el.setAttribute('base', '../recordings/');
    document.body.appendChild(el);
  }, id);
  return { page, errors, net, player: page.locator(`#${id}`) };
}

test('the custom element: a lang attribute whose strings are refused leaves a notice in the player, and Try again switches it', async () => {
  const { page, errors, net, player } = await elementRefusing('zh', 'switch');
  await player.getByRole('slider', { name: 'Frame', exact: true }).waitFor();
  await page.evaluate(() => document.getElementById('switch')?.setAttribute('lang', 'zh'));
  const notice = player.getByRole('alert').filter({ hasText: ZH_FAILED_EN });
  await notice.waitFor();
  expect(net.blocked.length).toBeGreaterThan(0);
  await expect.poll(() => player.getByRole('slider', { name: 'Frame', exact: true }).count()).toBe(1);
  net.allow();
  await notice.getByRole('button', { name: 'Try again' }).click();
  await player.getByRole('slider', { name: '帧', exact: true }).waitFor();
  await expect.poll(() => notice.count()).toBe(0);
  expect(unexpected(errors)).toEqual([]);
  await page.close();
});

test('the custom element: the later areas’ styles refused, those areas are shown plain rather than kept invisible', async () => {
  const { page, errors, net, player } = await elementRefusing('stylesLater', 'plain');
  await player.getByRole('slider', { name: 'Frame', exact: true }).waitFor();
  await expect.poll(() => net.blocked.length).toBeGreaterThan(0);
  const state = () =>
    player.evaluate((host) => {
      const mount = host.shadowRoot?.querySelector<HTMLElement>('.ss-mount');
      const later = host.shadowRoot?.querySelector<HTMLElement>('.wf, .wf-lazy, .wf-placeholder');
      return { styles: mount?.dataset.ssStyles ?? null, sheets: host.shadowRoot?.adoptedStyleSheets.length ?? 0, visibility: later ? getComputedStyle(later).visibility : 'none' };
    });
  await expect.poll(state).toEqual({ styles: 'all', sheets: 1, visibility: 'visible' });
  const slider = player.getByRole('slider', { name: 'Frame', exact: true });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => slider.inputValue()).toBe('1');
  expect(unexpected(errors)).toEqual([]);
  await page.close();
});

test("the notices' words: a page with nothing to say never fetches them; a failure fetches and words its notice; refused, the notice still says something, with its key", async () => {
  const page = await theBrowser().newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/notices-/.test(r.url())) fetched.push(r.url());
  });
  await page.goto(appUrl('?rec=parallel-probe&lang=en'));
  await ready(page);
  await page.waitForTimeout(300);
  expect(fetched).toEqual([]);
  // a recording that is not there: the notice in words, its chunk fetched for it
  await page.goto(appUrl('?rec=no-such-recording&lang=en'));
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('There is no recording named “\u2068no-such-recording\u2069”. ');
  expect(fetched.some((u) => /notices-en-/.test(u))).toBe(true);
  expect(fetched.some((u) => /notices-zh-/.test(u))).toBe(false);
  await page.close();
  // the same with the words refused (the network dropped): a notice that says so, with its key, in the page's language
  const net = await openPage('?rec=parallel-probe&lang=zh', 'notices-zh');
  await net.page.goto(appUrl('?rec=no-such-recording&lang=zh'));
  await expect.poll(() => net.page.getByRole('alert').textContent()).toContain('播放器有一条提示，但它的文字没能加载');
  expect(await net.page.getByRole('alert').textContent()).toContain('app.error.unknownRecording');
  expect(net.net.blocked.length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  await net.page.close();
});
