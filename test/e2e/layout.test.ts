// The layout, end to end in Chromium, measured (bounding boxes, not screenshots): the conclusion, the scrubber and
// the strategy switch on the first screen of the learner view (1440x900, 1920x1080) and of presenter mode (also on a
// projector: 1280x720 device px at 150 % zoom, a 853x480 CSS viewport, where the three panels fit too); the
// provenance badge with its disclosure; a phone (sticky transport, conclusion on the first screen, targets >= 24 px).
// The compact embed is in layout-embed.test.ts, axe in axe.test.ts.
import { describe, expect, test } from 'vitest';
import { box, conclusion, enterPresenter, expectInView, L, noSidewaysOverflow, open, withBrowser } from './layout-kit';

withBrowser();

describe('the learner view', () => {
  for (const lang of ['en', 'zh'] as const) {
    test(`${lang}: conclusion, scrubber and strategy switch on the first screen at 1440x900 and 1920x1080`, async () => {
      for (const view of [
        { width: 1440, height: 900 },
        { width: 1920, height: 1080 },
      ]) {
        const { page, errors } = await open(`?lang=${lang}`, view);
        await conclusion(page).waitFor();
        await expectInView(page, conclusion(page), `${view.width} conclusion`);
        await expectInView(page, page.getByRole('slider', { name: L[lang].slider, exact: true }), `${view.width} scrubber`);
        await expectInView(page, page.getByRole('radiogroup', { name: L[lang].group }), `${view.width} strategy`);
        // the conclusion sits under the transport, above the panels
        expect((await box(conclusion(page))).y).toBeLessThan((await box(page.getByRole('region', { name: L[lang].raw }))).y);
        expect(errors).toEqual([]);
        await page.close();
      }
    });
  }

  test('provenance collapses to its badge; the disclosure opens the details', async () => {
    const { page } = await open('?lang=en', { width: 1440, height: 900 });
    const details = page.locator('.ss-provenance details');
    const summary = details.locator('summary');
    await expect.poll(() => summary.textContent()).toContain('Provenance: Reconstructed');
    await expectInView(page, summary, 'badge');
    // closed: the long notes take no room
    expect(await details.getAttribute('open')).toBeNull();
    expect(await page.locator('.ss-rec-notes').isVisible()).toBe(false);
    expect((await box(summary)).height).toBeLessThan(40);
    await summary.click();
    await page.locator('.ss-rec-notes').waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.ss-rec-notes').isVisible()).toBe(false);
    await page.close();
  });

  test('a disabled strategy is described by its reason, told about the recording\'s own wire', async () => {
    // parallel-probe is Chat Completions: its reason names Chat, never Anthropic
    for (const [rec, own, other] of [
      ['parallel-probe', 'Chat Completions', 'Anthropic'],
      ['anthropic-docs', 'Anthropic', 'Chat Completions chunk'],
    ] as const) {
      const { page } = await open(`?rec=${rec}&lang=en`, { width: 1440, height: 900 });
      const group = page.getByRole('radiogroup', { name: 'Assembly strategy' });
      const disabled = group.locator('input[type=radio]:disabled');
      await expect.poll(() => disabled.count(), { message: rec }).toBeGreaterThan(0);
      for (const radio of await disabled.all()) {
        const ids = (await radio.getAttribute('aria-describedby')) ?? '';
        expect(ids, rec).not.toBe('');
        const text = await page.evaluate((id) => document.getElementById(id)?.textContent ?? '', ids);
        expect(text, rec).toContain('does not apply here');
        expect(text, rec).not.toContain(other);
        if (rec === 'parallel-probe' && (await radio.getAttribute('value')) === 'completed-item') expect(text).toContain(own);
        if (rec === 'anthropic-docs' && (await radio.getAttribute('value')) === 'next-index-closes') expect(text).toContain(own);
      }
      // and no paragraph of reasons pushes the player down
      const shown = await page.evaluate(() =>
        [...document.querySelectorAll('body *')].filter(
          (el) => el.children.length === 0 && el.textContent?.includes('does not apply here') && !el.closest('.ss-visually-hidden'),
        ).length,
      );
      expect(shown, rec).toBe(0);
      await page.close();
    }
  });
});

describe('presenter mode', () => {
  const VIEWS = [
    { name: 'projector 1280x720 at 150 %', width: 853, height: 480, scale: 1.5 },
    { name: '1280x720', width: 1280, height: 720 },
    { name: '1920x1080', width: 1920, height: 1080 },
  ];
  for (const lang of ['en', 'zh'] as const) {
    test(`${lang}: timeline, strategy switch, conclusion and the three panels fit one viewport`, async () => {
      for (const view of VIEWS) {
        const { page, errors } = await open(`?lang=${lang}`, view);
        await enterPresenter(page);
        const what = (x: string) => `${view.name} ${x}`;
        await expectInView(page, page.locator('.ss-scrubber'), what('timeline'));
        await expectInView(page, page.getByRole('button', { name: lang === 'en' ? 'Play' : '播放', exact: true }), what('play'));
        await expectInView(page, page.getByRole('radiogroup', { name: L[lang].group }), what('strategy switch'));
        await expectInView(page, conclusion(page), what('conclusion'));
        for (const region of [L[lang].raw, L[lang].buffers, L[lang].results]) await expectInView(page, page.getByRole('region', { name: region }), what(region));
        // the raw list keeps the current row on screen, also at the last frame (the panel itself does not scroll)
        await page.getByRole('slider').first().focus();
        await page.keyboard.press('End');
        await expectInView(page, page.locator('.ss-raw-row[aria-current="true"]'), what('current raw row'));
        await noSidewaysOverflow(page, what('presenter'));
        // readable from the back of the room: no smaller than the app's own type
        const px = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
        expect(px, what('font')).toBeGreaterThanOrEqual(15);
        expect(errors).toEqual([]);
        await page.close();
      }
    });
  }

  test('the type grows with the screen; the instructor switches strategies live', async () => {
    const { page } = await open('?lang=en', { width: 1920, height: 1080 });
    // the type is presenter-sized in the same commit that lays the player out for presenter mode (the mutation
    // observer's callback runs before the browser can paint that layout)
    await page.evaluate(() => {
      const w = window as unknown as { presentingAtCommit?: boolean };
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.ss-presenter')) return;
        w.presentingAtCommit = document.documentElement.classList.contains('ss-presenting');
        observer.disconnect();
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    await enterPresenter(page);
    expect(await page.evaluate(() => (window as unknown as { presentingAtCommit?: boolean }).presentingAtCommit)).toBe(true);
    expect(await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))).toBeGreaterThanOrEqual(20);
    const before = await conclusion(page).textContent();
    await page.getByRole('radio', { name: 'One buffer per call' }).click();
    await expect.poll(() => conclusion(page).textContent()).not.toBe(before);
    await expect.poll(() => conclusion(page).textContent()).toContain('One buffer per call');
    await page.close();
  });
});

describe('a phone (390x844)', () => {
  test('sticky transport, the conclusion on the first screen, no sideways overflow, targets of at least 24 px', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { page, errors } = await open(`?lang=${lang}`, { width: 390, height: 844, mobile: true });
      await conclusion(page).waitFor();
      await noSidewaysOverflow(page, `${lang} phone`);
      await expectInView(page, conclusion(page), `${lang} conclusion`);
      await expectInView(page, page.getByRole('slider', { name: L[lang].slider, exact: true }), `${lang} scrubber`);
      // the panels are tabs, so the conclusion comes before one panel, not three
      await page.getByRole('tablist').waitFor();
      const small = await page.evaluate(() => {
        const out: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>('button, select, a, summary, input, [role=tab]')) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue; // not rendered (a closed disclosure, a hidden tab panel)
          if (el.closest('[hidden], .ss-visually-hidden')) continue;
          // a link inside a sentence is exempt (WCAG 2.5.8 inline); a radio or checkbox's target is its label
          if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') continue;
          const target = (el.matches('input[type=radio], input[type=checkbox]') && el.closest('label')) || el;
          const t = target.getBoundingClientRect();
          if (t.width < 24 || t.height < 24) out.push(`${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)} ${Math.round(t.width)}x${Math.round(t.height)}`);
        }
        return out;
      });
      expect(small, lang).toEqual([]);
      // scrolled far down, the scrubber and play are still on screen
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await expectInView(page, page.getByRole('slider', { name: L[lang].slider, exact: true }), `${lang} scrubber after scrolling`);
      await expectInView(page, page.getByRole('button', { name: lang === 'en' ? 'Play' : '播放', exact: true }), `${lang} play after scrolling`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  test('400 px wide app: no sideways overflow in either language or theme', async () => {
    for (const q of ['lang=zh&theme=dark', 'lang=en&theme=light', 'lang=en&rec=agent-run']) {
      const { page } = await open(`?${q}`, { width: 400, height: 700 });
      await noSidewaysOverflow(page, q);
      await page.close();
    }
  });
});
