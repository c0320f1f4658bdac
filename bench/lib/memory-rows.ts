// The memory rows of the bench (issue 33, `npm run bench -- --memory`): `inspect --json` (what `npm run inspect`
// runs) on a call-heavy Chat stream (./call-heavy.ts: calls in groups of 8, fragments interleaved, one turn of raw
// SSE) at three sizes, each file generated into a temporary folder (./hostile.ts measureCli): its peak RSS beside the budget (4x the file),
// and the growth per 100,000 frames between the sizes, which is the same twice when memory grows linearly; then the
// 1,000,000 frames again in leaner envelopes (176 MB), nearer the issue's own stream (160 MB), against the issue's
// 600 MB.
import { loadavg } from 'node:os';
import { writeCallHeavy } from './call-heavy';
import { measureCli, type CliFigure } from './hostile';
import type { Verdict } from './verdicts';

export const MEMORY_BUDGET = { rssPerFile: 4 };
export const MEMORY_SIZES = [250_000, 500_000, 1_000_000];
/** The issue's stream: 1,000,000 frames, 40,000 calls, 160 MB, within 600 MB of peak RSS. */
export const ISSUE_STREAM = { frames: 1_000_000, peakRssMB: 600 };

export interface MemoryRow {
  frames: number;
  calls: number;
  cli: CliFigure;
}

export interface MemoryReport {
  rows: MemoryRow[];
  /** MB of peak RSS per 100,000 frames, between consecutive sizes. */
  slopes: number[];
  /** The ISSUE_STREAM frames in leaner envelopes (absent when the sizes were given). */
  lean?: MemoryRow;
}

const r1 = (x: number): number => Math.round(x * 10) / 10;

/** Measures inspect --json on a call-heavy stream of about `frames` frames and logs it beside `budgetMB`. */
function measureRow(log: (s: string) => void, frames: number, lean: boolean, budgetOf: (fileMB: number) => number): { row: MemoryRow; budget: number } {
  let made = { frames: 0, calls: 0, bytes: 0 };
  const name = `call-heavy${lean ? '-lean' : ''}-${frames}`;
  const cli = measureCli(`${name} frames`, `${name}.sse`, (path) => void (made = writeCallHeavy(path, frames, lean)));
  const budget = budgetOf(cli.fileMB);
  log(
    `  ${made.frames.toLocaleString('en-US')} frames, ${made.calls.toLocaleString('en-US')} calls, ${cli.fileMB} MB of SSE${lean ? ' (lean envelopes)' : ''} (load average ${loadavg()[0]?.toFixed(1)}): ` +
      `inspect --json peak RSS ${cli.peakRssMB} MB = ${r1(cli.peakRssMB / cli.fileMB)}x the file (budget ${budget} MB), ${cli.wallMs} ms wall, ${cli.cpuMs} ms CPU${cli.exit === 0 ? '' : `, exit ${cli.exit}: ${cli.error ?? ''}`}`,
  );
  return { row: { frames: made.frames, calls: made.calls, cli }, budget };
}

export function runMemoryRows(log: (s: string) => void, sizes = MEMORY_SIZES): { report: MemoryReport; verdicts: Verdict[] } {
  const rows: MemoryRow[] = [];
  const verdicts: Verdict[] = [];
  const fourTimes = (fileMB: number): number => Math.round(fileMB * MEMORY_BUDGET.rssPerFile);
  for (const frames of sizes) {
    const { row, budget } = measureRow(log, frames, false, fourTimes);
    rows.push(row);
    verdicts.push([`callHeavy${frames / 1000}k.cli.peakRssMB`, row.cli.peakRssMB, `<= ${budget}`, row.cli.exit === 0 && row.cli.peakRssMB <= budget]);
  }
  const slopes: number[] = [];
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1] as MemoryRow;
    const b = rows[i] as MemoryRow;
    slopes.push(r1(((b.cli.peakRssMB - a.cli.peakRssMB) / (b.frames - a.frames)) * 100_000));
  }
  if (slopes.length > 0) log(`  growth: ${slopes.map((s) => `${s} MB`).join(', then ')} of peak RSS per 100,000 more frames (growth in proportion to the frames gives the same figure each time)`);
  if (sizes !== MEMORY_SIZES) return { report: { rows, slopes }, verdicts };
  const { row: lean, budget } = measureRow(log, ISSUE_STREAM.frames, true, (fileMB) => Math.min(fourTimes(fileMB), ISSUE_STREAM.peakRssMB));
  verdicts.push([`callHeavyLean${ISSUE_STREAM.frames / 1000}k.cli.peakRssMB`, lean.cli.peakRssMB, `<= ${budget}`, lean.cli.exit === 0 && lean.cli.peakRssMB <= budget]);
  return { report: { rows, slopes, lean }, verdicts };
}
