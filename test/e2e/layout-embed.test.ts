// The compact embed, end to end in Chromium, measured: no header, tabs below 700 px, no sideways overflow at 400 px,
// a sensible reported height, maxheight, provenance=none, controls=min; no unnamed <main> in a host page; a
// <streamscope-player> in a narrow column of a wide page shows tabs.
import { describe, expect, test } from 'vitest';
import { appUrl } from './browser';
import { expectInView, noSidewaysOverflow, open, theBrowser, withBrowser } from './layout-kit';

withBrowser();

describe('the compact embed', () => {
  test('400 px: the player first, no header, provenance badge, panels as tabs with roving focus, no sideways overflow', async () => {
    const { page, errors } = await open('embed.html?lang=en&f=2', { width: 400, height: 600 });
    await expect.poll(() => page.locator('header.ss-header').count()).toBe(0);
    await expect.poll(() => page.getByRole('banner').count()).toBe(0);
    await expectInView(page, page.locator('.ss-provenance summary'), 'badge');
    await expectInView(page, page.getByRole('slider', { name: 'Frame', exact: true }), 'scrubber');
    await expectInView(page, page.getByRole('radiogroup', { name: 'Assembly strategy' }), 'strategy');
    await noSidewaysOverflow(page, 'embed 400');
    const tabs = page.getByRole('tablist', { name: 'Panels' }).getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(3);
    // one tab stop: the selected tab
    await expect.poll(() => page.locator('[role=tab][tabindex="0"]').count()).toBe(1);
    await expect.poll(() => page.getByRole('region', { name: 'Raw events' }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Parameter buffers' }).isVisible()).toBe(false);
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    const second = page.getByRole('tab', { name: 'Parameter buffers' });
    await expect.poll(() => second.getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Parameter buffers');
    await expect.poll(() => page.getByRole('region', { name: 'Parameter buffers' }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Raw events' }).isVisible()).toBe(false);
    // the arrow moved between tabs, not the frame
    expect(await page.getByRole('slider', { name: 'Frame', exact: true }).inputValue()).toBe('2');
    await page.keyboard.press('End');
    await expect.poll(() => page.getByRole('tab', { name: 'Parse results' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Raw events' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByRole('tabpanel').count()).toBe(1);
    // with the header asked for, still no sideways overflow
    await page.goto(appUrl('embed.html?lang=zh&controls=full'));
    await page.locator('header.ss-header').waitFor();
    await noSidewaysOverflow(page, 'embed 400 controls=full');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('wide: the three panels side by side; provenance=none hides the badge; controls=min is the scrubber and play', async () => {
    const { page } = await open('embed.html?lang=en', { width: 900, height: 600 });
    await expect.poll(() => page.getByRole('tablist').count()).toBe(0);
    for (const region of ['Raw events', 'Parameter buffers', 'Parse results']) await expect.poll(() => page.getByRole('region', { name: region }).isVisible()).toBe(true);
    await page.goto(appUrl('embed.html?lang=en&provenance=none'));
    await page.locator('input[type=range]:not([disabled])').waitFor();
    await expect.poll(() => page.locator('.ss-provenance').count()).toBe(0);
    await page.goto(appUrl('embed.html?lang=en&controls=min'));
    await page.locator('input[type=range]:not([disabled])').waitFor();
    const controls = page.locator('.ss-stage button, .ss-stage select, .ss-stage input').filter({ visible: true });
    const names = await controls.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? (e as HTMLInputElement).type));
    // the provenance disclosure is a summary, not counted; the panels' own controls are below the transport
    const transport = await page.locator('.ss-transport').locator('button, select, input').filter({ visible: true }).count();
    expect(transport, names.join(', ')).toBe(2);
    await expect.poll(() => page.getByRole('slider', { name: 'Frame', exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Play', exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByRole('radiogroup').count()).toBe(0);
    await expect.poll(() => page.getByRole('combobox').count()).toBe(0);
    await page.close();
  });

  test('auto-resize: a 480 px embed reports a sensible height, and never more than maxheight', async () => {
    const page = await theBrowser().newPage({ viewport: { width: 1280, height: 900 } });
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
    const page = await theBrowser().newPage({ viewport: { width: 1280, height: 900 } });
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
    await expect.poll(() => page.getByRole('region', { name: /^Streamscope (player|播放器)$/ }).count()).toBe(found.length);
    // one region per player: its panels, timeline and provenance are named groups inside it, not regions of the page
    const inside = page.locator('streamscope-player').first();
    await expect.poll(() => inside.getByRole('group', { name: 'Raw events' }).count()).toBe(1);
    await expect.poll(() => inside.getByRole('group', { name: 'Timeline' }).count()).toBe(1);
    expect(await inside.getByRole('region').count()).toBe(1);
    await page.close();
  });

  test('<streamscope-player> in a 400 px column of a wide page shows its panels as tabs (the player\'s width, not the window\'s)', async () => {
    const page = await theBrowser().newPage({ viewport: { width: 1280, height: 900 } });
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
    await expect.poll(() => page.locator('#player-a').getByRole('tablist').count()).toBe(0);
    await page.close();
  });
});
