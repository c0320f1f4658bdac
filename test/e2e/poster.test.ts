// embed.html's poster (src/embed/poster-main.ts, built by scripts/posters.ts): the player's first view, shown before
// the player's code has run, inert and out of the accessibility tree, in the reader's theme and with this browser's
// own JSON.parse wording; the player removes it in the frame it paints, asks for nothing twice (the recording comes
// from the poster's preload), a URL with no poster (another parameter) gets none, nor does an iframe out of sight.
import type { CDPSession, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { appUrl, ready, theBrowser, watchErrors, withBrowser } from './browser';

withBrowser();

const COURSE = 'embed.html?rec=parallel-probe&s=shared-buffer&panels=raw,buffers,results&controls=min&lang=zh';

interface DomNode {
  nodeId: number;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

/** The poster's markup, read through its closed shadow root (CDP sees it; the page's scripts do not). */
async function posterMarkup(cdp: CDPSession): Promise<string | null> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const find = (node: DomNode): DomNode | null => {
    const attrs = node.attributes ?? [];
    if (attrs[attrs.indexOf('id') + 1] === 'ss-poster' && attrs.includes('id')) return node;
    for (const child of node.children ?? []) {
      const hit = find(child);
      if (hit) return hit;
    }
    return null;
  };
  const shadow = find(root)?.shadowRoots?.[0];
  if (!shadow) return null;
  const parts = await Promise.all((shadow.children ?? []).map((c) => cdp.send('DOM.getOuterHTML', { nodeId: c.nodeId })));
  return parts.map((p) => p.outerHTML).join('');
}

/** The computed `property` of the first element of the poster (through its closed shadow root) with class `cls`. */
async function posterStyle(cdp: CDPSession, cls: string, property: string): Promise<string | null> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const find = (node: DomNode): DomNode | null => {
    const attrs = node.attributes ?? [];
    const at = attrs.indexOf('class');
    if (at >= 0 && at % 2 === 0 && (attrs[at + 1] ?? '').split(/\s+/).includes(cls)) return node;
    for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) {
      const hit = find(child);
      if (hit) return hit;
    }
    return null;
  };
  const node = find(root);
  if (!node) return null;
  await cdp.send('CSS.enable');
  const { computedStyle } = (await cdp.send('CSS.getComputedStyleForNode', { nodeId: node.nodeId })) as { computedStyle: { name: string; value: string }[] };
  return computedStyle.find((p) => p.name === property)?.value ?? null;
}

/** Opens `path` with the player's own script refused: what shows is the poster alone. */
async function posterOnly(path: string, colorScheme: 'light' | 'dark' = 'light', width = 420): Promise<{ tab: Page; cdp: CDPSession }> {
  const context = await theBrowser().newContext({ viewport: { width, height: 800 }, colorScheme });
  const tab = await context.newPage();
  await tab.route(/\/assets\/embed-[^/]*\.js$/, (route) => route.abort());
  await tab.goto(appUrl(path));
  await tab.waitForFunction(() => document.getElementById('ss-poster')?.dataset.complete !== undefined, null, { timeout: 15_000 });
  return { tab, cdp: await context.newCDPSession(tab) };
}

test('the poster shows the first view before the player runs: inert, out of the accessibility tree, in the theme, with this browser’s parser message', async () => {
  const { tab, cdp } = await posterOnly(COURSE, 'dark', 1000);
  try {
    const markup = await posterMarkup(cdp);
    expect(markup).not.toBeNull();
    const html = markup ?? '';
    // the course example's view: Chinese, the shared buffer, its conclusion quoting Chromium's own JSON.parse message
    expect(html).toContain('lang="zh-CN"');
    expect(html).toContain('data-theme="dark"');
    expect(html).not.toContain('data-theme="light"');
    const chromium = await tab.evaluate(() => {
      try {
        JSON.parse('{"a":1}{"b":2}');
        return '';
      } catch (e) {
        return (e as Error).message.replace(/\d+/g, '#');
      }
    });
    expect(chromium).not.toBe('');
    expect(html.replace(/\d+/g, '#')).toContain(chromium.split('#')[0]);
    // nothing of it is reachable: no ids to collide with the player's, no element the page's selectors or the
    // accessibility tree see
    expect(html).not.toMatch(/\sid="/);
    expect(await tab.locator('input[type=range]').count()).toBe(0);
    expect(await tab.getByRole('button').count()).toBe(0);
    const a11y = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { name?: { value?: string }; ignored?: boolean }[] };
    expect(a11y.nodes.filter((n) => !n.ignored && /Frame|帧/.test(n.name?.value ?? ''))).toEqual([]);
    const poster = tab.locator('#ss-poster');
    expect(await poster.getAttribute('aria-hidden')).toBe('true');
    expect(await poster.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    // the player's place is held unseen behind it
    expect(await tab.locator('#root').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    const box = await poster.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(300);
    // styled by the page's own stylesheets (cloned into its shadow root): the three panels side by side
    await tab.waitForFunction(() => document.getElementById('ss-poster')?.dataset.complete !== undefined);
    expect(await posterStyle(cdp, 'ss-panels', 'display')).toBe('grid');
  } finally {
    await tab.context().close();
  }
});

test('the poster goes in in two tasks: the panels a painted frame after the rest, which is already there', async () => {
  const context = await theBrowser().newContext({ viewport: { width: 420, height: 800 } });
  const tab = await context.newPage();
  try {
    // frames counted from the page's start; the frame in which the poster was shown and completed
    await tab.addInitScript(() => {
      const seen = { frames: 0, shown: -1, complete: -1 };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      const tick = () => {
        seen.frames++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      new MutationObserver(() => {
        const slot = document.getElementById('ss-poster');
        if (seen.shown < 0 && slot?.dataset.shown !== undefined) seen.shown = seen.frames;
        if (seen.complete < 0 && slot?.dataset.complete !== undefined) seen.complete = seen.frames;
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-shown', 'data-complete'] });
    });
    await tab.route(/\/assets\/embed-[^/]*\.js$/, (route) => route.abort());
    const cdp = await context.newCDPSession(tab);
    await tab.goto(appUrl('embed.html?rec=parallel-probe&lang=en'));
    await tab.waitForFunction(() => document.getElementById('ss-poster')?.dataset.shown !== undefined, null, { timeout: 15_000 });
    await tab.waitForFunction(() => document.getElementById('ss-poster')?.dataset.complete !== undefined, null, { timeout: 15_000 });
    const seen = await tab.evaluate(() => (window as unknown as { __seen: { shown: number; complete: number } }).__seen);
    expect(seen.shown).toBeGreaterThanOrEqual(0);
    expect(seen.complete).toBeGreaterThan(seen.shown);
    // the whole view is there in the end: the transport, the conclusion, the tabs and the raw list
    const html = (await posterMarkup(cdp)) ?? '';
    expect(html).toContain('ss-conclusion');
    expect(html).toContain('ss-panel-tabs');
    expect(html).toContain('ss-raw-row');
    expect(html).not.toContain('<!---->');
  } finally {
    await context.close();
  }
});

test('the player removes the poster when it paints, fetches the recording once (the poster’s preload) and the poster once', async () => {
  const tab = await theBrowser().newPage({ viewport: { width: 420, height: 800 } });
  try {
    const errors = watchErrors(tab);
    const requests: string[] = [];
    const warnings: string[] = [];
    tab.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\/recordings\/parallel-probe\.jsonl$|\/posters\//.test(path)) requests.push(path.replace(/.*\/(recordings|posters)\//, '$1/'));
    });
    tab.on('console', (m) => {
      if (/preload/i.test(m.text())) warnings.push(m.text());
    });
    await tab.goto(appUrl('embed.html?rec=parallel-probe&lang=en'));
    await ready(tab);
    await tab.waitForFunction(() => document.getElementById('ss-poster') === null, null, { timeout: 10_000 });
    expect(await tab.locator('#root').evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
    expect(requests.filter((r) => r.startsWith('recordings/'))).toEqual(['recordings/parallel-probe.jsonl']);
    expect(requests.filter((r) => r.startsWith('posters/'))).toHaveLength(1);
    await tab.waitForTimeout(3500);
    expect(warnings).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await tab.close();
  }
});

test('behind the poster the player renders in parts, a task each, and the poster stays until every part is in', async () => {
  const tab = await theBrowser().newPage({ viewport: { width: 420, height: 800 } });
  try {
    // watched from the page's start: every state of the player's root while the poster is there, and the moment it goes
    await tab.addInitScript(() => {
      const seen = { pendingWithPlayer: false, atRemoval: null as null | { pending: number; panels: number; conclusion: number } };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (!root) return;
        if (root.querySelector('.ss-player [data-ss-pending]')) seen.pendingWithPlayer = true;
        if (seen.atRemoval === null && document.getElementById('ss-poster') === null && root.querySelector('.ss-player'))
          seen.atRemoval = { pending: root.querySelectorAll('[data-ss-pending]').length, panels: root.querySelectorAll('[role=tabpanel], .ss-panel').length, conclusion: root.querySelectorAll('.ss-conclusion').length };
      }).observe(document, { childList: true, subtree: true });
    });
    await tab.goto(appUrl('embed.html?rec=parallel-probe&lang=en'));
    await ready(tab);
    await tab.waitForFunction(() => document.getElementById('ss-poster') === null, null, { timeout: 10_000 });
    const seen = await tab.evaluate(() => (window as unknown as { __seen: { pendingWithPlayer: boolean; atRemoval: { pending: number; panels: number; conclusion: number } | null } }).__seen);
    // the first render was cut (a part waited for a later task) ...
    expect(seen.pendingWithPlayer).toBe(true);
    // ... and the poster went only once no part was waiting: the panels and the conclusion were there
    expect(seen.atRemoval).not.toBeNull();
    expect(seen.atRemoval?.pending).toBe(0);
    expect(seen.atRemoval?.panels).toBeGreaterThan(0);
    expect(seen.atRemoval?.conclusion).toBe(1);
  } finally {
    await tab.close();
  }
});

test('a view with no poster (a frame asked for, f=3) fetches none and renders as before', async () => {
  const tab = await theBrowser().newPage({ viewport: { width: 420, height: 800 } });
  try {
    const errors = watchErrors(tab);
    const posters: string[] = [];
    tab.on('request', (r) => {
      if (new URL(r.url()).pathname.includes('/posters/')) posters.push(r.url());
    });
    await tab.goto(appUrl('embed.html?rec=parallel-probe&lang=en&f=3'));
    await ready(tab);
    expect(posters).toEqual([]);
    // the player rendered at once, not waiting for its recording behind a poster
    expect(await tab.evaluate(() => document.getElementById('ss-poster')?.dataset.expected)).toBeUndefined();
    expect(errors).toEqual([]);
  } finally {
    await tab.close();
  }
});

test('of three iframes, the one in sight shows its poster; one whose top edge peeks in at the bottom of the screen, and one far down the page, show none', async () => {
  const tab = await theBrowser().newPage({ viewport: { width: 420, height: 800 } });
  try {
    // the far one's poster fetch, started with the in-sight check and then aborted, must not end in an unhandled
    // rejection (a page error on the course page)
    const pageErrors: string[] = [];
    tab.on('pageerror', (e) => pageErrors.push(e.message));
    // the players' own script refused in both: each page's poster alone decides what shows
    await tab.route(/\/assets\/embed-[^/]*\.js$/, (route) => route.abort());
    const src = (rec: string) => appUrl(`embed.html?rec=${rec}&lang=en`).replace(/&/g, '&amp;');
    await tab.setContent(
      `<iframe name="near" title="near" style="width:400px;height:600px;border:0;display:block" src="${src('parallel-probe')}"></iframe>` +
        // 40 px of the next one in sight at the bottom of the 800 px screen
        `<div style="height:152px"></div>` +
        `<iframe name="peek" title="peek" style="width:400px;height:600px;border:0;display:block" src="${src('thinking-turn')}"></iframe>` +
        `<div style="height:4000px"></div>` +
        `<iframe name="far" title="far" style="width:400px;height:600px;border:0" src="${src('agent-run')}"></iframe>`,
    );
    const near = tab.frame({ name: 'near' });
    const far = tab.frame({ name: 'far' });
    const peek = tab.frame({ name: 'peek' });
    expect(near && far && peek).toBeTruthy();
    expect(await tab.evaluate(() => Math.round(document.querySelector('iframe[name=peek]')?.getBoundingClientRect().top ?? 0))).toBe(760);
    // the mark poster-main.ts sets when it puts the poster in the page
    await near?.waitForFunction(() => performance.getEntriesByName('ss-poster').length === 1, null, { timeout: 15_000 });
    await far?.waitForFunction(() => document.readyState === 'complete', null, { timeout: 15_000 });
    await peek?.waitForFunction(() => document.readyState === 'complete', null, { timeout: 15_000 });
    await tab.waitForTimeout(1000);
    for (const frame of [far, peek]) {
      expect(await frame?.evaluate(() => performance.getEntriesByName('ss-poster').length)).toBe(0);
      expect(await frame?.evaluate(() => document.getElementById('ss-poster')?.dataset.shown)).toBeUndefined();
      // the probe that measured it is gone
      expect(await frame?.evaluate(() => [...document.body.children].map((el) => el.id))).toEqual(['ss-poster', 'root']);
    }
    expect(pageErrors).toEqual([]);
  } finally {
    await tab.close();
  }
});
