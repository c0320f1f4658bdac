// The phone rows of the benchmark (`npm run bench -- --mobile`, `npx tsx bench/mobile-only.ts`): builds the app
// with the generated 100,000-frame recording into outDir, serves it compressed (./gzip-server.ts) and measures
// under the phone preset (./mobile.ts): embed.html of parallel-probe as the page, the app on agent-run, a page of
// three iframe players, then key steps, a slider drag and a strategy switch on agent-run and on 100,000 frames.
// Every load is printed; each row's figure is the median of its loads. The loads of one page are made with the cache
// off (every request goes to the network). The three-iframe page is measured twice: so, and as a first visit to a
// host that lets files be cached (an empty cache, files sent with GitHub Pages' 'max-age=600'), where the second
// and third iframe take the scripts the first one fetched; its budget rows are that second figure (the issue's "a
// cold cache": a disabled cache downloads every script three times, which no visitor does).
import { cpus, loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './browser';
import { generateChat } from './generate';
import { serveGzip } from './gzip-server';
import { MOBILE, MOBILE_BUDGET, measureInteractions, measureLoads, THREE_HTML, THREE_PAGE, type InteractionFigures, type LoadRow } from './mobile';
import { buildAndServe } from './serve';
import { round } from './stats';
import type { Verdict } from './verdicts';

export interface MobileReport {
  embed: LoadRow;
  app: LoadRow;
  /** A first visit, files cacheable (the budget rows). */
  three: LoadRow;
  /** The same page with the cache off. */
  threeNoCache: LoadRow;
  agentRun: InteractionFigures;
  big: InteractionFigures;
}

export async function benchMobile(opts: { root: string; outDir: string; skipBuild: boolean; runs: number; log: (s: string) => void }): Promise<{ report: MobileReport; verdicts: Verdict[] }> {
  const { root, outDir, runs, log } = opts;
  const big = generateChat(100_000);
  // built (and the generated recording added) by the preview helper, then served compressed by our own server
  const built = await buildAndServe(root, outDir, {
    skipBuild: opts.skipBuild,
    recordings: [{ id: 'bench-100k', jsonl: big.jsonl, title: 'Benchmark 100,000 frames' }],
  });
  await built.close();
  writeFileSync(join(outDir, THREE_PAGE), THREE_HTML);
  const served = await serveGzip(outDir);
  const cacheable = await serveGzip(outDir, { cacheControl: 'max-age=600' });
  const browser = await launchChromium();
  try {
    log(`phone preset: CPU ${MOBILE.cpuRate}x slower, ${MOBILE.latencyMs} ms RTT, ${MOBILE.downKbps} kbit/s down, ${MOBILE.width}x${MOBILE.height} at ${MOBILE.dpr}x; ${runs} cold loads per row, gzip; load average ${round(loadavg()[0] ?? 0, 1)} on ${cpus().length} cores`);
    log('embed.html?rec=parallel-probe (the iframe player, as the page):');
    const embed = await measureLoads(browser, `${served.base}embed.html?rec=parallel-probe&lang=en`, runs, log);
    log('the app on agent-run:');
    const app = await measureLoads(browser, `${served.base}?rec=agent-run&lang=en`, runs, log);
    log('a course page with three iframe players (ready = all three), the cache off:');
    const threeNoCache = await measureLoads(browser, `${served.base}${THREE_PAGE}`, runs, log);
    log("the same page as a first visit (an empty cache; files sent with 'cache-control: max-age=600', as GitHub Pages does):");
    const three = await measureLoads(browser, `${cacheable.base}${THREE_PAGE}`, runs, log, 'cold');
    log('interactions on agent-run (20 key steps, a 20-step drag, one strategy switch):');
    const agentRun = await measureInteractions(browser, `${served.base}?rec=agent-run&lang=en&s=shared-buffer`);
    log(`    ${JSON.stringify(agentRun)}`);
    log('interactions on the 100,000-frame recording:');
    const bigRun = await measureInteractions(browser, `${served.base}?rec=bench-100k&lang=en&s=shared-buffer`);
    log(`    ${JSON.stringify(bigRun)}`);
    const report: MobileReport = { embed, app, three, threeNoCache, agentRun, big: bigRun };
    const b = MOBILE_BUDGET;
    const rows: [string, number, number][] = [
      ['mobile.embed.lcpMs', embed.median.lcpMs, b.embedLcpMs],
      ['mobile.embed.tbtMs', embed.median.tbtMs, b.embedTbtMs],
      ['mobile.embed.longestTaskMs', embed.median.longestTaskMs, b.embedLongestTaskMs],
      ['mobile.app.lcpMs', app.median.lcpMs, b.appLcpMs],
      ['mobile.app.tbtMs', app.median.tbtMs, b.appTbtMs],
      ['mobile.three.readyMs', three.median.readyMs, b.threeReadyMs],
      ['mobile.three.tbtMs', three.median.tbtMs, b.threeTbtMs],
      ['mobile.agentRun.stepP95Ms', agentRun.stepP95Ms, b.stepP95Ms],
      ['mobile.agentRun.dragP95Ms', agentRun.dragP95Ms, b.dragP95Ms],
      ['mobile.agentRun.switchShownMs', agentRun.switchShownMs, b.switchMs],
      ['mobile.agentRun.tabAfterSwitchMs', agentRun.tabAfterSwitchMs, b.switchMs],
      ['mobile.big.stepP95Ms', bigRun.stepP95Ms, b.stepP95Ms],
      ['mobile.big.dragP95Ms', bigRun.dragP95Ms, b.dragP95Ms],
      ['mobile.big.switchShownMs', bigRun.switchShownMs, b.switchMs],
      ['mobile.big.tabAfterSwitchMs', bigRun.tabAfterSwitchMs, b.switchMs],
    ];
    log(`load average at the end ${round(loadavg()[0] ?? 0, 1)}`);
    return { report, verdicts: rows.map(([name, value, budget]) => [name, value, `<= ${budget}`, value <= budget] as const) };
  } finally {
    await browser.close();
    await served.close();
    await cacheable.close();
  }
}
