// `BENCH_OUT=<built folder> npx tsx bench/profile-page.ts <out.cpuprofile>`: a CPU profile of the page's main thread
// while the 1,000,000-frame bench recording loads by URL (the build in BENCH_OUT, as bench/scale-page.ts leaves it).
// For finding what the page1M row's long tasks are (summarize with any .cpuprofile viewer).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { allowNamedFunctions, launchChromium } from './lib/browser';
import { PAGE_1M } from './lib/scale';
import { buildAndServe } from './lib/serve';

async function main(): Promise<void> {
  const out = process.argv[2] ?? 'page.cpuprofile';
  const served = await buildAndServe(resolve(import.meta.dirname, '..'), process.env.BENCH_OUT ?? '', { skipBuild: true, recordings: [PAGE_1M.recording] });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await allowNamedFunctions(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
    await page.goto(`${served.base}?rec=${PAGE_1M.recording.id}&lang=en`);
    await page.waitForFunction((n) => Number(document.querySelector('input[type=range]')?.getAttribute('max') ?? 0) >= n - 1, PAGE_1M.frames - 1000, { timeout: 180_000, polling: 250 });
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(out, JSON.stringify(profile));
  } finally {
    await browser.close();
    await served.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
