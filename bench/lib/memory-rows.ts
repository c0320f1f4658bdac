// The memory rows of the bench (issue 33, `npm run bench -- --memory`): `inspect --json` (what `npm run inspect`
// runs) on a call-heavy Chat stream (./call-heavy.ts: calls in groups of 8, fragments interleaved, one turn of raw
// SSE) at three sizes, each file generated into a temporary folder (./hostile.ts measureCli): its peak RSS beside the budget (4x the file),
// and the growth per 100,000 frames between the sizes, which is the same twice when memory grows linearly.
import { loadavg } from 'node:os';
import { writeCallHeavy } from './call-heavy';
import { measureCli, type CliFigure } from './hostile';
import type { Verdict } from './verdicts';

export const MEMORY_BUDGET = { rssPerFile: 4 };
export const MEMORY_SIZES = [250_000, 500_000, 1_000_000];

export interface MemoryRow {
  frames: number;
  calls: number;
  cli: CliFigure;
}

export interface MemoryReport {
  rows: MemoryRow[];
  /** MB of peak RSS per 100,000 frames, between consecutive sizes. */
  slopes: number[];
}

const r1 = (x: number): number => Math.round(x * 10) / 10;

export function runMemoryRows(log: (s: string) => void, sizes = MEMORY_SIZES): { report: MemoryReport; verdicts: Verdict[] } {
  const rows: MemoryRow[] = [];
  const verdicts: Verdict[] = [];
  for (const frames of sizes) {
    let made = { frames: 0, calls: 0, bytes: 0 };
    const cli = measureCli(`call-heavy ${frames} frames`, `call-heavy-${frames}.sse`, (path) => void (made = writeCallHeavy(path, frames)));
    rows.push({ frames: made.frames, calls: made.calls, cli });
    const budget = Math.round(cli.fileMB * MEMORY_BUDGET.rssPerFile);
    log(
      `  ${made.frames.toLocaleString('en-US')} frames, ${made.calls.toLocaleString('en-US')} calls, ${cli.fileMB} MB of SSE (load average ${loadavg()[0]?.toFixed(1)}): ` +
        `inspect --json peak RSS ${cli.peakRssMB} MB = ${r1(cli.peakRssMB / cli.fileMB)}x the file (budget ${budget} MB = ${MEMORY_BUDGET.rssPerFile}x), ${cli.wallMs} ms wall, ${cli.cpuMs} ms CPU${cli.exit === 0 ? '' : `, exit ${cli.exit}: ${cli.error ?? ''}`}`,
    );
    verdicts.push([`callHeavy${frames / 1000}k.cli.peakRssMB`, cli.peakRssMB, `<= ${budget}`, cli.exit === 0 && cli.peakRssMB <= budget]);
  }
  const slopes: number[] = [];
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1] as MemoryRow;
    const b = rows[i] as MemoryRow;
    slopes.push(r1(((b.cli.peakRssMB - a.cli.peakRssMB) / (b.frames - a.frames)) * 100_000));
  }
  if (slopes.length > 0) log(`  growth: ${slopes.map((s) => `${s} MB`).join(', then ')} of peak RSS per 100,000 more frames (growth in proportion to the frames gives the same figure each time)`);
  return { report: { rows, slopes }, verdicts };
}
