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
