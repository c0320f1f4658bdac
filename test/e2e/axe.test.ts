// axe-core on the built app, presenter mode, the embed and the example course page, in Chromium, in both themes:
// no violation of any level.
import { describe, expect, test } from 'vitest';
import { axeViolations } from './browser';
import { enterPresenter, open, withBrowser } from './layout-kit';

withBrowser();

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
