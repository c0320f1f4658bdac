// index.html and embed.html ask for recordings/index.json with their scripts (<link rel="preload" as="fetch">), and
// the loader's own fetch of it is served by that preload: one request for the index, made by the link, and no
// "preloaded but not used" or "credentials mode does not match" warning from Chromium (docs/performance.md).
import { expect, test } from 'vitest';
import { appUrl, ready, theBrowser, watchErrors, withBrowser } from './browser';

withBrowser();

for (const page of ['embed.html?rec=parallel-probe&lang=en', '?rec=agent-run&lang=en']) {
  test(`${page}: index.json is fetched once, by the preload, and the preload is used`, async () => {
    const tab = await theBrowser().newPage({ viewport: { width: 1000, height: 800 } });
    try {
      const errors = watchErrors(tab);
      const requests: string[] = [];
      const preloadWarnings: string[] = [];
      tab.on('request', (r) => {
        if (new URL(r.url()).pathname.endsWith('/recordings/index.json')) requests.push(r.resourceType());
      });
      tab.on('console', (m) => {
        if (/preload/i.test(m.text())) preloadWarnings.push(m.text());
      });
      await tab.goto(appUrl(page));
      await ready(tab);
      const entries = await tab.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('/recordings/index.json'))
          .map((e) => (e as PerformanceResourceTiming).initiatorType),
      );
      expect(entries).toEqual(['link']);
      expect(requests).toHaveLength(1);
      // Chromium says an unused preload a few seconds after the load event
      await tab.waitForTimeout(3500);
      expect(preloadWarnings).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await tab.close();
    }
  });
}

// embed.html's poster script asks for the player's language strings and its recording's wire code as soon as it runs
// (src/embed/earlyChunks.ts), rather than after the player's own code has arrived and run: one round trip less
const EARLY_CASES = [
  { page: 'embed.html?rec=parallel-probe&lang=en', lang: 'en', other: 'zh', wire: 'openai-chat' },
  { page: 'embed.html?rec=anthropic-docs&lang=zh', lang: 'zh', other: 'en', wire: 'anthropic-messages' },
];
for (const { page, lang, other, wire } of EARLY_CASES) {
  test(`${page}: the ${lang} strings and the ${wire} code are asked for before the player's code runs, then used, each fetched once`, async () => {
    const chunk = (name: string) => new RegExp(`/assets/${name}-[^/]*\\.js$`);
    const blocked = await theBrowser().newPage({ viewport: { width: 420, height: 800 } });
    try {
      const asked: string[] = [];
      blocked.on('request', (r) => asked.push(new URL(r.url()).pathname));
      // the player's entry refused: whatever is asked for now, the poster's script asked for
      await blocked.route(/\/assets\/embed-[^/]*\.js$/, (route) => route.abort());
      await blocked.goto(appUrl(page));
      await expect.poll(() => asked.some((p) => chunk(lang).test(p)) && asked.some((p) => chunk(wire).test(p))).toBe(true);
      expect(asked.filter((p) => chunk(other).test(p))).toEqual([]);
    } finally {
      await blocked.close();
    }
    const tab = await theBrowser().newPage({ viewport: { width: 420, height: 800 } });
    try {
      const errors = watchErrors(tab);
      const asked: string[] = [];
      const warnings: string[] = [];
      tab.on('request', (r) => asked.push(new URL(r.url()).pathname));
      tab.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m.text());
      });
      await tab.goto(appUrl(page));
      await ready(tab);
      await tab.waitForTimeout(3500);
      expect(asked.filter((p) => chunk(lang).test(p))).toHaveLength(1);
      expect(asked.filter((p) => chunk(wire).test(p))).toHaveLength(1);
      expect(asked.filter((p) => chunk(other).test(p))).toEqual([]);
      // the strings are in use: the player speaks the language
      expect(await tab.locator('html').getAttribute('lang')).toBe(lang === 'zh' ? 'zh-CN' : 'en');
      expect(warnings).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await tab.close();
    }
  });
}

// the first view's scripts start with V8's compile hint (compile-hints.ts): their functions compile while the file
// streams in, not one by one on the main thread; a view loaded later (the exercise's editor) carries none
test('embed.html’s scripts carry the compile hint on their first line; a later view’s chunk does not', async () => {
  const html = await (await fetch(appUrl('embed.html'))).text();
  const scripts = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g)].map((m) => m[1] ?? '');
  const first = scripts.filter((src) => !/\/poster-/.test(src));
  expect(first.length).toBeGreaterThanOrEqual(3);
  const texts = await Promise.all(first.map(async (src) => (await fetch(appUrl(src))).text()));
  first.forEach((src, i) => expect(texts[i]?.startsWith('//# allFunctionsCalledOnLoad\n'), src).toBe(true));
  const early = JSON.parse(/<script type="application\/json" id="ss-early">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as { wire?: Record<string, string[]> };
  const wireFile = early.wire?.['openai-chat']?.[0] ?? '';
  expect((await (await fetch(appUrl(wireFile))).text()).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
  // the exercise's chunk (CodeMirror), named in the first view's list of lazily loaded files
  const editor = texts.map((t) => /\.\/(ExercisePanel-[A-Za-z0-9_-]+\.js)/.exec(t)?.[1]).find((f) => f !== undefined);
  expect(editor).toBeDefined();
  const editorText = await (await fetch(appUrl(`assets/${editor ?? ''}`))).text();
  expect(editorText.length).toBeGreaterThan(10_000);
  expect(editorText).not.toContain('allFunctionsCalledOnLoad');
});
