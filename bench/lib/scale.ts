// The page on 1,000,000 frames (docs/performance.md's scale budgets): the bench's generated Chat turn
// (bench/lib/generate.ts) as raw SSE, served as the recording `bench-1m`, opened by URL and as a user file in
// Chromium through the machinery of ./browser.ts. Ready = the slider covers every frame.
import { heapOf, launchChromium, measureLoadBlock, type BlockFigures } from './browser';
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
  byUrl: BlockFigures;
  byFile: BlockFigures;
  /** JS heap after forced GC with the recording open (MB), minus the 6-frame parallel-probe's. */
  heapMB: number;
  heapTotalMB: number;
}

export async function measurePageScale(base: string): Promise<PageScaleFigures> {
  const browser = await launchChromium();
  try {
    const { byUrl, byFile } = await measureLoadBlock(browser, base, PAGE_1M.recording.id, PAGE_1M.recording.write?.file ?? '', PAGE_1M.frames);
    const small = await heapOf(browser, `${base}?rec=parallel-probe&lang=en`, 6);
    const big = await heapOf(browser, `${base}?rec=${PAGE_1M.recording.id}&lang=en`, PAGE_1M.frames);
    const r = (n: number) => Math.round(n * 10) / 10;
    return { frames: PAGE_1M.frames, byUrl, byFile, heapMB: r(big - small), heapTotalMB: r(big) };
  } finally {
    await browser.close();
  }
}
