// `npm run bench [-- --json] [-- --no-build]` (--no-build with BENCH_OUT=<a built folder>): every budget of docs/performance.md measured in one run on this
// machine, each beside its naive baseline, and the CLI on big synthetic inputs (100,000 turns, 100,000 calls; a
// ~200 MB SSE file with --large). `--cli` runs only the CLI rows, `--proxy` only the recording proxy's added latency
// (bench/proxy.ts), `--bytes` only the JavaScript weight budgets (bench/bytes-only.ts), `--large-event` only one
// 50 MB event and one 30 MB argument in the page and the CLI (bench/lib/large-rows.ts), `--memory` only the CLI's
// peak RSS on a call-heavy stream at three sizes (bench/lib/memory-rows.ts); `--fuzz N` runs the fuzz tests with N cases per
// property and a fresh seed (the nightly-sized run). Not part of CI. See docs/performance.md.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { cpus, loadavg, tmpdir } from 'node:os';
import { benchLoad } from './lib/load';
import { benchSeekCompute } from './lib/seek-naive';
import { IDLE_WAIT_MS, heapOf, launchChromium, measureFirstPaint, measureLoadBlock, measureNoVirtualization, measureSeeks } from './lib/browser';
import { generateChat } from './lib/generate';
import { buildAndServe } from './lib/serve';
import { LOAD_RUNS, measurePageScale, PAGE_1M } from './lib/scale';
import { round } from './lib/stats';
import { benchHostile, type CliFigure } from './lib/hostile';
import { runFuzz } from './lib/fuzz';
import { benchPipeline, benchSdk, type PipelineFigures } from './lib/pipeline';
import { anthropicTools, chatParallel, chatText } from './lib/streams';
import { benchProxy } from './proxy';
import { runLargeEventRows, type LargeEventRow } from './lib/large-rows';
import { benchMobile } from './lib/mobile-report';
import { printVerdicts } from './lib/verdicts';
import { runMemoryRows } from './lib/memory-rows';
import { benchBytes } from './lib/bytes-report';
import { firstWrite, firstWriteLine } from './lib/machine';

const args = process.argv.slice(2);
const USAGE = [
  'usage: npm run bench -- [--json] [--no-build] [--cli] [--pipeline [--frames N]] [--proxy] [--bytes] [--mobile [--loads N]] [--large-event] [--memory] [--large] [--fuzz N] [--seed S] [--help]',
  '  --json      print the figures as JSON',
  '  --no-build  serve BENCH_OUT (a built folder) as it is',
  '  --cli       only the CLI rows (100,000 turns, 100,000 calls, 1,000,000 frames), no build, no browser',
  '  --pipeline  only the whole-pipeline rows (three generated streams against eventsource-parser + JSON.parse)',
  '  --frames N  with --pipeline: frames per stream (default 200,000)',
  '  --proxy     only the recording proxy: the latency it adds per read (record --proxy between a local upstream and fetch)',
  '  --bytes     only the JavaScript weight budgets, counted over the network in Chromium: <streamscope-player> and a second one, embed.html and a second iframe, the app (builds the app and the library)',
  '  --mobile    only the phone rows (Lighthouse mobile preset, cold loads, served gzipped): embed.html, the app, three iframes; key steps, a drag, a strategy switch',
  '  --loads N   with --mobile: cold loads per row (default 5)',
  '  --large-event  only one large event: a 50 MB Chat chunk and a 30 MB tool argument, opened in the page and given to the CLI',
  '  --memory    only the memory rows: inspect --json on a call-heavy Chat stream of 250,000, 500,000 and 1,000,000 frames (peak RSS, growth per 100,000 frames)',
  '  --large     add the CLI rows for a ~200 MB SSE file and 5,000,000 frames (one turn; five turns)',
  '  --fuzz N    only the fuzz tests (test/robustness/fuzz-*.test.ts), N cases per property, a fresh seed',
  '  --seed S    with --fuzz: this seed instead (to replay a failure)',
  '',
].join('\n');
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const valueOf = (flag: string): string | undefined => {
  const i = args.indexOf(flag);
  return i === -1 ? undefined : args[i + 1];
};
const FLAGS = ['--json', '--no-build', '--cli', '--large', '--pipeline', '--proxy', '--bytes', '--large-event', '--mobile', '--memory'];
const VALUED = ['--fuzz', '--seed', '--frames', '--loads'];
const unknown = args.filter((a, i) => !FLAGS.includes(a) && !VALUED.includes(a) && !VALUED.includes(args[i - 1] ?? ''));
const badValue = VALUED.filter((f) => args.includes(f) && !/^\d+$/.test(valueOf(f) ?? ''));
if (unknown.length > 0 || badValue.length > 0) {
  process.stderr.write(`bench: ${unknown.length > 0 ? `unknown option ${unknown.join(' ')}` : `${badValue.join(', ')} needs a whole number`}\n${USAGE}`);
  process.exit(2);
}
if (args.includes('--fuzz')) process.exit(runFuzz(Number(valueOf('--fuzz')), valueOf('--seed')));
const asJson = args.includes('--json');
const cliOnly = args.includes('--cli');
const pipelineOnly = args.includes('--pipeline');
const pipelineFrames = Number(valueOf('--frames') ?? 200_000);
const large = args.includes('--large');
const skipBuild = args.includes('--no-build');
const root = resolve(import.meta.dirname, '..');
// Built into its own folder (BENCH_OUT, else a temporary one), so a concurrent build of dist/ cannot interfere;
// --no-build serves BENCH_OUT as it is.
const outDir = process.env.BENCH_OUT ?? mkdtempSync(join(tmpdir(), 'streamscope-bench-'));
const log = (s: string) => {
  if (!asJson) console.log(s);
  else process.stderr.write(`${s}\n`);
};

/** Loads measured for load.longestBlockMs (the worst counts). */
const BLOCK_LOADS = 3;
const BUDGET = { pipelineDefault: 0.8, pipelineAll: 0.5, cliTurnsMs: 5000, cliTurnsRssMB: 600, cliFrames1MMs: 3000, cliFrames1MRssMB: 600, page1MReadyMs: 5000, page1MTaskMs: 100, page1MHeapMB: 400, ratioToFloor: 0.8, seekP95Ms: 16, scaling: 1.5, heapMB: 150, initialJsGzipKB: 150, allJsGzipKB: 200, firstPaintMs: 1000, longestBlockMs: 50 };

function gzipDirKB(dir: string, pattern: RegExp): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isFile() && pattern.test(name)) total += gzipSync(readFileSync(path), { level: 9 }).length;
  }
  return total / 1024;
}

const cliLine = (f: CliFigure): string =>
  `    ${f.label} (${f.fileMB} MB): ${f.wallMs} ms wall, ${f.cpuMs} ms CPU, peak RSS ${f.peakRssMB} MB${f.exit === 0 ? (f.error ? ` — said: ${f.error}` : '') : ` — exit ${f.exit}: ${f.error ?? ''}`}`;

function cliRows(): { figures: Record<string, CliFigure>; verdicts: (readonly [string, number, string, boolean])[] } {
  log(`CLI on big synthetic inputs (inspect --json in a child process; generated, written to a temporary folder)${large ? ', with the ~200 MB SSE file and 5,000,000 frames' : ''}…`);
  const before = loadavg()[0] ?? 0;
  const figures = benchHostile(large);
  for (const f of Object.values(figures)) log(cliLine(f));
  // wall time on a shared machine grows with its load; CPU time (user + system of the child) much less
  log(`    load average ${round(before, 1)} before, ${round(loadavg()[0] ?? 0, 1)} after, on ${cpus().length} cores`);
  const t = figures.turns100k as CliFigure;
  const m = figures.frames1M as CliFigure;
  const verdicts = [
    ['cli.turns100k.wallMs', t.wallMs, `<= ${BUDGET.cliTurnsMs}`, t.exit === 0 && t.wallMs <= BUDGET.cliTurnsMs],
    ['cli.turns100k.peakRssMB', t.peakRssMB, `<= ${BUDGET.cliTurnsRssMB}`, t.exit === 0 && t.peakRssMB <= BUDGET.cliTurnsRssMB],
    ['cli.frames1M.wallMs', m.wallMs, `<= ${BUDGET.cliFrames1MMs}`, m.exit === 0 && m.wallMs <= BUDGET.cliFrames1MMs],
    ['cli.frames1M.peakRssMB', m.peakRssMB, `<= ${BUDGET.cliFrames1MRssMB}`, m.exit === 0 && m.peakRssMB <= BUDGET.cliFrames1MRssMB],
  ] as const;
  return { figures, verdicts: [...verdicts] };
}

type Verdict = readonly [string, number, string, boolean];

/** The whole analysis a user waits for, bytes in, on three streams, against the peer floor; then the SDKs. */
async function pipelineRows(frames: number): Promise<{ rows: PipelineFigures[]; sdk: Awaited<ReturnType<typeof benchSdk>>[]; verdicts: Verdict[] }> {
  log(`Whole pipeline (bytes -> every strategy, kinds, timings, anomalies) vs eventsource-parser + JSON.parse, ${frames.toLocaleString('en-US')} frames per stream…`);
  const rows: PipelineFigures[] = [];
  for (const make of [chatText, chatParallel, anthropicTools]) {
    const f = benchPipeline(make(frames));
    rows.push(f);
    log(`    ${f.stream} (${f.frames} frames, ${f.megabytes} MB): floor ${round(f.floorMs)} ms; ours default strategy ${round(f.defaultMs)} ms -> ${round(f.defaultRatio, 3)}; all six ${round(f.allMs)} ms -> ${round(f.allRatio, 3)} (first round, before the code is optimized: floor ${round(f.coldFloorMs)}, default ${round(f.coldDefaultMs)}, all six ${round(f.coldAllMs)} ms)`);
  }
  const SDK_FRAMES = 5_000;
  log(`    the official SDKs on ${SDK_FRAMES.toLocaleString('en-US')}-frame streams of the same shapes (they take minutes on the long ones):`);
  const sdk: Awaited<ReturnType<typeof benchSdk>>[] = [];
  for (const make of [chatText, chatParallel, anthropicTools]) {
    const f = await benchSdk(make(SDK_FRAMES));
    sdk.push(f);
    log(`      ${f.stream}: SDK ${round(f.sdkMs)} ms, ours with all six strategies ${round(f.oursAllMs)} ms`);
  }
  const verdicts: Verdict[] = rows.flatMap((f) => [
    [`pipeline.${f.stream}.default`, round(f.defaultRatio, 3), `>= ${BUDGET.pipelineDefault}`, f.defaultRatio >= BUDGET.pipelineDefault] as const,
    [`pipeline.${f.stream}.all`, round(f.allRatio, 3), `>= ${BUDGET.pipelineAll}`, f.allRatio >= BUDGET.pipelineAll] as const,
  ]);
  return { rows, sdk, verdicts };
}

const pipelineReport = (rows: PipelineFigures[]) =>
  Object.fromEntries(rows.map((f) => [f.stream, { frames: f.frames, floorMs: round(f.floorMs), defaultMs: round(f.defaultMs), allMs: round(f.allMs), defaultRatio: round(f.defaultRatio, 3), allRatio: round(f.allRatio, 3), coldMs: { floor: round(f.coldFloorMs), default: round(f.coldDefaultMs), all: round(f.coldAllMs) } }]));

const largeReport = (rows: LargeEventRow[]) =>
  Object.fromEntries(rows.map((r) => [r.id, { fileMB: r.fileMB, ...(r.page && { page: r.page }), ...(r.cli && { cli: { wallMs: r.cli.wallMs, cpuMs: r.cli.cpuMs, peakRssMB: r.cli.peakRssMB, exit: r.cli.exit } }) }]));

const cliReport = (figures: Record<string, CliFigure>) =>
  Object.fromEntries(Object.entries(figures).map(([k, f]) => [k, { wallMs: f.wallMs, cpuMs: f.cpuMs, peakRssMB: f.peakRssMB, fileMB: f.fileMB, exit: f.exit, ...(f.error !== undefined && { error: f.error }) }]));

async function main(): Promise<void> {
  log(`Streamscope benchmark — ${new Date().toISOString()} — ${cpus().length} cores, ${cpus()[0]?.model ?? '?'}, node ${process.version}`);
  // before anything else allocates: whether this machine's memory is cold (bench/lib/machine.ts)
  const machine = firstWrite();
  log(firstWriteLine(machine));
  if (cliOnly) {
    const cli = cliRows();
    log('\nBudgets:');
    printVerdicts(log, cli.verdicts, 24);
    if (asJson) console.log(JSON.stringify({ cli: cliReport(cli.figures) }));
    return;
  }
  if (args.includes('--proxy')) {
    const proxy = await benchProxy(log);
    if (asJson) console.log(JSON.stringify({ proxy }));
    return;
  }
  if (args.includes('--bytes')) {
    const served = await buildAndServe(root, outDir, { skipBuild, lib: true });
    const browser = await launchChromium();
    try {
      const bytes = await benchBytes(browser, served.base, outDir, log);
      log('\nBudgets:');
      printVerdicts(log, bytes.verdicts, 24);
      if (asJson) console.log(JSON.stringify({ bytes: bytes.report }));
    } finally {
      await browser.close();
      await served.close();
      if (!process.env.BENCH_OUT) rmSync(outDir, { recursive: true, force: true });
    }
    return;
  }
  if (args.includes('--mobile')) {
    try {
      const mobile = await benchMobile({ root, outDir, skipBuild, runs: Number(valueOf('--loads') ?? 5), log });
      log('\nBudgets (medians):');
      printVerdicts(log, mobile.verdicts, 32);
      if (asJson) console.log(JSON.stringify({ mobile: mobile.report }));
    } finally {
      if (!process.env.BENCH_OUT) rmSync(outDir, { recursive: true, force: true });
    }
    return;
  }
  if (args.includes('--memory')) {
    log(`Memory on a call-heavy stream (raw SSE files generated into a temporary folder), load average ${round(loadavg()[0] ?? 0, 1)} on ${cpus().length} cores…`);
    const memory = runMemoryRows(log);
    log('\nBudgets:');
    printVerdicts(log, memory.verdicts, 32);
    if (asJson) console.log(JSON.stringify({ memory: memory.report }));
    return;
  }
  if (args.includes('--large-event')) {
    const served = await buildAndServe(root, outDir, { skipBuild });
    try {
      log(`One large event (raw SSE files generated into a temporary folder), load average ${round(loadavg()[0] ?? 0, 1)} on ${cpus().length} cores…`);
      const large = await runLargeEventRows({ base: served.base, cli: true, log });
      log('\nBudgets:');
      printVerdicts(log, large.verdicts, 32);
      if (asJson) console.log(JSON.stringify({ largeEvent: largeReport(large.rows) }));
    } finally {
      await served.close();
      if (!process.env.BENCH_OUT) rmSync(outDir, { recursive: true, force: true });
    }
    return;
  }
  if (pipelineOnly) {
    const pipe = await pipelineRows(pipelineFrames);
    log('\nBudgets:');
    printVerdicts(log, pipe.verdicts, 40);
    if (asJson) console.log(JSON.stringify({ pipeline: pipelineReport(pipe.rows) }));
    return;
  }
  const cli = cliRows();
  const pipe = await pipelineRows(pipelineFrames);

  log('1/9 loading 500,000 frames: ours vs the floor…');
  const loadFig = benchLoad(500_000);
  log(`    floor ${round(loadFig.floorMs)} ms, ours (decode + adapt + ${loadFig.strategy}) ${round(loadFig.oursMs)} ms -> ratio ${round(loadFig.ratioToFloor, 3)} (naive: every frame's whole data parsed, envelope templates off: ${round(loadFig.oursWholeParseMs)} ms, ratio ${round(loadFig.floorMs / loadFig.oursWholeParseMs, 3)}); whole analyze() with all six strategies ${round(loadFig.analyzeAllMs)} ms`);

  log('2/9 seek compute on 100,000 frames: naive refold vs logs + binary search…');
  const big = generateChat(100_000);
  const seekCompute = benchSeekCompute(big.jsonl);
  log(`    naive p95 ${round(seekCompute.naiveP95Ms, 2)} ms, ours p95 ${round(seekCompute.oursP95Ms, 4)} ms`);

  log(skipBuild ? `3/9 serving the app already built in ${outDir}…` : `3/9 building the app into ${outDir}…`);
  const served = await buildAndServe(root, outDir, {
    skipBuild,
    recordings: [{ id: 'bench-100k', jsonl: big.jsonl, title: 'Benchmark 100,000 frames' }, PAGE_1M.recording],
  });
  const base = served.base;
  const browser = await launchChromium();
  try {
    log('4/9 seeking in Chromium (200 random seeks each)…');
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const bigSeek = await measureSeeks(page, `${base}?rec=bench-100k&s=per-call-buffer&lang=en`, 200, big.events);
    const smallSeek = await measureSeeks(page, `${base}?rec=thinking-turn&s=per-call-buffer&lang=en`, 200, 700);
    await page.close();
    const scaling = bigSeek.p95Ms / smallSeek.p95Ms;
    log(`    100,000 frames: p95 ${bigSeek.p95Ms} ms (median ${bigSeek.medianMs}, ${bigSeek.mismatches} panel mismatches); thinking-turn: p95 ${smallSeek.p95Ms} ms -> scaling ${round(scaling, 2)}`);

    log('5/9 heap added by a 100,000-frame session, and the no-virtualization baseline…');
    const heapSmall = await heapOf(browser, `${base}?rec=parallel-probe&lang=en`, 6);
    const heapBig = await heapOf(browser, `${base}?rec=bench-100k&s=per-call-buffer&lang=en`, big.events);
    const heapMB = heapBig - heapSmall;
    const noVirt = await measureNoVirtualization(browser, `${base}favicon.svg`, 100_000);
    log(`    heap ${round(heapSmall)} MB -> ${round(heapBig)} MB: +${round(heapMB)} MB; 100,000 plain DOM rows: ${noVirt.buildMs} ms to build, +${noVirt.heapMB} MB`);

    log(`6/9 longest main-thread block while 100,000 frames load (by URL, and as a user file), ${BLOCK_LOADS} loads in fresh pages, the worst counts…`);
    // BLOCK_LOADS loads, each in a fresh page: the figure is the WORST of them (one load in three or four has a
    // first layout over 50 ms: docs/performance.md, "Thin margins"), and every load is printed
    const blocks = [];
    for (let i = 0; i < BLOCK_LOADS; i++) blocks.push(await measureLoadBlock(browser, base, 'bench-100k', 'bench-100k.jsonl', big.events));
    const longestBlockMs = Math.max(...blocks.map((b) => Math.max(b.byUrl.longestMs, b.byFile.longestMs)));
    for (const [i, block] of blocks.entries())
      log(`    load ${i + 1}: by URL: longest ${block.byUrl.longestMs} ms (${block.byUrl.longTasks} tasks >= 50 ms; longest before the recording's fetch, i.e. page start-up: ${block.byUrl.startupMs ?? '?'} ms, after it: ${block.byUrl.loadingMs ?? '?'} ms), loaded ${block.byUrl.loadMs} ms after navigation; as a file: longest ${block.byFile.longestMs} ms (${block.byFile.longTasks} tasks), loaded in ${block.byFile.loadMs} ms`);

    log('7/9 first paint and initial JavaScript of the default page (median of 5 loads)…');
    const paint = await measureFirstPaint(browser, base, 5, outDir);
    const fullShikiKB = gzipDirKB(join(root, 'node_modules/@shikijs/langs/dist'), /\.mjs$/) + gzipDirKB(join(root, 'node_modules/@shikijs/themes/dist'), /\.mjs$/) + gzipDirKB(join(root, 'node_modules/shiki/dist'), /\.wasm$|onig/);
    const shikiOurs = paint.jsFiles.filter((f) => /json|github|highlight|core|engine/i.test(f.url)).reduce((sum, f) => sum + f.gzipKB, 0);
    log(`    first paint ${paint.firstPaintMs} ms (runs ${paint.runs.join(', ')}); initial JS (requested before the first paint) ${paint.initialJsGzipKB} KB gzip; all JS without interaction (${IDLE_WAIT_MS} ms after it) ${paint.idleJsGzipKB} KB gzip; with the analyze worker (the bundle budget) ${paint.allJsGzipKB} KB gzip`);
    for (const f of paint.jsFiles) log(`      ${!f.loaded ? 'unloaded' : f.beforePaint ? 'initial ' : 'deferred'} ${f.url}: ${f.gzipKB} KB`);
    log(`    full shiki grammars + themes + wasm: ${round(fullShikiKB)} KB gzip (what the full bundle can pull in), vs the fine-grained set in chunks above (~${round(shikiOurs)} KB incl. other code)`);

    log(`8/9 the page on 1,000,000 frames (raw SSE, ~192 MB), ${LOAD_RUNS} loads: ready, longest task while loading, heap…`);
    const scale = await measurePageScale(base);
    const scaleLongest = Math.max(scale.byUrl.loadingMs ?? scale.byUrl.longestMs, scale.byFile.longestMs);
    log(`    median of ${scale.runs.length} loads: by URL: ready ${scale.byUrl.loadMs} ms after navigation, longest task while loading ${scale.byUrl.loadingMs ?? '?'} ms (${scale.byUrl.longTasks} tasks >= 50 ms; start-up ${scale.byUrl.startupMs ?? '?'} ms); as a file: ready in ${scale.byFile.loadMs} ms, longest task ${scale.byFile.longestMs} ms (${scale.byFile.longTasks} tasks); JS heap ${scale.heapTotalMB} MB (+${scale.heapMB} MB over a 6-frame recording)`);
    log(`    each load: by URL ready ${scale.runs.map((x) => x.byUrl.loadMs).join(', ')} ms, longest task while loading ${scale.runs.map((x) => x.byUrl.loadingMs ?? '?').join(', ')} ms; as a file ready ${scale.runs.map((x) => x.byFile.loadMs).join(', ')} ms, longest task ${scale.runs.map((x) => x.byFile.longestMs).join(', ')} ms`);
    log(`    floor, in the same run: the same file fetched into a page, decoded and its events' ends found, ${scale.floorMs} ms (runs ${scale.floorRuns.join(', ')}); by URL ready / floor = ${round(scale.byUrl.loadMs / scale.floorMs, 2)}`);

    log(`9/9 one large event: a 50 MB Chat chunk and a 30 MB tool argument, opened in the page (a fresh Chromium each) and given to the CLI…`);
    const large = await runLargeEventRows({ base, cli: true, log });

    // --json prints the budget keys and the CLI rows; the longest block and the idle JS are in the readable report only
    const report = {
      load: { ratioToFloor: round(loadFig.ratioToFloor, 3) },
      seek: { p95Ms: bigSeek.p95Ms, scaling: round(scaling, 2) },
      memory: { heapMB: round(heapMB) },
      bundle: { initialJsGzipKB: paint.initialJsGzipKB, allJsGzipKB: paint.allJsGzipKB },
      paint: { firstPaintMs: paint.firstPaintMs },
      cli: cliReport(cli.figures),
      pipeline: pipelineReport(pipe.rows),
      page1M: { frames: scale.frames, readyMs: scale.byUrl.loadMs, fileReadyMs: scale.byFile.loadMs, longestTaskMs: scaleLongest, heapMB: scale.heapTotalMB, floorMs: scale.floorMs, readyToFloor: round(scale.byUrl.loadMs / scale.floorMs, 2) },
      largeEvent: largeReport(large.rows),
      ...(machine && { machine: { firstWriteMB: machine.mb, firstWriteMs: machine.firstMs, secondWriteMs: machine.againMs } }),
    };
    const verdicts = [
      ['load.ratioToFloor', report.load.ratioToFloor, `>= ${BUDGET.ratioToFloor}`, report.load.ratioToFloor >= BUDGET.ratioToFloor],
      ['load.longestBlockMs', longestBlockMs, `<= ${BUDGET.longestBlockMs}`, longestBlockMs <= BUDGET.longestBlockMs],
      ['seek.p95Ms', report.seek.p95Ms, `<= ${BUDGET.seekP95Ms}`, report.seek.p95Ms <= BUDGET.seekP95Ms],
      ['seek.scaling', report.seek.scaling, `<= ${BUDGET.scaling}`, report.seek.scaling <= BUDGET.scaling],
      ['memory.heapMB', report.memory.heapMB, `<= ${BUDGET.heapMB}`, report.memory.heapMB <= BUDGET.heapMB],
      ['bundle.initialJsGzipKB', report.bundle.initialJsGzipKB, `<= ${BUDGET.initialJsGzipKB}`, report.bundle.initialJsGzipKB <= BUDGET.initialJsGzipKB],
      ['bundle.allJsGzipKB', report.bundle.allJsGzipKB, `<= ${BUDGET.allJsGzipKB}`, report.bundle.allJsGzipKB <= BUDGET.allJsGzipKB],
      ['paint.firstPaintMs', report.paint.firstPaintMs, `<= ${BUDGET.firstPaintMs}`, report.paint.firstPaintMs <= BUDGET.firstPaintMs],
      ['page1M.readyMs', report.page1M.readyMs, `<= ${BUDGET.page1MReadyMs}`, report.page1M.readyMs <= BUDGET.page1MReadyMs],
      ['page1M.longestTaskMs', report.page1M.longestTaskMs, `<= ${BUDGET.page1MTaskMs}`, report.page1M.longestTaskMs <= BUDGET.page1MTaskMs],
      ['page1M.heapMB', report.page1M.heapMB, `<= ${BUDGET.page1MHeapMB}`, report.page1M.heapMB <= BUDGET.page1MHeapMB],
      ...cli.verdicts,
      ...pipe.verdicts,
      ...large.verdicts,
    ] as const;
    log('\nBudgets:');
    printVerdicts(log, verdicts, 40);
    log('Naive baselines: seek by refolding from frame 0 ' + `p95 ${round(seekCompute.naiveP95Ms, 2)} ms (compute alone); ` + `no virtualization ${noVirt.buildMs} ms / +${noVirt.heapMB} MB for 100,000 rows; ` + `full shiki assets ${round(fullShikiKB)} KB gzip`);
    if (asJson) console.log(JSON.stringify(report));
  } finally {
    await browser.close();
    await served.close();
    if (!process.env.BENCH_OUT) rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(`bench failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
