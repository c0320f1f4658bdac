// The exercise in a course page (issue 31): a <streamscope-player> with the `exercise` attribute and the page's own
// starter code opens the "Your strategy" editor with that code, runs it as the app does, keeps it in the browser under
// a key of its own, and never rewrites the page's URL; the attribute turns the editor on and off in place (frame
// kept). Then the app in presenter mode keeps the editor and runs it with Cmd+Enter.
import { expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { appUrl, shippedSession, theBrowser, watchErrors, withBrowser } from './browser';

withBrowser();

const PER_CALL = `function assemble(events, out) {
  // the page's own starter: one buffer per call index
  const names = {};
  for (const e of events) {
    for (const c of e.data?.choices?.[0]?.delta?.tool_calls ?? []) {
      if (c.function?.name) names[c.index] = c.function.name;
      out.append('call ' + c.index, c.function?.arguments ?? '');
    }
  }
  for (const i of Object.keys(names)) {
    const args = out.parse('call ' + i);
    if (args !== undefined) out.call(names[i], args);
  }
}`;

/** A course page with one element (the app's own example page, which defines the element), the exercise on. */
async function coursePage(attributes: Record<string, string>): Promise<{ page: Page; el: Locator; errors: string[] }> {
  const page = await theBrowser().newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(appUrl('examples/course.html?lesson=1'));
  await page.waitForFunction(() => customElements.get('streamscope-player') !== undefined);
  await page.evaluate((attrs) => {
    for (const old of document.querySelectorAll('streamscope-player')) old.remove();
    const el = document.createElement('streamscope-player');
    el.id = 'ex';
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    document.body.prepend(el);
  }, attributes);
  const el = page.locator('#ex');
  await el.getByRole('slider', { name: /^(Frame|帧)$/ }).waitFor({ timeout: 20_000 });
  return { page, el, errors };
}

test('the element’s exercise attribute and starter code: the editor opens with the page’s code, runs it, and leaves the page’s URL alone', async () => {
  const session = shippedSession('parallel-probe');
  const last = session.frames.count - 1;
  const { page, el, errors } = await coursePage({ rec: 'parallel-probe', base: '../recordings/', lang: 'en', f: String(last), exercise: '', starter: PER_CALL });
  const editor = el.locator('.ss-exercise .cm-content');
  await editor.waitFor({ timeout: 20_000 });
  await expect.poll(() => editor.textContent()).toContain("the page's own starter");
  await el.getByRole('button', { name: /^▶ Run$/ }).click();
  const status = el.locator('.ss-exercise-status');
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/Run done in \d+ ms \(turns: 1\): every turn ok/);
  await expect.poll(() => el.getByRole('radio', { name: 'Your strategy' }).isChecked()).toBe(true);
  // the page's address is the page's: no exercise or yours parameter written into it
  expect(new URL(page.url()).search).toBe('?lesson=1');
  // kept in the browser under this page's key, not the app's
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('streamscope.exercise.code')));
  expect(keys.length).toBe(1);
  expect(keys[0]).toMatch(/^streamscope\.exercise\.code@\/examples\/course\.html#[0-9a-z]+$/);

  // the attribute turns the editor off and on in place: the frame stays
  await page.evaluate(() => document.getElementById('ex')?.setAttribute('exercise', '0'));
  await expect.poll(() => el.locator('.ss-exercise').count()).toBe(0);
  await page.evaluate(() => document.getElementById('ex')?.setAttribute('exercise', '1'));
  await editor.waitFor({ timeout: 20_000 });
  expect(await el.getByRole('slider', { name: 'Frame' }).inputValue()).toBe(String(last));
  // reopened, it has the learner's last run code (kept) and runs it at once
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/: every turn ok/);
  expect(errors).toEqual([]);
  await page.close();
});

test('an element without the attribute has no editor, and its switch offers none (the page decides)', async () => {
  const { page, el, errors } = await coursePage({ rec: 'parallel-probe', base: '../recordings/', lang: 'en' });
  await el.getByRole('radiogroup').first().waitFor();
  expect(await el.locator('.ss-exercise').count()).toBe(0);
  expect(await el.getByRole('button', { name: /Write your own/ }).count()).toBe(0);
  expect(errors).toEqual([]);
  await page.close();
});

test('presenter mode keeps the editor, and Cmd+Enter runs it', async () => {
  const page = await theBrowser().newPage({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1.5 });
  const errors = watchErrors(page);
  await page.goto(appUrl('?rec=parallel-probe&exercise=1&lang=en&presenter=1'));
  await page.getByRole('slider', { name: 'Frame' }).waitFor();
  const editor = page.locator('.ss-exercise .cm-content');
  await editor.waitFor({ timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('ss-presenting')), { timeout: 10_000 }).toBe(true);
  await editor.click();
  await page.keyboard.press('Meta+Enter');
  await expect.poll(() => page.locator('.ss-exercise-status').textContent(), { timeout: 20_000 }).toMatch(/Run done in \d+ ms \(turns: 1\)/);
  expect(errors).toEqual([]);
  await page.close();
});
