// `npx tsx bench/paint-only.ts [--no-build]`: only the first-paint half of `npm run bench` — builds the app into a
// temporary folder (or BENCH_OUT) and prints the first paint of the default page and every JavaScript file it
// loads, split into those loaded before the first paint and those loaded after it without any interaction.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium, measureFirstPaint } from './lib/browser';
import { buildAndServe } from './lib/serve';

const args = process.argv.slice(2);
const root = resolve(import.meta.dirname, '..');
const keep = process.env.BENCH_OUT;
const outDir = keep ?? mkdtempSync(join(tmpdir(), 'streamscope-paint-'));

async function main(): Promise<void> {
  const served = await buildAndServe(root, outDir, { skipBuild: args.includes('--no-build') });
  const browser = await launchChromium();
  try {
    const paint = await measureFirstPaint(browser, served.base, 5, outDir);
    console.log(`first paint ${paint.firstPaintMs} ms (runs ${paint.runs.join(', ')})`);
    console.log(`JS before first paint ${paint.initialJsGzipKB} KB gzip; all JS without interaction ${paint.idleJsGzipKB} KB gzip; with the analyze worker ${paint.allJsGzipKB} KB gzip`);
    for (const f of paint.jsFiles) console.log(`  ${!f.loaded ? 'unloaded' : f.beforePaint ? 'initial ' : 'deferred'} ${f.url}: ${f.gzipKB} KB`);
  } finally {
    await browser.close();
    await served.close();
    if (!keep) rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(`paint bench failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
