// `npx tsx bench/seek-only.ts [--no-build] [--seeks N]`: only the seek half of `npm run bench` — builds the app once
// into a temporary folder, adds the generated 100,000-frame recording, and prints the seek latency (slider input ->
// all panels painted) on it and on the 706-frame thinking-turn, with the scaling ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium, measureSeeks } from './lib/browser';
import { generateChat } from './lib/generate';
import { buildAndServe } from './lib/serve';
import { round } from './lib/stats';

const args = process.argv.slice(2);
const seeksArg = args.indexOf('--seeks');
const seeks = seeksArg >= 0 ? Number(args[seeksArg + 1]) : 200;
const root = resolve(import.meta.dirname, '..');
const keep = process.env.BENCH_OUT;
const outDir = keep ?? mkdtempSync(join(tmpdir(), 'streamscope-seek-'));

async function main(): Promise<void> {
  const big = generateChat(100_000);
  const served = await buildAndServe(root, outDir, {
    skipBuild: args.includes('--no-build'),
    recordings: [{ id: 'bench-100k', jsonl: big.jsonl, title: 'Benchmark 100,000 frames' }],
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const bigSeek = await measureSeeks(page, `${served.base}?rec=bench-100k&s=per-call-buffer&lang=en`, seeks, big.events);
    const smallSeek = await measureSeeks(page, `${served.base}?rec=thinking-turn&s=per-call-buffer&lang=en`, seeks, 700);
    console.log(`100,000 frames: p95 ${bigSeek.p95Ms} ms, median ${bigSeek.medianMs} ms, ${bigSeek.mismatches} mismatches of ${bigSeek.seeks}`);
    console.log(`thinking-turn:  p95 ${smallSeek.p95Ms} ms, median ${smallSeek.medianMs} ms, ${smallSeek.mismatches} mismatches`);
    console.log(`scaling ${round(bigSeek.p95Ms / smallSeek.p95Ms, 2)} (budget: p95 <= 16 ms, scaling <= 1.5)`);
  } finally {
    await browser.close();
    await served.close();
    if (!keep) rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(`seek bench failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
