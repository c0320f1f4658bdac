import { chromium } from 'playwright-core';
const base = process.argv[2]!;
const rec = process.argv[3] ?? 'thinking-turn';
const variants: Record<string, string> = {
  base: '',
  panelContain: '.ss-panel{contain:content}',
  wfCV: '.wf{content-visibility:auto;contain-intrinsic-size:auto 700px}',
  both: '.ss-panel{contain:content}.wf{content-visibility:auto;contain-intrinsic-size:auto 700px}',
  noWf: '.wf{display:none}',
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], headless: true });
const out: Record<string, string[]> = {};
for (let round = 0; round < 2; round++) for (const [name, css] of Object.entries(variants)) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  await page.goto(`${base}?rec=${rec}&s=per-call-buffer&lang=en`);
  await page.waitForFunction(() => Number((document.querySelector('input[type=range]') as HTMLInputElement | null)?.max) > 100, undefined, { timeout: 120000 });
  if (css) await page.addStyleTag({ content: css });
  await page.waitForTimeout(800);
  const r = await page.evaluate(async () => {
    const slider = document.querySelector('input[type=range]') as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const max = Number(slider.max);
    let s = 12345; const rnd = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
    const js: number[] = [], tot: number[] = [];
    for (let i = 0; i < 150; i++) {
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
    return `js ${q(js, .5)}/${q(js, .95)} tot ${q(tot, .5)}/${q(tot, .95)}`;
  });
  (out[name] ??= []).push(r);
  await page.close();
}
for (const [k, v] of Object.entries(out)) console.log(k.padEnd(14), v.join(' | '));
await browser.close();
