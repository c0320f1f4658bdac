import { chromium } from 'playwright-core';
const base = process.argv[2]!;
const rec = process.argv[3] ?? 'thinking-turn';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], headless: true });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
await page.goto(`${base}?rec=${rec}&s=per-call-buffer&lang=en`);
await page.waitForFunction(() => Number((document.querySelector('input[type=range]') as HTMLInputElement | null)?.max) > 100, undefined, { timeout: 120000 });
await page.waitForTimeout(1500);
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
await page.evaluate(async () => {
  const slider = document.querySelector('input[type=range]') as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  const max = Number(slider.max);
  let s = 12345; const rnd = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
  for (let i = 0; i < 100; i++) {
    const f = Math.floor(rnd() * (max + 1));
    await new Promise<void>((resolve) => requestAnimationFrame(() => {
      setter.call(slider, String(f));
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      const ch = new MessageChannel(); ch.port1.onmessage = () => resolve(); ch.port2.postMessage(0);
    }));
  }
});
const buf = await browser.stopTracing();
const events = JSON.parse(buf.toString()).traceEvents as any[];
const sum = new Map<string, number>();
for (const e of events) if (e.ph === 'X' && e.dur) sum.set(e.name, (sum.get(e.name) ?? 0) + e.dur / 1000);
for (const [k, v] of [...sum.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(v.toFixed(1).padStart(9), k);
await browser.close();
