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

test('the built app loads in Chromium without errors', async () => {
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await page.goto(appUrl());
  await page.waitForSelector('main');
  expect(errors).toEqual([]);
});
