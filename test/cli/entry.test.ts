// The one process test of `npm run inspect` (the other tests run its main in-process): the real entry through npm,
// silently, as docs/cli.md says to pipe it: stdout is exactly the JSON report, and exit 2 with one stderr line
// reaches the shell.
import { spawnSync } from 'node:child_process';
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
});
