// The layout, end to end in Chromium, measured (bounding boxes, not screenshots): the conclusion, the scrubber and
// the strategy switch on the first screen of the learner view (1440x900, 1920x1080) and of presenter mode (also on a
// projector: 1280x720 device px at 150 % zoom, a 853x480 CSS viewport, where the three panels fit too); the
// provenance badge with its disclosure; a compact embed (no header, tabs below 700 px, no sideways overflow at 400 px,
// a sensible reported height, maxheight, provenance=none, controls=min); no unnamed <main> in a host page; a phone
// (sticky transport, conclusion on the first screen, targets >= 24 px); axe on the app, presenter mode and the embed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { appUrl, axeViolations, launch, watchErrors } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

type Box = { x: number; y: number; width: number; height: number };
interface View {
  width: number;
  height: number;
  scale?: number;
  mobile?: boolean;
}

async function open(path: string, view: View, bypassCSP = false): Promise<{ page: Page; errors: string[] }> {
  const options: BrowserContextOptions = {
    viewport: { width: view.width, height: view.height },
    deviceScaleFactor: view.scale ?? 1,
    isMobile: view.mobile ?? false,
    hasTouch: view.mobile ?? false,
    bypassCSP,
  };
  const page = await browser.newPage(options);
  const errors = watchErrors(page);
  await page.goto(appUrl(path));
  await page.locator('input[type=range]:not([disabled])').first().waitFor({ timeout: 20_000 });
  return { page, errors };
}

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${String(locator)}`);
  return b;
}

/** The element's box lies inside the viewport (1 px of rounding allowed). */
async function expectInView(page: Page, locator: Locator, what: string): Promise<void> {
  const b = await box(locator);
  const vp = page.viewportSize();
  if (!vp) throw new Error('no viewport');
  const where = `${what}: ${JSON.stringify(b)} in ${vp.width}x${vp.height}`;
  expect(b.x, where).toBeGreaterThanOrEqual(-1);
  expect(b.y, where).toBeGreaterThanOrEqual(-1);
  expect(b.x + b.width, where).toBeLessThanOrEqual(vp.width + 1);
  expect(b.y + b.height, where).toBeLessThanOrEqual(vp.height + 1);
}

const L = {
  en: { slider: 'Frame', group: 'Assembly strategy', raw: 'Raw events', buffers: 'Parameter buffers', results: 'Parse results', conclusion: 'Conclusion' },
  zh: { slider: '帧', group: '拼装策略', raw: '原始事件', buffers: '参数缓冲区', results: '解析结果', conclusion: '结论' },
} as const;

const conclusion = (page: Page) => page.locator('.ss-conclusion');

async function noSidewaysOverflow(page: Page, what: string): Promise<void> {
  const { sw, cw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth }));
  expect(sw, `${what}: scrollWidth ${sw} > clientWidth ${cw}`).toBeLessThanOrEqual(cw);
}

async function enterPresenter(page: Page): Promise<void> {
  // focus in the player as the app's own mount focus does it (without scrolling: the app focuses the player in the
  // frame after its first render, and a test that gets there first must not scroll the page by focusing)
  await page.locator('main').evaluate((el: HTMLElement) => el.focus({ preventScroll: true }));
  await page.keyboard.press('p');
  await page.locator('.ss-presenter').waitFor();
}

describe('the learner view', () => {
  for (const lang of ['en', 'zh'] as const) {
    test(`${lang}: conclusion, scrubber and strategy switch on the first screen at 1440x900 and 1920x1080`, async () => {
      for (const view of [
        { width: 1440, height: 900 },
        { width: 1920, height: 1080 },
      ]) {
        const { page, errors } = await open(`?lang=${lang}`, view);
        await conclusion(page).waitFor();
        await expectInView(page, conclusion(page), `${view.width} conclusion`);
        await expectInView(page, page.getByRole('slider', { name: L[lang].slider, exact: true }), `${view.width} scrubber`);
        await expectInView(page, page.getByRole('radiogroup', { name: L[lang].group }), `${view.width} strategy`);
        // the conclusion sits under the transport, above the panels
        expect((await box(conclusion(page))).y).toBeLessThan((await box(page.getByRole('region', { name: L[lang].raw }))).y);
        expect(errors).toEqual([]);
        await page.close();
      }
    });
  }

  test('provenance collapses to its badge; the disclosure opens the details', async () => {
    const { page } = await open('?lang=en', { width: 1440, height: 900 });
    const details = page.locator('.ss-provenance details');
    const summary = details.locator('summary');
    await expect(summary.textContent()).resolves.toContain('Provenance: Reconstructed');
    await expectInView(page, summary, 'badge');
    // closed: the long notes take no room
    expect(await details.getAttribute('open')).toBeNull();
    expect(await page.locator('.ss-rec-notes').isVisible()).toBe(false);
    expect((await box(summary)).height).toBeLessThan(40);
    await summary.click();
    await page.locator('.ss-rec-notes').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.ss-rec-notes').isVisible()).toBe(false);
    await page.close();
  });

  test('a disabled strategy is described by its reason, told about the recording\'s own wire', async () => {
    // parallel-probe is Chat Completions: its reason names Chat, never Anthropic
    for (const [rec, own, other] of [
      ['parallel-probe', 'Chat Completions', 'Anthropic'],
      ['anthropic-docs', 'Anthropic', 'Chat Completions chunk'],
    ] as const) {
      const { page } = await open(`?rec=${rec}&lang=en`, { width: 1440, height: 900 });
      const group = page.getByRole('radiogroup', { name: 'Assembly strategy' });
      const disabled = group.locator('input[type=radio]:disabled');
      expect(await disabled.count(), rec).toBeGreaterThan(0);
      for (const radio of await disabled.all()) {
        const ids = (await radio.getAttribute('aria-describedby')) ?? '';
        expect(ids, rec).not.toBe('');
        const text = await page.evaluate((id) => document.getElementById(id)?.textContent ?? '', ids);
        expect(text, rec).toContain('does not apply here');
        expect(text, rec).not.toContain(other);
        if (rec === 'parallel-probe' && (await radio.getAttribute('value')) === 'completed-item') expect(text).toContain(own);
        if (rec === 'anthropic-docs' && (await radio.getAttribute('value')) === 'next-index-closes') expect(text).toContain(own);
      }
      // and no paragraph of reasons pushes the player down
      const shown = await page.evaluate(() =>
        [...document.querySelectorAll('body *')].filter(
          (el) => el.children.length === 0 && el.textContent?.includes('does not apply here') && !el.closest('.ss-visually-hidden'),
        ).length,
      );
      expect(shown, rec).toBe(0);
      await page.close();
    }
  });
});

describe('presenter mode', () => {
  const VIEWS = [
    { name: 'projector 1280x720 at 150 %', width: 853, height: 480, scale: 1.5 },
    { name: '1280x720', width: 1280, height: 720 },
    { name: '1920x1080', width: 1920, height: 1080 },
  ];
  for (const lang of ['en', 'zh'] as const) {
    test(`${lang}: timeline, strategy switch, conclusion and the three panels fit one viewport`, async () => {
      for (const view of VIEWS) {
        const { page, errors } = await open(`?lang=${lang}`, view);
        await enterPresenter(page);
        const what = (x: string) => `${view.name} ${x}`;
        await expectInView(page, page.locator('.ss-scrubber'), what('timeline'));
        await expectInView(page, page.getByRole('button', { name: lang === 'en' ? 'Play' : '播放', exact: true }), what('play'));
        await expectInView(page, page.getByRole('radiogroup', { name: L[lang].group }), what('strategy switch'));
        await expectInView(page, conclusion(page), what('conclusion'));
        for (const region of [L[lang].raw, L[lang].buffers, L[lang].results]) await expectInView(page, page.getByRole('region', { name: region }), what(region));
        // the raw list keeps the current row on screen, also at the last frame (the panel itself does not scroll)
        await page.getByRole('slider').first().focus();
        await page.keyboard.press('End');
        await expectInView(page, page.locator('.ss-raw-row[aria-current="true"]'), what('current raw row'));
        await noSidewaysOverflow(page, what('presenter'));
        // readable from the back of the room: no smaller than the app's own type
        const px = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
        expect(px, what('font')).toBeGreaterThanOrEqual(15);
        expect(errors).toEqual([]);
        await page.close();
      }
    });
  }

  test('the type grows with the screen; the instructor switches strategies live', async () => {
    const { page } = await open('?lang=en', { width: 1920, height: 1080 });
    await enterPresenter(page);
    expect(await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))).toBeGreaterThanOrEqual(20);
    const before = await conclusion(page).textContent();
    await page.getByRole('radio', { name: 'One buffer per call' }).click();
    await expect.poll(() => conclusion(page).textContent()).not.toBe(before);
    await expect(conclusion(page).textContent()).resolves.toContain('One buffer per call');
    await page.close();
  });
});

describe('the compact embed', () => {
  test('400 px: the player first, no header, provenance badge, panels as tabs with roving focus, no sideways overflow', async () => {
    const { page, errors } = await open('embed.html?lang=en&f=2', { width: 400, height: 600 });
    expect(await page.locator('header.ss-header').count()).toBe(0);
    expect(await page.getByRole('banner').count()).toBe(0);
    await expectInView(page, page.locator('.ss-provenance summary'), 'badge');
    await expectInView(page, page.getByRole('slider', { name: 'Frame', exact: true }), 'scrubber');
    await expectInView(page, page.getByRole('radiogroup', { name: 'Assembly strategy' }), 'strategy');
    await noSidewaysOverflow(page, 'embed 400');
    const tabs = page.getByRole('tablist', { name: 'Panels' }).getByRole('tab');
    await expect(tabs.count()).resolves.toBe(3);
    // one tab stop: the selected tab
    expect(await page.locator('[role=tab][tabindex="0"]').count()).toBe(1);
    await expect(page.getByRole('region', { name: 'Raw events' }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('region', { name: 'Parameter buffers' }).isVisible()).toBe(false);
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    const second = page.getByRole('tab', { name: 'Parameter buffers' });
    await expect.poll(() => second.getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Parameter buffers');
    await expect(page.getByRole('region', { name: 'Parameter buffers' }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('region', { name: 'Raw events' }).isVisible()).toBe(false);
    // the arrow moved between tabs, not the frame
    expect(await page.getByRole('slider', { name: 'Frame', exact: true }).inputValue()).toBe('2');
    await page.keyboard.press('End');
    await expect.poll(() => page.getByRole('tab', { name: 'Parse results' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Raw events' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel').count()).toBe(1);
    // with the header asked for, still no sideways overflow
    await page.goto(appUrl('embed.html?lang=zh&controls=full'));
    await page.locator('header.ss-header').waitFor();
    await noSidewaysOverflow(page, 'embed 400 controls=full');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('wide: the three panels side by side; provenance=none hides the badge; controls=min is the scrubber and play', async () => {
    const { page } = await open('embed.html?lang=en', { width: 900, height: 600 });
    expect(await page.getByRole('tablist').count()).toBe(0);
    for (const region of ['Raw events', 'Parameter buffers', 'Parse results']) await expect.poll(() => page.getByRole('region', { name: region }).isVisible()).toBe(true);
    await page.goto(appUrl('embed.html?lang=en&provenance=none'));
    await page.locator('input[type=range]:not([disabled])').waitFor();
    expect(await page.locator('.ss-provenance').count()).toBe(0);
    await page.goto(appUrl('embed.html?lang=en&controls=min'));
    await page.locator('input[type=range]:not([disabled])').waitFor();
    const controls = page.locator('.ss-stage button, .ss-stage select, .ss-stage input').filter({ visible: true });
    const names = await controls.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? (e as HTMLInputElement).type));
    // the provenance disclosure is a summary, not counted; the panels' own controls are below the transport
    const transport = await page.locator('.ss-transport').locator('button, select, input').filter({ visible: true }).count();
    expect(transport, names.join(', ')).toBe(2);
    expect(await page.getByRole('slider', { name: 'Frame', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Play', exact: true }).count()).toBe(1);
    expect(await page.getByRole('radiogroup').count()).toBe(0);
    expect(await page.getByRole('combobox').count()).toBe(0);
    await page.close();
  });

  test('auto-resize: a 480 px embed reports a sensible height, and never more than maxheight', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(appUrl('examples/course.html'));
    await expect.poll(() => page.locator('#iframe-status').textContent(), { timeout: 30_000 }).toBe('ready: 6 frames');
    // more iframes of 480 px on the same page, some with a cap: each reports its height to the page. Each is
    // watched until it is ready and its height has then held for a second (not for a fixed time from the start,
    // which a busy machine overruns); a player that never gets there resolves at 25 s and fails below.
    const heights = await page.evaluate(async (base) => {
      const make = (query: string, width: string) =>
        new Promise<number[]>((resolve) => {
          const frame = document.createElement('iframe');
          frame.style.cssText = `width:${width};height:480px;border:0`;
          frame.title = query;
          const seen: number[] = [];
          let ready = false;
          let settle: ReturnType<typeof setTimeout> | undefined;
          const restart = () => {
            clearTimeout(settle);
            if (ready) settle = setTimeout(() => resolve(seen), 1000);
          };
          window.addEventListener('message', (e) => {
            if (e.source !== frame.contentWindow) return;
            if (e.data?.type === 'streamscope:ready') ready = true;
            else if (e.data?.type === 'streamscope:resize') {
              seen.push(e.data.height);
              frame.style.height = `${e.data.height}px`;
            } else return;
            restart();
          });
          frame.src = new URL(`embed.html?${query}`, base).toString();
          document.body.appendChild(frame);
          setTimeout(() => resolve(seen), 25_000);
        });
      return Promise.all([
        make('rec=parallel-probe&lang=en', '800px'),
        make('rec=agent-run&lang=en', '400px'),
        make('rec=agent-run&lang=en&maxheight=480', '800px'),
        make('rec=agent-run&lang=en&maxheight=5000', '800px'),
        make('rec=parallel-probe&lang=en&panels=raw,buffers,results&controls=min', '800px'),
      ]);
    }, appUrl(''));
    const [wide, narrow, capped, uncapped, min] = heights as [number[], number[], number[], number[], number[]];
    const what = (name: string, seen: number[]) => `${name}: ${seen.join(', ')}`;
    for (const [name, seen] of [['800 px', wide], ['400 px', narrow], ['controls=min', min]] as const) {
      expect(seen.length, what(name, seen)).toBeGreaterThan(0);
      // never reported as 0 (which would collapse the iframe) and never past the default cap
      expect(Math.min(...seen), what(name, seen)).toBeGreaterThan(100);
      expect(Math.max(...seen), what(name, seen)).toBeLessThanOrEqual(900);
    }
    // the page the iframe was written for: its own content, not the cap
    expect(Math.max(...min), what('controls=min', min)).toBeLessThan(900);
    expect(Math.max(...capped), what('maxheight=480', capped)).toBeLessThanOrEqual(480);
    // the cap is the parameter's: asked for, the full player is taller than the default cap
    expect(Math.max(...uncapped), what('maxheight=5000', uncapped)).toBeGreaterThan(900);
    await page.close();
  });

  test('<streamscope-player> renders a named region, never an unnamed <main>, into the host page', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(appUrl('examples/course.html'));
    // every player on the page has rendered (each loads its own recording)
    const players = page.locator('streamscope-player');
    for (let i = 0; i < (await players.count()); i++) await players.nth(i).getByRole('slider').first().waitFor({ timeout: 30_000 });
    const found = await page.evaluate(() =>
      [...document.querySelectorAll('streamscope-player')].map((el) => ({
        mains: el.shadowRoot?.querySelectorAll('main').length ?? -1,
        // a <header> outside any section would be a banner landmark of the host page
        banners: [...(el.shadowRoot?.querySelectorAll('header') ?? [])].filter((h) => !h.closest('section, article, aside, nav, main')).length,
        region: el.shadowRoot?.querySelector('section.ss-player')?.getAttribute('aria-label') ?? null,
      })),
    );
    expect(found.length).toBeGreaterThan(1);
    for (const f of found) expect(f).toEqual({ mains: 0, banners: 0, region: expect.stringMatching(/Streamscope/) });
    // every main landmark the page exposes has a name or is the page's own
    expect(await page.getByRole('region', { name: /^Streamscope (player|播放器)$/ }).count()).toBe(found.length);
    await page.close();
  });

  test('<streamscope-player> in a 400 px column of a wide page shows its panels as tabs (the player\'s width, not the window\'s)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(appUrl('examples/course.html'));
    await page.locator('#player-a').getByRole('slider').first().waitFor({ timeout: 30_000 });
    // a new player, 400 px wide from its first layout in a 1280 px window: its first guess (the window's width) is
    // the wide layout, which its ResizeObserver must correct
    await page.evaluate(() => {
      const el = document.createElement('streamscope-player');
      el.id = 'narrow-player';
      for (const [k, v] of Object.entries({ rec: 'parallel-probe', lang: 'en', base: '../recordings/' })) el.setAttribute(k, v);
      // through the CSSOM: the page's Content-Security-Policy blocks style attributes
      el.style.width = '400px';
      document.body.append(el);
    });
    const narrow = page.locator('#narrow-player');
    await narrow.getByRole('slider').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => narrow.getByRole('tablist').count()).toBe(1);
    // the full-width player keeps its panels side by side
    expect(await page.locator('#player-a').getByRole('tablist').count()).toBe(0);
    await page.close();
  });
});

describe('a phone (390x844)', () => {
  test('sticky transport, the conclusion on the first screen, no sideways overflow, targets of at least 24 px', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { page, errors } = await open(`?lang=${lang}`, { width: 390, height: 844, mobile: true });
      await conclusion(page).waitFor();
      await noSidewaysOverflow(page, `${lang} phone`);
      await expectInView(page, conclusion(page), `${lang} conclusion`);
      await expectInView(page, page.getByRole('slider', { name: L[lang].slider, exact: true }), `${lang} scrubber`);
      // the panels are tabs, so the conclusion comes before one panel, not three
      await page.getByRole('tablist').waitFor();
      const small = await page.evaluate(() => {
        const out: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>('button, select, a, summary, input, [role=tab]')) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue; // not rendered (a closed disclosure, a hidden tab panel)
          if (el.closest('[hidden], .ss-visually-hidden')) continue;
          // a link inside a sentence is exempt (WCAG 2.5.8 inline); a radio or checkbox's target is its label
          if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') continue;
          const target = (el.matches('input[type=radio], input[type=checkbox]') && el.closest('label')) || el;
          const t = target.getBoundingClientRect();
          if (t.width < 24 || t.height < 24) out.push(`${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)} ${Math.round(t.width)}x${Math.round(t.height)}`);
        }
        return out;
      });
      expect(small, lang).toEqual([]);
      // scrolled far down, the scrubber and play are still on screen
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await expectInView(page, page.getByRole('slider', { name: L[lang].slider, exact: true }), `${lang} scrubber after scrolling`);
      await expectInView(page, page.getByRole('button', { name: lang === 'en' ? 'Play' : '播放', exact: true }), `${lang} play after scrolling`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  test('400 px wide app: no sideways overflow in either language or theme', async () => {
    for (const q of ['lang=zh&theme=dark', 'lang=en&theme=light', 'lang=en&rec=agent-run']) {
      const { page } = await open(`?${q}`, { width: 400, height: 700 });
      await noSidewaysOverflow(page, q);
      await page.close();
    }
  });
});

// One test per page and theme, not nine axe runs in one: each run of axe on a whole page takes seconds on a busy
// machine, and together they overran the test's timeout.
describe('axe', () => {
  test.each(['light', 'dark'])('app and presenter mode (%s) have no violation of any level', async (theme) => {
    const found: string[] = [];
    const { page } = await open(`?lang=en&theme=${theme}&f=3`, { width: 1440, height: 900 }, true);
    found.push(...(await axeViolations(page)).map((v) => `app ${theme}: ${v}`));
    await enterPresenter(page);
    found.push(...(await axeViolations(page)).map((v) => `presenter ${theme}: ${v}`));
    await page.close();
    expect(found).toEqual([]);
  });

  test.each(['light', 'dark'])('the embed, 400 px and 800 px with controls=min (%s), has no violation of any level', async (theme) => {
    const found: string[] = [];
    let { page } = await open(`embed.html?lang=zh&theme=${theme}&f=3`, { width: 400, height: 480 }, true);
    found.push(...(await axeViolations(page)).map((v) => `embed 400 ${theme}: ${v}`));
    await page.close();
    ({ page } = await open(`embed.html?lang=en&theme=${theme}&controls=min`, { width: 800, height: 500 }, true));
    found.push(...(await axeViolations(page)).map((v) => `embed 800 min ${theme}: ${v}`));
    await page.close();
    expect(found).toEqual([]);
  });

  test('the example course page has no violation of any level', async () => {
    const found: string[] = [];
    const { page } = await open('examples/course.html', { width: 1280, height: 900 }, true);
    await page.locator('streamscope-player').nth(1).getByRole('slider').first().waitFor();
    found.push(...(await axeViolations(page)).map((v) => `course page: ${v}`));
    await page.close();
    expect(found).toEqual([]);
  });
});
