// `npm run bench [-- --json] [-- --no-build]`: every budget of DESIGN section 10 measured in one run on this
// machine, each beside its naive baseline. Not part of CI. See docs/performance.md.
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { cpus } from 'node:os';
import { build, preview } from 'vite';
import { benchLoad } from './lib/load';
import { benchSeekCompute } from './lib/seek-naive';
import { heapOf, launchChromium, measureFirstPaint, measureNoVirtualization, measureSeeks } from './lib/browser';
import { generateChat } from './lib/generate';
import { round } from './lib/stats';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const skipBuild = args.includes('--no-build');
const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const log = (s: string) => {
  if (!asJson) console.log(s);
  else process.stderr.write(`${s}\n`);
};

const BUDGET = { ratioToFloor: 0.8, seekP95Ms: 16, scaling: 1.5, heapMB: 150, initialJsGzipKB: 150, firstPaintMs: 1000 };

function gzipDirKB(dir: string, pattern: RegExp): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isFile() && pattern.test(name)) total += gzipSync(readFileSync(path), { level: 9 }).length;
  }
  return total / 1024;
}

async function main(): Promise<void> {
  log(`Streamscope benchmark — ${new Date().toISOString()} — ${cpus().length} cores, ${cpus()[0]?.model ?? '?'}, node ${process.version}`);

  log('1/6 loading 500,000 frames: ours vs the floor…');
  const loadFig = benchLoad(500_000);
  log(`    floor ${round(loadFig.floorMs)} ms, ours (decode + adapt + ${loadFig.strategy}) ${round(loadFig.oursMs)} ms -> ratio ${round(loadFig.ratioToFloor, 3)}; whole analyze() with all six strategies ${round(loadFig.analyzeAllMs)} ms`);

  log('2/6 seek compute on 100,000 frames: naive refold vs logs + binary search…');
  const big = generateChat(100_000);
  const seekCompute = benchSeekCompute(big.jsonl);
  log(`    naive p95 ${round(seekCompute.naiveP95Ms, 2)} ms, ours p95 ${round(seekCompute.oursP95Ms, 4)} ms`);

  if (!skipBuild) {
    log('3/6 building the app…');
    await build({ root, logLevel: 'warn' });
  }
  mkdirSync(join(dist, 'recordings'), { recursive: true });
  writeFileSync(join(dist, 'recordings', 'bench-100k.jsonl'), big.jsonl);
  const indexPath = join(dist, 'recordings', 'index.json');
  const index = JSON.parse(readFileSync(indexPath, 'utf8')) as { recordings: { id: string }[] };
  if (!index.recordings.some((r) => r.id === 'bench-100k')) {
    index.recordings.push({ id: 'bench-100k', file: 'bench-100k.jsonl', group: 'failure', title: { zh: '基准 100,000 帧', en: 'Benchmark 100,000 frames' }, summary: { zh: '生成', en: 'generated' } } as never);
    writeFileSync(indexPath, JSON.stringify(index));
  }
  const server = await preview({ root, preview: { host: '127.0.0.1', port: 0 }, logLevel: 'warn' });
  const base = server.resolvedUrls?.local[0];
  if (!base) throw new Error('preview server has no URL');
  const browser = await launchChromium();
  try {
    log('4/6 seeking in Chromium (200 random seeks each)…');
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const bigSeek = await measureSeeks(page, `${base}?rec=bench-100k&s=per-call-buffer&lang=en`, 200, big.events);
    const smallSeek = await measureSeeks(page, `${base}?rec=thinking-turn&s=per-call-buffer&lang=en`, 200, 700);
    await page.close();
    const scaling = bigSeek.p95Ms / smallSeek.p95Ms;
    log(`    100,000 frames: p95 ${bigSeek.p95Ms} ms (median ${bigSeek.medianMs}, ${bigSeek.mismatches} panel mismatches); thinking-turn: p95 ${smallSeek.p95Ms} ms -> scaling ${round(scaling, 2)}`);

    log('5/6 heap added by a 100,000-frame session, and the no-virtualization baseline…');
    const heapSmall = await heapOf(browser, `${base}?rec=parallel-probe&lang=en`, 6);
    const heapBig = await heapOf(browser, `${base}?rec=bench-100k&s=per-call-buffer&lang=en`, big.events);
    const heapMB = heapBig - heapSmall;
    const noVirt = await measureNoVirtualization(browser, `${base}favicon.svg`, 100_000);
    log(`    heap ${round(heapSmall)} MB -> ${round(heapBig)} MB: +${round(heapMB)} MB; 100,000 plain DOM rows: ${noVirt.buildMs} ms to build, +${noVirt.heapMB} MB`);

    log('6/6 first paint and initial JavaScript of the default page (median of 5 loads)…');
    const paint = await measureFirstPaint(browser, base, 5);
    const fullShikiKB = gzipDirKB(join(root, 'node_modules/@shikijs/langs/dist'), /\.mjs$/) + gzipDirKB(join(root, 'node_modules/@shikijs/themes/dist'), /\.mjs$/) + gzipDirKB(join(root, 'node_modules/shiki/dist'), /\.wasm$|onig/);
    const shikiOurs = paint.jsFiles.filter((f) => /json|github|highlight|core|engine/i.test(f.url)).reduce((s, f) => s + f.gzipKB, 0);
    log(`    first paint ${paint.firstPaintMs} ms (runs ${paint.runs.join(', ')}); initial JS ${paint.initialJsGzipKB} KB gzip in ${paint.jsFiles.length} files`);
    for (const f of paint.jsFiles) log(`      ${f.url}: ${f.gzipKB} KB`);
    log(`    full shiki grammars + themes + wasm: ${round(fullShikiKB)} KB gzip (what the full bundle can pull in), vs the fine-grained set in chunks above (~${round(shikiOurs)} KB incl. other code)`);

    const report = {
      load: { ratioToFloor: round(loadFig.ratioToFloor, 3) },
      seek: { p95Ms: bigSeek.p95Ms, scaling: round(scaling, 2) },
      memory: { heapMB: round(heapMB) },
      bundle: { initialJsGzipKB: paint.initialJsGzipKB },
      paint: { firstPaintMs: paint.firstPaintMs },
    };
    const verdicts = [
      ['load.ratioToFloor', report.load.ratioToFloor, `>= ${BUDGET.ratioToFloor}`, report.load.ratioToFloor >= BUDGET.ratioToFloor],
      ['seek.p95Ms', report.seek.p95Ms, `<= ${BUDGET.seekP95Ms}`, report.seek.p95Ms <= BUDGET.seekP95Ms],
      ['seek.scaling', report.seek.scaling, `<= ${BUDGET.scaling}`, report.seek.scaling <= BUDGET.scaling],
      ['memory.heapMB', report.memory.heapMB, `<= ${BUDGET.heapMB}`, report.memory.heapMB <= BUDGET.heapMB],
      ['bundle.initialJsGzipKB', report.bundle.initialJsGzipKB, `<= ${BUDGET.initialJsGzipKB}`, report.bundle.initialJsGzipKB <= BUDGET.initialJsGzipKB],
      ['paint.firstPaintMs', report.paint.firstPaintMs, `<= ${BUDGET.firstPaintMs}`, report.paint.firstPaintMs <= BUDGET.firstPaintMs],
    ] as const;
    log('\nBudgets:');
    for (const [name, value, budget, ok] of verdicts) log(`  ${ok ? 'PASS' : 'MISS'}  ${name.padEnd(24)} ${String(value).padStart(9)}  (budget ${budget})`);
    log('Naive baselines: seek by refolding from frame 0 ' + `p95 ${round(seekCompute.naiveP95Ms, 2)} ms (compute alone); ` + `no virtualization ${noVirt.buildMs} ms / +${noVirt.heapMB} MB for 100,000 rows; ` + `full shiki assets ${round(fullShikiKB)} KB gzip`);
    if (asJson) console.log(JSON.stringify(report));
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((e: unknown) => {
  console.error(`bench failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
