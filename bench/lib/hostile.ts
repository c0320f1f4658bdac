// The CLI on big synthetic inputs (bench/lib/hostile-gen.ts): `npm run inspect -- FILE --json` in a child process,
// its wall time, CPU time and peak RSS (bench/lib/peak.mjs). The inputs are written to a temporary folder and
// deleted afterwards; nothing is committed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bigSse, manyCallsSse, manyTurnsJsonl } from './hostile-gen';

export interface CliFigure {
  label: string;
  fileMB: number;
  wallMs: number;
  cpuMs: number;
  peakRssMB: number;
  exit: number | null;
  /** The first line of stderr when the CLI did not exit 0. */
  error?: string;
}

const root = resolve(import.meta.dirname, '../..');

/** Runs the CLI on `text` (written as `name`) and measures it. */
export function measureCli(label: string, name: string, text: string): CliFigure {
  const dir = mkdtempSync(join(tmpdir(), 'streamscope-hostile-'));
  const file = join(dir, name);
  try {
    writeFileSync(file, text);
    const fileMB = statSync(file).size / 1e6;
    const start = performance.now();
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--import', join(root, 'bench/lib/peak.mjs'), join(root, 'src/cli/bin/inspect.ts'), file, '--json'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1024 * 1024 * 1024,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const wallMs = performance.now() - start;
    const peakLine = /streamscope-peak (\{.*\})/.exec(child.stderr ?? '');
    const peak = peakLine ? (JSON.parse(peakLine[1] as string) as { maxRssKB: number; cpuMs: number }) : { maxRssKB: 0, cpuMs: 0 };
    const fig: CliFigure = { label, fileMB: Math.round(fileMB * 10) / 10, wallMs: Math.round(wallMs), cpuMs: peak.cpuMs, peakRssMB: Math.round(peak.maxRssKB / 1024), exit: child.status };
    if (child.status !== 0) fig.error = (child.stderr ?? '').split('\n').find((l) => l.trim() !== '') ?? `signal ${child.signal ?? '?'}`;
    return fig;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function benchHostile(large: boolean): Record<string, CliFigure> {
  const out: Record<string, CliFigure> = {};
  out.turns100k = measureCli('100,000 turns (text and finish, 3 frames each)', 'turns.jsonl', manyTurnsJsonl(100_000, false));
  out.turnsWithCalls100k = measureCli('100,000 turns with one tool call each (5 frames each)', 'turns-calls.jsonl', manyTurnsJsonl(100_000, true));
  out.calls100k = measureCli('100,000 calls in one Chat turn', 'calls.sse', manyCallsSse(100_000));
  if (large) out.sse200MB = measureCli('a ~200 MB Chat SSE file', 'big.sse', bigSse(200e6));
  return out;
}
