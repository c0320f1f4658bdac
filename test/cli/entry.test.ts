// The one process test of `npm run inspect` (the other tests run its main in-process): the real entry through npm,
// silently, as docs/cli.md says to pipe it: stdout is exactly the JSON report, and exit 2 with one stderr line
// reaches the shell.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STRATEGY_IDS } from '../../src/core/types';

const npmInspect = (...args: string[]) => spawnSync('npm', ['run', '-s', 'inspect', '--', ...args], { encoding: 'utf8', timeout: 60_000 });

describe('npm run -s inspect (the real entry)', () => {
  it('prints a JSON report that parses, and exits 2 with one line on a missing file', () => {
    const ok = npmInspect('public/recordings/parallel-probe.jsonl', '--json');
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stderr).toBe('');
    const report = JSON.parse(ok.stdout) as { wire: string; strategies: { id: string }[] };
    expect(report.wire).toBe('openai-chat');
    expect(report.strategies.map((s) => s.id)).toEqual(STRATEGY_IDS);

    const missing = npmInspect('no/such/file.jsonl', '--json');
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe('inspect: cannot read no/such/file.jsonl: no such file\n');
  });

  it("docs/cli.md's direct call, with the Node option npm gives it, prints the same report", () => {
    const viaNpm = npmInspect('public/recordings/parallel-probe.jsonl', '--json');
    const direct = spawnSync('node', ['--max-semi-space-size=4', 'scripts/cli.mjs', 'inspect', 'public/recordings/parallel-probe.jsonl', '--json'], { encoding: 'utf8', timeout: 60_000 });
    expect(direct.status, direct.stderr).toBe(0);
    expect(direct.stdout).toBe(viaNpm.stdout);
    expect(readFileSync('docs/cli.md', 'utf8')).toContain('`node --max-semi-space-size=4 scripts/cli.mjs inspect FILE --json`');
    expect((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { inspect: string } }).scripts.inspect).toBe('node --max-semi-space-size=4 scripts/cli.mjs inspect');
  });
});
