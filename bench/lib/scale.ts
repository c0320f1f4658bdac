// The page on 1,000,000 frames (docs/performance.md's scale budgets): the bench's generated Chat turn
// (bench/lib/generate.ts) as raw SSE, served as the recording `bench-1m`, opened by URL and as a user file in
// Chromium through the machinery of ./browser.ts. Ready = the slider covers every frame. The loads run LOAD_RUNS
// times in a fresh page each; each figure is the median of the runs (on 2 shared cores one load's ready time moved by
// a second and its longest task by 60 ms from run to run), and every run's figures are kept to be printed.
import type { Browser } from 'playwright-core';
import { heapOf, launchChromium, measureLoadBlock, type BlockFigures } from './browser';
import { median } from './stats';
import { writeChatJsonl } from './generate';
import type { ServedRecording } from './serve';

/** Frames of the generated turn for 1,000,000 requested events (chatSpec's rounding). */
const FRAMES_1M = 999_541;

export const PAGE_1M: { frames: number; recording: ServedRecording } = {
  frames: FRAMES_1M,
  recording: {
    id: 'bench-1m',
    title: 'Benchmark 1,000,000 frames (SSE)',
    jsonl: '',
    write: { file: 'bench-1m.sse', to: (path) => void writeChatJsonl(path, 1_000_000, 1, 'sse') },
  },
};

export interface PageScaleFigures {
  frames: number;
  /** Each field the median of the runs. */
  byUrl: BlockFigures;
  byFile: BlockFigures;
  runs: { byUrl: BlockFigures; byFile: BlockFigures }[];
  /** JS heap after forced GC with the recording open (MB), minus the 6-frame parallel-probe's. */
  heapMB: number;
  heapTotalMB: number;
  /**
   * The floor of a load by URL, measured in the same run: a page fetches the same file from the same server into an
   * ArrayBuffer, decodes it as UTF-8 and finds its events' ends (median of the runs; each run's kept). The ratio of
   * `byUrl.loadMs` to it is what another machine can compare (this one's first touch of new memory is slow: see
   * docs/performance.md, "page1M").
   */
  floorMs: number;
  floorRuns: number[];
}

export const LOAD_RUNS = 3;

/** The median of each field over the runs (a field some runs lack is left out). */
function medianOf(runs: readonly BlockFigures[]): BlockFigures {
  const pick = (key: keyof BlockFigures): number[] => runs.map((r) => r[key]).filter((v): v is number => v !== undefined);
  const out: BlockFigures = { longestMs: median(pick('longestMs')), longTasks: median(pick('longTasks')), loadMs: median(pick('loadMs')) };
  if (pick('startupMs').length > 0) out.startupMs = median(pick('startupMs'));
  if (pick('loadingMs').length > 0) out.loadingMs = median(pick('loadingMs'));
  return out;
}

/** Fetch + UTF-8 decode + count of the blank lines that end events, of the 1M recording, in a fresh page (ms). */
async function floorOnce(browser: Browser, base: string): Promise<number> {
  const page = await browser.newPage();
  try {
    await page.goto(`${base}recordings/index.json`);
    return await page.evaluate(async (u) => {
      const t0 = performance.now();
      const text = new TextDecoder().decode(await (await fetch(u, { cache: 'no-store' })).arrayBuffer());
      let events = 0;
      for (let at = text.indexOf('\n\n'); at >= 0; at = text.indexOf('\n\n', at + 2)) events++;
      if (events === 0) throw new Error('the floor found no events');
      return Math.round(performance.now() - t0);
    }, `${base}recordings/${PAGE_1M.recording.write?.file ?? ''}`);
  } finally {
    await page.close();
  }
}

export async function measurePageScale(base: string, loadRuns = LOAD_RUNS): Promise<PageScaleFigures> {
  const browser = await launchChromium();
  try {
    const runs: { byUrl: BlockFigures; byFile: BlockFigures }[] = [];
    const floorRuns: number[] = [];
    for (let i = 0; i < loadRuns; i++) {
      runs.push(await measureLoadBlock(browser, base, PAGE_1M.recording.id, PAGE_1M.recording.write?.file ?? '', PAGE_1M.frames));
      floorRuns.push(await floorOnce(browser, base));
    }
    const byUrl = medianOf(runs.map((r) => r.byUrl));
    const byFile = medianOf(runs.map((r) => r.byFile));
    const small = await heapOf(browser, `${base}?rec=parallel-probe&lang=en`, 6);
    const big = await heapOf(browser, `${base}?rec=${PAGE_1M.recording.id}&lang=en`, PAGE_1M.frames);
    const r = (n: number) => Math.round(n * 10) / 10;
    return { frames: PAGE_1M.frames, byUrl, byFile, runs, heapMB: r(big - small), heapTotalMB: r(big), floorMs: median(floorRuns), floorRuns };
  } finally {
    await browser.close();
  }
}
