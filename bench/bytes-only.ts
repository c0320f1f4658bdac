// `npx tsx bench/bytes-only.ts [--no-build] [--files] [--json]` (also `npm run bench -- --bytes`): the JavaScript weight budgets,
// counted over the network in Chromium (bench/lib/bytes.ts): <streamscope-player>'s first paint of parallel-probe
// and what a second element adds, embed.html's first paint and a second iframe, the app's default page. Builds the
// app and the library into a temporary folder (or BENCH_OUT; --no-build serves BENCH_OUT as it is).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium } from './lib/browser';
import { benchBytes } from './lib/bytes-report';
import { printVerdicts } from './lib/verdicts';

import { buildAndServe } from './lib/serve';

const args = process.argv.slice(2);
const root = resolve(import.meta.dirname, '..');
const keep = process.env.BENCH_OUT;
const outDir = keep ?? mkdtempSync(join(tmpdir(), 'streamscope-bytes-'));

async function main(): Promise<void> {
  const served = await buildAndServe(root, outDir, { skipBuild: args.includes('--no-build'), lib: true });
  const browser = await launchChromium();
  try {
    const { verdicts, report } = await benchBytes(browser, served.base, outDir, (s) => console.log(s), args.includes('--files'));
    console.log('\nBudgets:');
    printVerdicts((line) => console.log(line), verdicts, 34);
    if (args.includes('--json')) console.log(JSON.stringify(report));
  } finally {
    await browser.close();
    await served.close();
    if (!keep) rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(`bytes bench failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
