// The CLI on big synthetic inputs (bench/lib/hostile-gen.ts): `npm run inspect -- FILE --json` in a child process,
// its wall time, CPU time and peak RSS (bench/lib/peak.mjs). The inputs are written to a temporary folder and
// deleted afterwards; nothing is committed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cliBundle } from '../../scripts/cli-bundle.mjs';
import { bigSse, manyCallsSse, manyTurnsJsonl } from './hostile-gen';
import { writeChatJsonl } from './generate';

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

/** The Node options `npm run inspect` gives (package.json: `node OPTIONS scripts/cli.mjs inspect`), so that what is
 * measured is what that command runs. */
export function inspectNodeOptions(): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const m = /^node((?: --[\w-]+(?:=\S+)?)*) scripts\/cli\.mjs inspect$/.exec(scripts.inspect ?? '');
  if (!m) throw new Error(`package.json's inspect script is not "node [--option...] scripts/cli.mjs inspect": ${scripts.inspect}`);
  return (m[1] ?? '').split(' ').filter((o) => o !== '');
}

/** Runs the CLI on `text` (written as `name`, or written by `text(path)` itself) and measures it. */
export function measureCli(label: string, name: string, text: string | ((path: string) => void)): CliFigure {
  const dir = mkdtempSync(join(tmpdir(), 'streamscope-hostile-'));
  const file = join(dir, name);
  try {
    if (typeof text === 'string') writeFileSync(file, text);
    else text(file);
    const fileMB = statSync(file).size / 1e6;
    // what `npm run inspect` runs (scripts/cli.mjs: the CLI bundled for plain Node), its bundle built before the clock
    const built = cliBundle('inspect');
    if (!built.ok) throw new Error(`the CLI could not be built: ${built.error}`);
    const start = performance.now();
    const child = spawnSync(process.execPath, [...inspectNodeOptions(), '--import', join(root, 'bench/lib/peak.mjs'), join(root, 'scripts/cli.mjs'), 'inspect', file, '--json'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1024 * 1024 * 1024,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const wallMs = performance.now() - start;
    const peakLine = /streamscope-peak (\{.*\})/.exec(child.stderr ?? '');
    const peak = peakLine ? (JSON.parse(peakLine[1] as string) as { maxRssKB: number; cpuMs: number }) : { maxRssKB: 0, cpuMs: 0 };
    const fig: CliFigure = { label, fileMB: Math.round(fileMB * 10) / 10, wallMs: Math.round(wallMs), cpuMs: peak.cpuMs, peakRssMB: Math.round(peak.maxRssKB / 1024), exit: child.status };
    // a failure, or what the CLI said on stderr besides its peak line (a turn too large to decode)
    const said = (child.stderr ?? '').split('\n').find((l) => l.trim() !== '' && !l.startsWith('streamscope-peak'));
    if (child.status !== 0) fig.error = said ?? `signal ${child.signal ?? '?'}`;
    else if (said !== undefined) fig.error = said;
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
  // the bench's Chat turn (bench/lib/generate.ts) as .jsonl, written in pieces: the budget rows of reading in pieces
  out.frames1M = measureCli('999,541 frames of one Chat turn (.jsonl)', 'frames-1m.jsonl', (path) => void writeChatJsonl(path, 1_000_000));
  if (large) {
    out.sse200MB = measureCli('a ~200 MB Chat SSE file', 'big.sse', bigSse(200e6));
    out.frames5M = measureCli('4,997,941 frames of one Chat turn (.jsonl)', 'frames-5m.jsonl', (path) => void writeChatJsonl(path, 5_000_000));
    out.frames5Mturns = measureCli('5 turns of 999,541 frames each (.jsonl)', 'frames-5x1m.jsonl', (path) => void writeChatJsonl(path, 1_000_000, 5));
  }
  return out;
}
