import { chromium } from 'playwright-core';
const base = process.argv[2]!;
const rec = process.argv[3] ?? 'thinking-turn';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], headless: true });
for (const panels of ['raw,buffers,results,waterfall', 'raw', 'buffers', 'results', 'waterfall', 'raw,buffers,results']) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  await page.goto(`${base}embed.html?rec=${rec}&s=per-call-buffer&lang=en&controls=min&panels=${panels}`);
  await page.waitForFunction(() => Number((document.querySelector('input[type=range]') as HTMLInputElement | null)?.max) > 100, undefined, { timeout: 120000 });
  await page.waitForTimeout(1000);
  const r = await page.evaluate(async () => {
    const slider = document.querySelector('input[type=range]') as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const max = Number(slider.max);
    let s = 12345; const rnd = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
    const js: number[] = [], tot: number[] = [];
    for (let i = 0; i < 120; i++) {
      const f = Math.floor(rnd() * (max + 1));
      await new Promise<void>((resolve) => requestAnimationFrame(() => {
        const t0 = performance.now();
        setter.call(slider, String(f));
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        js.push(performance.now() - t0);
        const ch = new MessageChannel(); ch.port1.onmessage = () => { tot.push(performance.now() - t0); resolve(); }; ch.port2.postMessage(0);
      }));
    }
    const q = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.floor(p * a.length)]!.toFixed(1);
    return `dispatch p50 ${q(js, .5)} p95 ${q(js, .95)}; total p50 ${q(tot, .5)} p95 ${q(tot, .95)}`;
  });
  console.log(panels.padEnd(32), r);
  await page.close();
}
await browser.close();
