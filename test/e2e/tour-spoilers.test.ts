// Tours that do not give the answer away, in the built app in Chromium at 1440x900: a prediction step hides the
// timeline's markers after the current frame and holds back the conclusion until the reveal; the tour card stays
// in view when a step scrolls to the waterfall; a step that opened the lab closes it on the next step.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { appUrl, launch, watchErrors } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

test('prediction step: no later markers, no conclusion, until the reveal', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = watchErrors(page);
  // step 3 (counted from 1): anthropic-docs at frame 7, parse every fragment, "what happens next?"
  await page.goto(appUrl('?lang=en&tour=lesson&step=3'));
  const region = page.getByRole('region', { name: 'Tour' });
  await region.getByRole('button', { name: 'Reveal the next frame' }).waitFor();
  await expect.poll(() => page.getByRole('slider', { name: 'Frame' }).inputValue(), { timeout: 15_000 }).toBe('7');
  await expect.poll(() => page.locator('.ss-conclusion').textContent()).toMatch(/Make your prediction in the tour first/);
  // parse-each-fragment fails from frame 8 on: no failure marker is drawn yet
  await expect.poll(() => page.locator('.ss-track .ss-glyph-fail').count()).toBe(0);
  await page.screenshot({ path: 'screenshots/i14-tour-predict-en-light.png' });
  await region.getByRole('radio').first().check();
  await region.getByRole('button', { name: 'Reveal the next frame' }).click();
  await expect.poll(() => page.locator('.ss-track .ss-glyph-fail').count()).toBe(1);
  await expect.poll(() => page.locator('.ss-conclusion').textContent()).toMatch(/Parse every fragment fails/);
  expect(errors).toEqual([]);
  await page.close();
});

test('the tour card stays in view when a step scrolls to the waterfall; the lab a step opened closes on the next', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = watchErrors(page);
  // step 9 points at the lab (opens it), step 10 at the waterfall
  await page.goto(appUrl('?lang=en&tour=lesson&step=9'));
  const region = page.getByRole('region', { name: 'Tour' });
  await expect.poll(() => page.locator('.ss-lab').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  // the lab's lazily loaded parts may still move the card while it renders: the click goes to the button itself,
  // not to where it stood a frame before (a pointer click there once landed beside it under a loaded machine)
  await region.getByRole('button', { name: 'Next step', exact: true }).dispatchEvent('click');
  await expect.poll(() => region.getAttribute('data-step'), { timeout: 15_000 }).toBe('9');
  await expect.poll(() => page.locator('.ss-lab').count(), { timeout: 15_000 }).toBe(0);
  await page.locator('.wf').waitFor();
  // the waterfall is scrolled to, and the card is still on screen, above it
  await expect
    .poll(
      async () => {
        const card = await region.boundingBox();
        return !!card && card.y >= 0 && card.y + card.height <= 900;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 15_000 }).toBeGreaterThan(100);
  await page.screenshot({ path: 'screenshots/i14-tour-sticky-en-light.png' });
  expect(errors).toEqual([]);
  await page.close();
});

test('a step that points at the waterfall scrolls to it while the waterfall’s code is still on its way', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // the waterfall's chunk held back: the step starts before the waterfall can render
  await page.route(/\/assets\/Waterfall-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 8000));
    await route.continue().catch(() => undefined);
  });
  await page.goto(appUrl('?lang=en&tour=lesson&step=10'));
  const region = page.getByRole('region', { name: 'Tour' });
  await expect.poll(() => region.getAttribute('data-step'), { timeout: 15_000 }).toBe('9');
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThan(100);
  expect(await page.locator('.wf').count()).toBe(0);
  await page.close();
});
