// Embedding, end to end in Chromium: embed.html honours its parameters; the example course page drives an iframe by
// postMessage and receives ready / frame / resize; two custom elements on one page stay independent and page styles
// do not leak in; messages from anyone but the parent are ignored.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launch, watchErrors } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function sliderValue(page: Page, scope = page.locator('body')): Promise<number> {
  return Number(await scope.getByRole('slider', { name: /^(Frame|帧)$/ }).first().inputValue());
}

describe('embed.html', () => {
  test('honours rec, s, f, panels, controls and lang', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(appUrl('embed.html?rec=anthropic-docs&s=per-call-buffer&f=5&panels=raw,results&controls=min&lang=zh'));
    await expect.poll(() => sliderValue(page), { timeout: 20_000 }).toBe(5);
    await expect.poll(() => page.getByRole('region', { name: '原始事件' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: '解析结果' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: '参数缓冲区' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Span 瀑布' }).count()).toBe(0);
    // controls=min: the scrubber and play remain, the strategy toggle does not
    expect(await page.getByRole('radiogroup', { name: '拼装策略' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('ignores commands that do not come from its parent window', async () => {
    const page = await browser.newPage();
    await page.goto(appUrl('examples/course.html'));
    const status = page.locator('#iframe-status');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('ready: 6 frames');
    const iframe = page.frameLocator('#lesson-iframe');
    // a sibling frame (not the player's parent) posts a well-formed command straight to the player
    await page.evaluate(() => {
      const sibling = document.createElement('iframe');
      sibling.name = 'sibling';
      document.body.appendChild(sibling);
    });
    const sibling = page.frames().find((f) => f.name() === 'sibling');
    if (!sibling) throw new Error('no sibling frame');
    await sibling.evaluate(() =>
      (window.parent.document.getElementById('lesson-iframe') as HTMLIFrameElement).contentWindow?.postMessage({ type: 'streamscope:seek', frame: 4 }, '*'),
    );
    await page.waitForTimeout(400);
    expect(Number(await iframe.getByRole('slider', { name: '帧' }).inputValue())).toBe(0);
    // the same command from the parent is obeyed
    await page.evaluate(() =>
      (document.getElementById('lesson-iframe') as HTMLIFrameElement).contentWindow?.postMessage({ type: 'streamscope:seek', frame: 4 }, '*'),
    );
    await expect.poll(async () => Number(await iframe.getByRole('slider', { name: '帧' }).inputValue())).toBe(4);
    await page.close();
  });
});

describe('the example course page', () => {
  test('drives the iframe by postMessage and hears ready, frame and resize', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(appUrl('examples/course.html'));
    const status = page.locator('#iframe-status');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('ready: 6 frames');
    const iframe = page.frameLocator('#lesson-iframe');
    await page.click('#iframe-last');
    await expect.poll(() => status.textContent()).toBe('frame 5');
    expect(Number(await iframe.getByRole('slider', { name: '帧' }).inputValue())).toBe(5);
    await page.click('#iframe-per-call');
    await expect.poll(() => iframe.getByRole('region', { name: '解析结果' }).textContent()).toContain('read_file');
    // the page sized the iframe from the reported height (no longer the 480 px it was written with)
    await expect.poll(async () => (await page.locator('#lesson-iframe').boundingBox())?.height ?? 0).not.toBe(480);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('two custom elements are independent and page styles do not leak in', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(appUrl('examples/course.html'));
    const a = page.locator('#player-a');
    const b = page.locator('#player-b');
    await expect.poll(() => a.getByRole('slider', { name: 'Frame' }).count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => b.getByRole('slider', { name: '帧' }).count(), { timeout: 30_000 }).toBe(1);
    await page.click('#el-seek');
    await expect.poll(() => sliderValue(page, a)).toBe(5);
    expect(await sliderValue(page, b)).toBe(0);
    // b shows the waterfall and results only; a has its strategy toggle and no waterfall
    // the waterfall renders once it scrolls into view
    await b.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => b.getByRole('region', { name: 'Span 瀑布' }).count(), { timeout: 10_000 }).toBe(1);
    expect(await a.getByRole('region', { name: 'Span waterfall' }).count()).toBe(0);
    // the page paints every <button> hotpink; the player's buttons keep their own look
    const bg = await a.getByRole('button').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).not.toBe('rgb(255, 105, 180)');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a seek sent before the recording has loaded lands once it has', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(appUrl('examples/course.html'));
    await page.waitForFunction(() => customElements.get('streamscope-player') !== undefined);
    await page.evaluate(() => {
      const el = document.createElement('streamscope-player') as HTMLElement & { seek(f: number): void };
      el.id = 'late';
      el.setAttribute('rec', 'anthropic-docs');
      el.setAttribute('lang', 'en');
      el.setAttribute('base', '../recordings/');
      document.body.appendChild(el);
      el.seek(7); // at once: nothing is loaded yet
    });
    await expect.poll(() => sliderValue(page, page.locator('#late')), { timeout: 20_000 }).toBe(7);
    expect(errors).toEqual([]);
    await page.close();
  });
});

