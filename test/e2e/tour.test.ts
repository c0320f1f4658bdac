// The lesson tour in the built app, in Debian's Chromium: `tour=lesson` opens a region named "Tour" / "导览"; Next
// step and Previous step walk it, and each step lands on the view it describes (recording, strategy, faults,
// frame, highlighted panel), as computed by core's analyzeText and the store's resolveStepFrame from
// public/tours/lesson.json itself; a prediction reveals the frame it asks about.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { analyzeText } from '../../src/core/session/analyze';
import { parseTour, resolveStepFrame, type TourStep } from '../../src/store/labTour';
import { registerMessages, translate, type Lang, type MessageKey } from '../../src/i18n';
import { tour as tourArea } from '../../src/i18n/messages/tour';
import { appUrl, launch, watchErrors } from './browser';

// the tour region's strings are their own area (the page registers it with the region): the locators need them too
registerMessages(tourArea);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const parsed = parseTour(JSON.parse(readFileSync('public/tours/lesson.json', 'utf8')), 'lesson');
if (!parsed.ok) throw new Error(`lesson.json: ${parsed.path}: ${parsed.expected}`);
const tour = parsed.tour;

interface Expected {
  rec: string;
  strategy: string;
  frame: number;
  faults: string[];
  highlight: string | null;
  frames: number;
}

/** What each step should show, carried forward the way the store does (a step without rec keeps the last one). */
function expectations(): Expected[] {
  let rec = 'parallel-probe';
  let strategy = 'shared-buffer';
  return tour.steps.map((step: TourStep) => {
    rec = step.rec ?? rec;
    strategy = step.strategy ?? strategy;
    const faults = step.faults ?? [];
    const r = analyzeText(readFileSync(`public/recordings/${rec}.jsonl`, 'utf8'), `${rec}.jsonl`, { faults });
    if (!r.ok) throw new Error(`${rec}: ${r.error.message}`);
    const frame = resolveStepFrame(step.frame, r.session, strategy as never);
    return { rec, strategy, frame, faults, highlight: step.highlight ?? null, frames: r.session.frames.count };
  });
}

const slider = (page: Page, lang: Lang) => page.getByRole('slider', { name: translate(lang, 'app.frame.slider'), exact: true });

async function checkStep(page: Page, lang: Lang, i: number, want: Expected) {
  const region = page.getByRole('region', { name: translate(lang, 'lab.tour.region'), exact: true });
  await region.getByText(translate(lang, 'lab.tour.counter', { n: i + 1, total: tour.steps.length }), { exact: true }).waitFor();
  await page.waitForFunction(
    ({ f, max }) => {
      const s = document.querySelector('input[type=range]') as HTMLInputElement | null;
      return s?.value === String(f) && s.max === String(max);
    },
    { f: want.frame, max: want.frames - 1 },
  );
  // the address is written by the URL sync a moment after the view changes
  const url = () => new URL(page.url()).searchParams;
  await expect.poll(() => url().get('rec'), { message: `step ${i + 1} recording` }).toBe(want.rec);
  await expect.poll(() => url().get('s'), { message: `step ${i + 1} strategy` }).toBe(want.strategy);
  await expect.poll(() => url().get('faults') ?? '', { message: `step ${i + 1} faults` }).toBe(want.faults.join(','));
  const radio = page.getByRole('radiogroup', { name: translate(lang, 'app.strategy.group') }).getByRole('radio', { name: translate(lang, `app.strategy.${want.strategy}` as MessageKey), exact: true });
  await expect.poll(() => radio.isChecked(), { message: `step ${i + 1} strategy radio` }).toBe(true);
  await expect.poll(() => page.locator('.ss-player').first().getAttribute('data-highlight')).toBe(want.highlight);
  await expect.poll(() => region.locator('.ss-tour-caption').innerText()).toBe(tour.steps[i]!.caption[lang]);
}

test('tour=lesson: Next step walks every step onto its view, Previous step walks back (en)', async () => {
  const want = expectations();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(appUrl('?lang=en&tour=lesson'));
  await slider(page, 'en').waitFor();
  const region = page.getByRole('region', { name: 'Tour', exact: true });
  await region.waitFor();
  const next = region.getByRole('button', { name: 'Next step', exact: true });
  const prev = region.getByRole('button', { name: 'Previous step', exact: true });
  await checkStep(page, 'en', 0, want[0]!);
  await expect.poll(() => prev.isDisabled()).toBe(true);
  for (let i = 1; i < want.length; i++) {
    await next.click();
    await checkStep(page, 'en', i, want[i]!);
  }
  await expect.poll(() => next.isDisabled()).toBe(true);
  for (let i = want.length - 2; i >= want.length - 4; i--) {
    await prev.click();
    await checkStep(page, 'en', i, want[i]!);
  }
  expect(errors).toEqual([]);
  await page.close();
});

test('导览 in Chinese: a prediction step asks first, then reveals the frame it asked about; keyboard Page Down moves on', async () => {
  const want = expectations();
  const i = tour.steps.findIndex((s) => s.predict && s.rec === 'agent-run');
  expect(i).toBeGreaterThan(0);
  const step = tour.steps[i]!;
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(appUrl(`?lang=zh&tour=lesson&step=${i + 1}`));
  await slider(page, 'zh').waitFor();
  await checkStep(page, 'zh', i, want[i]!);
  const region = page.getByRole('region', { name: '导览', exact: true });
  await region.getByRole('button', { name: '上一步', exact: true }).waitFor();
  const correct = step.predict!.choices.findIndex((c) => c.correct);
  await region.getByRole('radio', { name: step.predict!.choices[correct]!.label.zh }).check();
  await region.getByRole('button', { name: translate('zh', 'lab.tour.reveal') }).click();
  await region.getByText(translate('zh', 'lab.tour.right')).waitFor();
  const r = analyzeText(readFileSync(`public/recordings/${want[i]!.rec}.jsonl`, 'utf8'), 'x.jsonl');
  if (!r.ok) throw new Error('agent-run');
  const reveal = step.predict!.reveal;
  const revealFrame = reveal === undefined || reveal === 'next' ? want[i]!.frame + 1 : resolveStepFrame(reveal, r.session, want[i]!.strategy as never);
  expect(revealFrame).toBe(want[i]!.frame + 1);
  await page.waitForFunction((f) => (document.querySelector('input[type=range]') as HTMLInputElement | null)?.value === String(f), revealFrame);
  // Page Down is the presenter's clicker: next step
  await slider(page, 'zh').focus();
  await page.keyboard.press('PageDown');
  await checkStep(page, 'zh', i + 1, want[i + 1]!);
  await region.getByRole('button', { name: '下一步', exact: true }).click();
  await checkStep(page, 'zh', i + 2, want[i + 2]!);
  expect(errors).toEqual([]);
  await page.close();
});

test('a step scrolls its highlighted panel into view smoothly, and at once for a reader who asked for less motion', async () => {
  const raw = tour.steps.findIndex((s) => s.highlight === 'raw');
  expect(raw).toBeGreaterThan(0);
  const behaviours: Record<string, string[]> = {};
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __scrolls: string[] }).__scrolls = []);
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (this: Element, arg?: boolean | ScrollIntoViewOptions) {
        if (typeof arg === 'object' && this.closest('.ss-player')) seen.push(arg.behavior ?? 'auto');
        return original.call(this, arg);
      };
    });
    await page.goto(appUrl(`?lang=en&tour=lesson&step=${raw + 1}`));
    await slider(page, 'en').waitFor();
    await page.getByRole('region', { name: translate('en', 'lab.tour.region'), exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __scrolls: string[] }).__scrolls.length)).toBeGreaterThan(0);
    behaviours[reducedMotion] = await page.evaluate(() => (window as unknown as { __scrolls: string[] }).__scrolls);
    await context.close();
  }
  expect(new Set(behaviours['no-preference'])).toEqual(new Set(['smooth']));
  expect(new Set(behaviours.reduce)).toEqual(new Set(['auto']));
});
