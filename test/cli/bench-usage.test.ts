// Every `npm run bench -- <flag>` that docs/performance.md tells a reader to run is a flag the bench knows: its
// usage (`--help`) lists it, and the bench refuses a flag it does not know (so a renamed flag cannot go stale in
// the docs unnoticed). The runs themselves are the benchmark's, not CI's (they take minutes and need a quiet machine).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');
const tsx = join(root, 'node_modules/.bin/tsx');

test("the docs' bench commands use flags the bench lists, and an unknown flag is refused", () => {
  const docs = readFileSync(join(root, 'docs/performance.md'), 'utf8');
  const block = /## How to reproduce\s+```([\s\S]*?)```/.exec(docs)?.[1] ?? '';
  const flags = [...block.matchAll(/npm run bench -- ((?:--[a-z-]+ ?)+)/g)].flatMap((m) => (m[1] ?? '').trim().split(/\s+/));
  expect(flags).toEqual(expect.arrayContaining(['--mobile', '--bytes', '--large-event', '--cli', '--pipeline', '--proxy', '--json']));
  const usage = execFileSync(tsx, ['bench/run.ts', '--help'], { cwd: root, encoding: 'utf8' });
  for (const flag of flags) expect(usage, flag).toMatch(new RegExp(`\\s${flag}\\b`));
  const refused = spawnSync(tsx, ['bench/run.ts', '--mobil'], { cwd: root, encoding: 'utf8' });
  expect(refused.status).not.toBe(0);
  expect(refused.stderr + refused.stdout).toMatch(/--mobil/);
}, 60_000);
