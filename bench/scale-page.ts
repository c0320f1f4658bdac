// `npx tsx bench/scale-page.ts [--no-build]` (BENCH_OUT=<folder> keeps the build): the page on 1,000,000 frames
// (the bench's generated Chat turn as raw SSE, about 192 MB: a 1M-frame .jsonl would pass the page's 200 MB
// limit). Prints the time until the slider covers every frame (by URL, from navigation start; and as a user file),
// the longest main-thread task while loading (budget 100 ms), and the JS heap with it open (budget 400 MB).
// The same figures are the `page1M` row of `npm run bench`. All inputs are synthetic.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { measurePageScale, PAGE_1M } from './lib/scale';
import { buildAndServe } from './lib/serve';
import { firstWrite, firstWriteLine } from './lib/machine';

const args = process.argv.slice(2);
const root = resolve(import.meta.dirname, '..');
const keep = process.env.BENCH_OUT;
const outDir = keep ?? mkdtempSync(join(tmpdir(), 'streamscope-scale-'));

async function main(): Promise<void> {
  console.log(firstWriteLine(firstWrite()));
  const served = await buildAndServe(root, outDir, { skipBuild: args.includes('--no-build'), recordings: [PAGE_1M.recording] });
  try {
    const f = await measurePageScale(served.base);
    console.log(JSON.stringify(f));
  } finally {
    await served.close();
    if (!keep) rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(`scale bench failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
