// One large event in the page (issue 36): a generated raw .sse file opened through "Open recording" in a fresh
// Chromium, as a user does. Measured: the time from handing the file to the input until the slider shows the
// recording (analysed), the next animation frame (painted), and a key press on the slider answered (the frame moves
// on); the main thread's JS heap after a forced GC with the recording open, and the renderer process's peak resident
// memory (VmHWM: the page, its workers and their ArrayBuffers together) while it loaded. A file the page refuses
// ends with the refusal's words instead of the recording. Linux only (the renderer's /proc entry).
import { statSync } from 'node:fs';
import { type Browser, type Page } from 'playwright-core';
import { allowNamedFunctions, launchChromium } from './browser';
import { peakKB } from './peak-kb.mjs';

export interface LargePageFigure {
  fileMB: number;
  /** 'opened', 'refused' (the page's notice said so), or 'failed' (a crash, a timeout: `error` says which). */
  outcome: 'opened' | 'refused' | 'failed';
  /** ms from handing the file over until the slider showed the recording. */
  analysedMs?: number;
  /** ms until the frame after that was painted. */
  paintedMs?: number;
  /** ms until a key press (ArrowRight on the slider) was answered: the figure of the 5 s budget. */
  readyMs?: number;
  /** JS heap of the page's main thread after a forced GC with the recording open (MB). */
  heapMB?: number;
  /** The renderer process's peak resident memory while loading (MB); includes the workers. */
  rendererPeakMB?: number;
  notice?: string;
  error?: string;
}

const MB = 1024 * 1024;

/** The renderer processes' pids (Chromium's process list through the DevTools protocol). */
async function rendererPids(browser: Browser): Promise<number[]> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const info = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    return info.processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
  } finally {
    await cdp.detach();
  }
}

const peakRssMB = (pid: number): number => peakKB(pid) / 1024;

const sliderText = (page: Page): Promise<string | null> => page.getByRole('slider', { name: 'Frame', exact: true }).getAttribute('aria-valuetext', { timeout: 1000 }).catch(() => null);

/** Opens `path` (a raw .sse of `frames` frames) in the app at `base`; `timeoutMs` bounds each wait. */
export async function measureLargeEventPage(base: string, path: string, frames: number, timeoutMs = 120_000): Promise<LargePageFigure> {
  const fileMB = Math.round((statSync(path).size / 1e6) * 10) / 10;
  const browser = await launchChromium();
  let crashed = false;
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('crash', () => (crashed = true));
    await allowNamedFunctions(page);
    await page.goto(`${base}?rec=parallel-probe&lang=en`);
    await page.waitForFunction(() => /^Frame \d+ of 6/.test(document.querySelector('input[type=range]')?.getAttribute('aria-valuetext') ?? ''), null, { timeout: timeoutMs });
    await page.waitForTimeout(500);
    const pids = await rendererPids(browser);
    const t0 = performance.now();
    await page.getByLabel('Open recording', { exact: true }).setInputFiles(path);
    // the recording shown, or a notice naming a limit (role alert / status in the load status line)
    // the slider names the count as the page formats it (20,133): a pattern of the bare number never matched past 999
    const shown = new RegExp(`^Frame 0 of (${frames}|${frames.toLocaleString('en-US')})(,|$)`);
    const deadline = Date.now() + timeoutMs;
    let notice: string | undefined;
    for (;;) {
      if (crashed) return { fileMB, outcome: 'failed', error: 'the tab crashed', rendererPeakMB: Math.max(...pids.map(peakRssMB)) };
      if (Date.now() > deadline) return { fileMB, outcome: 'failed', error: `neither the recording nor a notice within ${timeoutMs} ms` };
      const text = await sliderText(page);
      if (text && shown.test(text)) break;
      notice = await page
        .locator('[data-notice-key="app.error.eventTooLarge"], [data-notice-key="files.eventTooLarge"]')
        .first()
        .textContent({ timeout: 200 })
        .catch(() => undefined)
        .then((t) => t ?? undefined);
      if (notice) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const analysedMs = Math.round(performance.now() - t0);
    if (notice) return { fileMB, outcome: 'refused', notice, analysedMs, rendererPeakMB: Math.round(Math.max(...pids.map(peakRssMB))) };
    await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    const paintedMs = Math.round(performance.now() - t0);
    const slider = page.getByRole('slider', { name: 'Frame', exact: true });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => /^Frame 1 of/.test(document.querySelector('input[type=range]')?.getAttribute('aria-valuetext') ?? ''), null, { timeout: timeoutMs, polling: 50 });
    const readyMs = Math.round(performance.now() - t0);
    const rendererPeakMB = Math.round(Math.max(...pids.map(peakRssMB)));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return { fileMB, outcome: 'opened', analysedMs, paintedMs, readyMs, heapMB: Math.round((usage.usedSize / MB) * 10) / 10, rendererPeakMB };
  } catch (e) {
    return { fileMB, outcome: 'failed', error: crashed ? 'the tab crashed' : e instanceof Error ? e.message.split('\n')[0] : String(e) };
  } finally {
    await browser.close();
  }
}
