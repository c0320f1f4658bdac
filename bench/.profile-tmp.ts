import { chromium } from 'playwright-core';
const base = process.argv[2]!;
const rec = process.argv[3] ?? 'thinking-turn';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], headless: true });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
await page.goto(`${base}?rec=${rec}&s=per-call-buffer&lang=en`);
await page.waitForFunction(() => Number((document.querySelector('input[type=range]') as HTMLInputElement | null)?.max) > 100, undefined, { timeout: 120000 });
await page.waitForTimeout(1500);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
const res = await page.evaluate(async () => {
  const slider = document.querySelector('input[type=range]') as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  const max = Number(slider.max);
  let s = 12345; const rnd = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
  const js: number[] = []; const tot: number[] = [];
  for (let i = 0; i < 150; i++) {
    const f = Math.floor(rnd() * (max + 1));
    await new Promise<void>((resolve) => requestAnimationFrame(() => {
      const t0 = performance.now();
      setter.call(slider, String(f));
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      queueMicrotask(() => queueMicrotask(() => queueMicrotask(() => { js.push(performance.now() - t0); })));
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { tot.push(performance.now() - t0); resolve(); };
      ch.port2.postMessage(0);
    }));
  }
  const q = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.floor(p * a.length)]!.toFixed(1);
  return `js(ish) p50 ${q(js, .5)} p95 ${q(js, .95)}; total p50 ${q(tot, .5)} p95 ${q(tot, .95)}`;
});
const { profile } = await cdp.send('Profiler.stop') as any;
console.log(res);
const self = new Map<string, number>();
const dt: number[] = profile.timeDeltas; const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
profile.samples.forEach((id: number, i: number) => { const n = byId.get(id); const cf = n.callFrame; const k = `${cf.functionName || "(anon)"} ${cf.url.split("/").pop()}:${cf.lineNumber}:${cf.columnNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0)); });
const total = [...self.values()].reduce((a, b) => a + b, 0);
for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / 1000).toFixed(1).padStart(8), 'ms', k);
console.log('total', (total / 1000).toFixed(0));
await browser.close();
