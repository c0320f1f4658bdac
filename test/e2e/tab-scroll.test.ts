// A panel shown in a tab after a seek made while it was hidden (the 400 px embed's tabs keep hidden panels mounted):
// the parse-attempt list shows the newest attempt so far, not the oldest, when its tab is opened.
import { expect, test } from 'vitest';
import { box, open, withBrowser } from './layout-kit';

withBrowser();

test('the attempt list opened in its tab shows the newest attempt so far', async () => {
  const { page, errors } = await open('embed.html?rec=anthropic-docs&s=parse-each-fragment&f=2&lang=en', { width: 400, height: 700 });
  // seek to the last frame while the results panel is hidden
  const slider = page.getByRole('slider', { name: 'Frame', exact: true });
  await slider.focus();
  await page.keyboard.press('End');
  await page.getByRole('tab', { name: 'Parse results' }).click();
  const results = page.getByRole('region', { name: 'Parse results' });
  const heading = await results.getByRole('heading', { name: /^Parse attempts: \d+$/ }).textContent();
  const count = Number(/\d+/.exec(heading ?? '')?.[0]);
  expect(count).toBeGreaterThan(3);
  const scroller = results.locator('.ss-attempts-scroll');
  const newest = results.locator(`li[aria-posinset="${count}"]`);
  // the list is taller than its box, so only a scrolled box shows its last row
  expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect
    .poll(async () => {
      const [s, n] = [await box(scroller), await box(newest)];
      return n.y + n.height <= s.y + s.height + 1 && n.y >= s.y - 1;
    })
    .toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});
