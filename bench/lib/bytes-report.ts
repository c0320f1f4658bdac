// The bytes rows of the benchmark (`npm run bench -- --bytes`, bench/bytes-only.ts): each page LOADS times in a
// fresh context, every load printed; a row's figure is its largest load (what a script racing the first paint can
// add varies by a file from load to load), beside its budget.
import type { Browser } from 'playwright-core';
import { BYTES_BUDGET, measureAppBytes, measureElementBytes, measureEmbedBytes, writeBytesPages, type BytesFigures, type ScriptFile } from './bytes';

const LOADS = 3;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const bytesText = (bytes: number) => `${bytes.toLocaleString('en-US')} bytes (${kb(bytes)})`;
const fileList = (files: readonly ScriptFile[]) => files.map((f) => `        ${f.path}: ${f.gzipBytes.toLocaleString('en-US')}`).join('\n');

export type BytesVerdict = readonly [string, number, string, boolean];

export interface BytesReport {
  elementFirstPaintBytes: number;
  elementRequests: number;
  elementSecondBytes: number;
  embedFirstPaintBytes: number;
  embedRequests: number;
  embedSecondBytes: number;
  appInitialBytes: number;
  appRequests: number;
}

export async function benchBytes(browser: Browser, base: string, builtDir: string, log: (s: string) => void, files = false): Promise<{ verdicts: BytesVerdict[]; report: BytesReport }> {
  writeBytesPages(builtDir);
  const rows: [string, (b: Browser, base: string, dir: string) => Promise<BytesFigures>][] = [
    ['<streamscope-player> (dist/element.js) on parallel-probe, then a second element', measureElementBytes],
    ['embed.html?rec=parallel-probe in an iframe, then a second iframe', measureEmbedBytes],
    ["the app's default page (index.html)", measureAppBytes],
  ];
  const worst: { paint: BytesFigures; secondBytes: number }[] = [];
  for (const [label, run] of rows) {
    log(`${label}: JavaScript (gzip -9) requested before the first paint, ${LOADS} cold loads…`);
    const loads: BytesFigures[] = [];
    for (let i = 0; i < LOADS; i++) {
      const f = await run(browser, base, builtDir);
      loads.push(f);
      const second = f.second ? `; second player: ${bytesText(f.second.gzipBytes)} new in ${f.second.newFiles.length} files (${f.second.requests} script requests)` : '';
      log(`    load ${i + 1}: ${bytesText(f.gzipBytes)} in ${f.requests} requests, painted at ${f.firstPaintMs} ms; after the paint, untouched: ${bytesText(f.afterPaint.reduce((t, x) => t + x.gzipBytes, 0))} in ${f.afterPaint.length}${second}`);
      if (files || i === 0) {
        log(`      before the paint:\n${fileList(f.beforePaint)}`);
        if (f.afterPaint.length > 0) log(`      after it:\n${fileList(f.afterPaint)}`);
        if (f.second && f.second.newFiles.length > 0) log(`      new for the second player:\n${fileList(f.second.newFiles)}`);
      }
    }
    const paint = loads.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
    worst.push({ paint, secondBytes: Math.max(...loads.map((l) => l.second?.gzipBytes ?? -1)) });
  }
  const [element, embed, app] = worst as [(typeof worst)[0], (typeof worst)[0], (typeof worst)[0]];
  const report: BytesReport = {
    elementFirstPaintBytes: element.paint.gzipBytes,
    elementRequests: element.paint.requests,
    elementSecondBytes: element.secondBytes,
    embedFirstPaintBytes: embed.paint.gzipBytes,
    embedRequests: embed.paint.requests,
    embedSecondBytes: embed.secondBytes,
    appInitialBytes: app.paint.gzipBytes,
    appRequests: app.paint.requests,
  };
  const verdicts: BytesVerdict[] = [
    ['bytes.elementFirstPaint', report.elementFirstPaintBytes, `<= ${BYTES_BUDGET.elementFirstPaint} (100 KB); ${report.elementRequests} requests`, report.elementFirstPaintBytes <= BYTES_BUDGET.elementFirstPaint],
    ['bytes.elementSecond', report.elementSecondBytes, `= ${BYTES_BUDGET.elementSecond}: nothing new`, report.elementSecondBytes === BYTES_BUDGET.elementSecond],
    ['bytes.embedFirstPaint', report.embedFirstPaintBytes, `<= ${BYTES_BUDGET.embedFirstPaint} (90 KB); ${report.embedRequests} requests`, report.embedFirstPaintBytes <= BYTES_BUDGET.embedFirstPaint],
    ['bytes.embedSecond', report.embedSecondBytes, `= ${BYTES_BUDGET.embedSecond}: nothing new`, report.embedSecondBytes === BYTES_BUDGET.embedSecond],
    ['bytes.appInitial', report.appInitialBytes, `<= ${BYTES_BUDGET.appInitial} (150 KB); ${report.appRequests} requests`, report.appInitialBytes <= BYTES_BUDGET.appInitial],
  ];
  return { verdicts, report };
}
