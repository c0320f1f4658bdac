// `npm run bench -- --fuzz N [--seed S]`: the fuzz tests of test/robustness (fuzz-*.test.ts) with N cases per
// property instead of CI's bounded count, and a fresh seed unless one is given (printed, so a failure can be
// replayed with --seed). Runs vitest's integration project on those files only; returns its exit code.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

export function runFuzz(cases: number, seed?: string): number {
  const root = resolve(import.meta.dirname, '../..');
  const files = readdirSync(resolve(root, 'test/robustness'))
    .filter((f) => /^fuzz-.*\.test\.ts$/.test(f))
    .map((f) => `test/robustness/${f}`);
  const chosen = seed ?? String(Date.now() % 2_147_483_647);
  process.stdout.write(`fuzz: ${files.join(', ')}; ${cases} cases per property; seed ${chosen} (replay: npm run bench -- --fuzz ${cases} --seed ${chosen})\n`);
  const start = performance.now();
  const child = spawnSync(process.execPath, [resolve(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'integration', ...files], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FUZZ_RUNS: String(cases), FUZZ_SEED: chosen },
  });
  process.stdout.write(`fuzz: ${((performance.now() - start) / 1000).toFixed(1)} s, exit ${child.status ?? child.signal}\n`);
  return child.status ?? 1;
}
