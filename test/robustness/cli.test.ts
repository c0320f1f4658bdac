// The inspect CLI on bad files: random bytes, empty, header only, a truncated line, a 10 MB line, a directory, a
// missing file, a file name with a line break, a fault that does not fit. Each exits 0 (stdout is the JSON report)
// or 2 with exactly one line on stderr and no stack trace. The CLI runs in-process (its main); the time of each case
// is printed for the report, not asserted.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { STRATEGY_IDS } from '../../src/core/types';
import { inspect as runInspect } from '../cli/run-cli';

const dir = mkdtempSync(join(tmpdir(), 'robust-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  label: string;
  code: number;
  out: string;
  err: string;
  ms: number;
}

async function inspect(label: string, args: string[]): Promise<Run> {
  const start = performance.now();
  const r = await runInspect(...args);
  return { label, ...r, ms: performance.now() - start };
}

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const probe = readFileSync('public/recordings/parallel-probe.jsonl');
const header = probe.subarray(0, probe.indexOf(10) + 1);
const randomFiles = fc.sample(fc.uint8Array({ minLength: 1, maxLength: 2048 }), { seed: 7, numRuns: 3 });
mkdirSync(join(dir, 'a-directory'));

/** [label, args, expected exit code or null when 0 and 2 are both fine] */
const CASES: [string, string[], 0 | 2 | null][] = [
  ...randomFiles.map((b, i): [string, string[], null] => [`random bytes #${i}`, [file(`random-${i}${['.jsonl', '.sse', ''][i]}`, b), '--json'], null]),
  ['empty file', [file('empty.jsonl', ''), '--json'], 2],
  ['header only', [file('header-only.jsonl', header), '--json'], null],
  ['header cut mid-line', [file('header-cut.jsonl', header.subarray(0, 40)), '--json'], 2],
  ['last line truncated', [file('truncated.jsonl', probe.subarray(0, Math.floor(probe.length * 0.6))), '--json'], 0],
  ['a 10 MB line', [file('long.sse', `data: ${'x'.repeat(10 * 1024 * 1024)}\n\n`), '--json'], 0],
  ['a directory', [join(dir, 'a-directory'), '--json'], 2],
  ['a missing file', [join(dir, 'missing.jsonl'), '--json'], 2],
  ['a file name with a line break', [file('bad\nname.jsonl', ''), '--json'], 2],
  ['a fault past the last frame', ['public/recordings/parallel-probe.jsonl', '--json', '--fault', 'cut:99999999'], 2],
  ['a fault that is not one', ['public/recordings/parallel-probe.jsonl', '--json', '--fault', '<img src=x onerror=alert(1)>'], 2],
];

describe('inspect on bad input', () => {
  it('exits 0 with a JSON report, or 2 with one line on stderr and no stack trace', async () => {
    const runs: Run[] = [];
    for (const [label, args] of CASES) runs.push(await inspect(label, args));
    console.log(runs.map((r) => `${r.ms.toFixed(0).padStart(6)} ms  exit ${r.code}  ${r.label}: ${r.err.trim() || '(stdout JSON)'}`.slice(0, 240)).join('\n'));
    for (const [i, r] of runs.entries()) {
      const expected = (CASES[i] as (typeof CASES)[number])[2];
      expect([0, 2], `${r.label}: exit ${r.code} ${r.err.slice(0, 300)}`).toContain(r.code);
      if (expected !== null) expect(r.code, `${r.label}: ${r.err.slice(0, 300)}`).toBe(expected);
      expect(r.err, r.label).not.toMatch(/\n\s+at /);
      if (r.code === 2) {
        expect(r.err, r.label).toMatch(/^inspect: [^\n]+\n$/);
        expect(r.err.length, r.label).toBeLessThan(1000);
        expect(r.out, r.label).toBe('');
      } else {
        const report = JSON.parse(r.out) as { strategies: { id: string }[] };
        expect(report.strategies.map((s) => s.id), r.label).toEqual(STRATEGY_IDS);
      }
    }
    const byLabel = (l: string) => runs.find((r) => r.label === l) as Run;
    expect(byLabel('empty file').err).toContain('empty');
    expect(byLabel('a missing file').err).toContain('no such file');
    expect(byLabel('a directory').err).toContain('directory');
    expect(byLabel('a fault past the last frame').err).toContain('99999999');
  });

  it("never writes the file's control characters (ESC, BEL) raw to the terminal", async () => {
    // JSON.parse's message quotes the input: an ESC sequence in a header could retitle or clear the terminal
    const r = await inspect('escapes', [file('escapes.jsonl', '[\u001b]0;pwned\u0007\u001b[2J\n'), '--json']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^inspect: [^\n]+\n$/);
    const controls = [...r.err.slice(0, -1)].filter((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
    expect(controls.map((c) => c.charCodeAt(0).toString(16))).toEqual([]);
  });
});
