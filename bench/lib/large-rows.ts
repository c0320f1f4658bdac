// The large-event rows of the bench (issue 36): each case's file generated into a temporary folder
// (./large-event.ts), opened in the page (./large-page.ts) and given to `inspect --json` (./hostile.ts's
// measureCli), each figure printed beside its budget: the page usable within 5 s for one 50 MB event, the page's JS
// heap <= 3x the file, the CLI's peak RSS <= 4x the file.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureCli, type CliFigure } from './hostile';
import { writeLargeArguments, writeLargeContent } from './large-event';
import { measureLargeEventPage, type LargePageFigure } from './large-page';

export const LARGE_BUDGET = { readyMs: 5000, heapPerFile: 3, rssPerFile: 4 };

export interface LargeEventRow {
  id: string;
  label: string;
  fileMB: number;
  page?: LargePageFigure;
  cli?: CliFigure;
}

type Verdict = readonly [string, number, string, boolean];

const make = (spec: string): { id: string; label: string; write: (path: string) => number } => {
  const [kind, mb] = spec.split(':');
  const chars = Number(mb) * 1_000_000;
  return kind === 'args'
    ? { id: `event${mb}MBargs`, label: `one tool call whose arguments are ${mb} MB`, write: (p) => writeLargeArguments(p, chars) }
    : { id: `event${mb}MB`, label: `one Chat chunk whose content is ${mb} MB`, write: (p) => writeLargeContent(p, chars) };
};

export async function runLargeEventRows(opts: { base: string | null; cli: boolean; sizes?: string[]; log: (s: string) => void }): Promise<{ rows: LargeEventRow[]; verdicts: Verdict[] }> {
  const rows: LargeEventRow[] = [];
  const verdicts: Verdict[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'streamscope-large-event-'));
  try {
    for (const spec of opts.sizes ?? ['content:50', 'args:30']) {
      const c = make(spec);
      const path = join(dir, `${c.id}.sse`);
      const bytes = c.write(path);
      const fileMB = Math.round((bytes / 1e6) * 10) / 10;
      const row: LargeEventRow = { id: c.id, label: c.label, fileMB };
      opts.log(`  ${c.label} (${fileMB} MB raw SSE, 3 frames), load average ${loadavg()[0]?.toFixed(1)}:`);
      if (opts.base !== null) {
        const p = (row.page = await measureLargeEventPage(opts.base, path, 3));
        const heapBudget = Math.round(fileMB * LARGE_BUDGET.heapPerFile);
        if (p.outcome === 'opened') {
          opts.log(`    page: analysed ${p.analysedMs} ms, painted ${p.paintedMs} ms, a key press answered ${p.readyMs} ms after the file was given (budget ${LARGE_BUDGET.readyMs} ms for 50 MB); main-thread JS heap ${p.heapMB} MB (budget ${heapBudget} MB = ${LARGE_BUDGET.heapPerFile}x); renderer peak RSS ${p.rendererPeakMB} MB (page and workers)`);
          verdicts.push([`${c.id}.page.heapMB`, p.heapMB ?? 0, `<= ${heapBudget}`, (p.heapMB ?? Infinity) <= heapBudget]);
          if (spec === 'content:50') verdicts.push([`${c.id}.page.readyMs`, p.readyMs ?? 0, `<= ${LARGE_BUDGET.readyMs}`, (p.readyMs ?? Infinity) <= LARGE_BUDGET.readyMs]);
        } else if (p.outcome === 'refused') opts.log(`    page: refused after ${p.analysedMs} ms: ${p.notice ?? ''}`);
        else {
          opts.log(`    page: FAILED: ${p.error ?? ''}`);
          verdicts.push([`${c.id}.page`, 0, 'opens or is refused', false]);
        }
      }
      if (opts.cli) {
        const f = (row.cli = measureCli(c.label, `${c.id}.sse`, (to) => void c.write(to)));
        const rssBudget = Math.round(fileMB * LARGE_BUDGET.rssPerFile);
        opts.log(`    CLI inspect --json: ${f.wallMs} ms wall, ${f.cpuMs} ms CPU, peak RSS ${f.peakRssMB} MB (budget ${rssBudget} MB = ${LARGE_BUDGET.rssPerFile}x)${f.exit === 0 ? '' : `, exit ${f.exit}: ${f.error ?? ''}`}`);
        verdicts.push([`${c.id}.cli.peakRssMB`, f.peakRssMB, `<= ${rssBudget}`, f.exit === 0 && f.peakRssMB <= rssBudget]);
      }
      rows.push(row);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, verdicts };
}
