// `BENCH_OUT=<built folder> npx tsx bench/large-event.ts [--no-build] [--page] [--cli] [sizes…]`: one large event
// (issue 36) in the page and the CLI. Sizes are `content:MB` (a Chat chunk whose content is that many MB) or
// `args:MB` (one tool call whose arguments are that many MB); default `content:50 args:30`. The files are generated
// into a temporary folder and deleted afterwards. The same rows are in `npm run bench` (docs/performance.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runLargeEventRows } from './lib/large-rows';
import { buildAndServe } from './lib/serve';

const args = process.argv.slice(2);
const root = resolve(import.meta.dirname, '..');
const keep = process.env.BENCH_OUT;
const outDir = keep ?? mkdtempSync(join(tmpdir(), 'streamscope-large-'));
const sizes = args.filter((a) => /^(content|args):\d+$/.test(a));
const page = args.includes('--page') || !args.includes('--cli');
const cli = args.includes('--cli') || !args.includes('--page');

async function main(): Promise<void> {
  const served = page ? await buildAndServe(root, outDir, { skipBuild: args.includes('--no-build') }) : null;
  try {
    await runLargeEventRows({ base: served?.base ?? null, cli, sizes: sizes.length > 0 ? sizes : undefined, log: (s) => console.log(s) });
  } finally {
    await served?.close();
    if (!keep) rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(`large-event bench failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
