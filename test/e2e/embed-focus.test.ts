// A player in someone else's page never takes the keyboard on its own (asciinema-player does not either): on the
// course page (two <streamscope-player> elements and an iframe of embed.html), once every player is ready, the
// reader's focus is where the page left it, and Space scrolls the page instead of playing a player. Only the
// standalone app (index.html) puts the focus in its player on load, so its keys work at once.
import { describe, expect, test } from 'vitest';
import { appUrl, ready, theBrowser, watchErrors, withBrowser } from './browser';

withBrowser();

const allReady = async (page: import('playwright-core').Page): Promise<void> => {
  await page.waitForFunction(
    () => {
      const shown = (root: Document | ShadowRoot | null | undefined) => {
        const s = root?.querySelector<HTMLInputElement>('input[type=range]');
        return !!s && Number(s.max) > 0;
      };
      const elements = [...document.querySelectorAll('streamscope-player')];
      const frames = [...document.querySelectorAll('iframe')];
      return elements.length > 0 && elements.every((e) => shown(e.shadowRoot)) && frames.every((f) => shown(f.contentDocument));
    },
    null,
    { timeout: 30_000 },
  );
  // the app focuses its player in an animation frame after it mounts: give the players a few
  await page.waitForTimeout(400);
};

/** The focus is in the player's main element, and a key press there steps the frame. */
async function keysReachThePlayer(page: import('playwright-core').Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('ss-main') ?? false)).toBe(true);
  const slider = page.locator('input[type=range]').first();
  const from = Number(await slider.inputValue());
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number(await slider.inputValue())).toBe(from + 1);
}

describe('the keyboard on a course page', () => {
  test('the players leave the focus where the page had it, and Space scrolls the page', async () => {
    const page = await theBrowser().newPage({ viewport: { width: 1280, height: 700 } });
    const errors = watchErrors(page);
    await page.goto(appUrl('examples/course.html'));
    await allReady(page);
    const where = () =>
      page.evaluate(() => ({
        active: document.activeElement?.tagName.toLowerCase() ?? null,
        focusedFrames: [...document.querySelectorAll('iframe')].filter((f) => f.contentDocument?.hasFocus()).length,
      }));
    expect(await where()).toEqual({ active: 'body', focusedFrames: 0 });
    // a reader's Space: the page scrolls, no player starts
    const before = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Space');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
    expect(await where()).toEqual({ active: 'body', focusedFrames: 0 });

    // a field the reader is typing in keeps its focus while a player loads beside it
    await page.goto(appUrl('examples/course.html'), { waitUntil: 'commit' });
    await page.waitForSelector('body');
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'search';
      document.body.prepend(input);
      input.focus();
    });
    await allReady(page);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');
    expect((await where()).focusedFrames).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('in an embed, presenter mode taken by the reader\'s key keeps the keyboard in the player when it hides what had focus', async () => {
    const page = await theBrowser().newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(appUrl('embed.html?rec=parallel-probe&lang=en&controls=full'));
    await ready(page);
    // nothing is focused on load (not even here, where the embed is the page)
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await share.focus();
    await page.keyboard.press('p');
    await expect.poll(() => share.count()).toBe(0);
    await keysReachThePlayer(page);
    await page.close();
  });

  test('the standalone app puts the focus in its player, so its keys work at once', async () => {
    const page = await theBrowser().newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(appUrl('?rec=parallel-probe&lang=en'));
    await ready(page);
    await keysReachThePlayer(page);
    await page.close();
  });
});
