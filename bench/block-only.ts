// `npx tsx bench/block-only.ts [--no-build]`: only the loading-block part of `npm run bench` — the longest main-thread
// task while the generated 100,000-frame recording loads, opened by URL and as a user file (budget: 50 ms).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium, measureLoadBlock } from './lib/browser';
import { generateChat } from './lib/generate';
import { buildAndServe } from './lib/serve';

const args = process.argv.slice(2);
const root = resolve(import.meta.dirname, '..');
const keep = process.env.BENCH_OUT;
const outDir = keep ?? mkdtempSync(join(tmpdir(), 'streamscope-block-'));

async function main(): Promise<void> {
  const big = generateChat(100_000);
  const served = await buildAndServe(root, outDir, {
    skipBuild: args.includes('--no-build'),
    recordings: [{ id: 'bench-100k', jsonl: big.jsonl, title: 'Benchmark 100,000 frames' }],
  });
  const browser = await launchChromium();
  try {
    const { byUrl, byFile } = await measureLoadBlock(browser, served.base, 'bench-100k', 'bench-100k.jsonl', big.events);
    console.log(
      `by URL:  longest task ${byUrl.longestMs} ms (${byUrl.longTasks} long tasks; start-up ${byUrl.startupMs ?? '?'} ms, loading ${byUrl.loadingMs ?? '?'} ms), loaded in ${byUrl.loadMs} ms from navigation`,
    );
    console.log(`as file: longest task ${byFile.longestMs} ms (${byFile.longTasks} long tasks), loaded in ${byFile.loadMs} ms`);
  } finally {
    await browser.close();
    await served.close();
    if (!keep) rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(`block bench failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
