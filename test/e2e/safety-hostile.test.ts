// Hostile recordings opened as files in the built app, in Chromium (HTML and </script> everywhere, right-to-left
// overrides, a 1 MB single line): nothing executes, nothing is fetched from elsewhere, nothing hangs, the layout holds.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { appUrl, watchErrors, ready, theBrowser, withBrowser } from './browser';
import { anthropicEvents, jsonlText, sseText } from './files-fixtures';

withBrowser();

/** Opens `text` as `name` through the file input and checks the page stays inert and laid out. */
async function openHostile(name: string, text: string | Buffer, viewport = { width: 1280, height: 900 }) {
  const page = await theBrowser().newPage({ viewport });
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
  await expect.poll(() => r.page.locator('a[href^="javascript:"]').count()).toBe(0);
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
  // the same for tooltips (title attributes: one string, no <bdi> there): an override reaches to the end of its
  // isolate (U+2066..U+2068 ... U+2069) or a PDF (U+202C) at its own level, else to the end of the tooltip
  const tips = await r.page.evaluate((tokens) => {
    const out: string[] = [];
    let checked = 0;
    for (const el of document.querySelectorAll('[title]')) {
      const whole = el.getAttribute('title') ?? '';
      let masked = whole;
      for (const t of tokens) masked = masked.split(t).join('\u0001'.repeat(t.length));
      for (const m of whole.matchAll(/[\u202a\u202b\u202d\u202e]/g)) {
        checked++;
        let depth = 0;
        let end = whole.length;
        for (let i = m.index + 1; i < whole.length; i++) {
          const c = whole[i]!;
          if (c >= '\u2066' && c <= '\u2068') depth++;
          else if (c === '\u2069' && depth-- === 0) end = i;
          else if (c === '\u202c' && depth === 0) end = i;
          if (end === i) break;
        }
        if (/[\p{L}\p{N}]/u.test(masked.slice(m.index, end))) out.push(`${JSON.stringify(whole.slice(0, 90))} (${el.tagName.toLowerCase()}.${String(el.className)})`);
      }
    }
    return { out, checked };
  }, tokens);
  // (it can fail: the raw rows' tooltips carry the recorded event names and payloads)
  expect(tips.checked).toBeGreaterThan(0);
  expect(tips.out).toEqual([]);
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
