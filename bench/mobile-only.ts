// `npx tsx bench/mobile-only.ts [--no-build] [--loads N] [--json]` (also `npm run bench -- --mobile`): the course
// page on a mid-range phone (bench/lib/mobile-report.ts, bench/lib/mobile.ts: the Lighthouse mobile preset, each
// load cold). Builds the app into a temporary folder (or BENCH_OUT) and serves it compressed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchMobile } from './lib/mobile-report';
import { printVerdicts } from './lib/verdicts';


const args = process.argv.slice(2);
const loadsArg = args.indexOf('--loads');
const runs = loadsArg >= 0 ? Number(args[loadsArg + 1]) : 5;
const root = resolve(import.meta.dirname, '..');
const keep = process.env.BENCH_OUT;
const outDir = keep ?? mkdtempSync(join(tmpdir(), 'streamscope-mobile-'));

async function main(): Promise<void> {
  try {
    const { report, verdicts } = await benchMobile({ root, outDir, skipBuild: args.includes('--no-build'), runs, log: (s) => console.log(s) });
    console.log('\nBudgets (medians):');
    printVerdicts((line) => console.log(line), verdicts, 32);
    if (args.includes('--json')) console.log(JSON.stringify(report));
  } finally {
    if (!keep) rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(`mobile bench failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
