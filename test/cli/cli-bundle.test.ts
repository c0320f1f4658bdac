// `npm run inspect` / `npm run record` run their CLI bundled for plain Node (scripts/cli.mjs, scripts/cli-bundle.mjs):
// built once, built again when a file it came from changed after its build started or is gone, or when it was built
// by another esbuild or for another checkout; and the bundled CLI prints what the CLI's own main prints in-process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliBundle, isFresh } from '../../scripts/cli-bundle.mjs';
import { inspect } from './run-cli';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'streamscope-cli-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const launch = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/cli.mjs', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, STREAMSCOPE_CLI_CACHE: dir }, timeout: 60_000 });

describe('the CLIs bundled for plain Node', () => {
  it('builds once, then reuses the bundle until an input changed after its build started or is gone, or another build made it', () => {
    const first = cliBundle('inspect', { dir });
    expect(first).toMatchObject({ ok: true, rebuilt: true });
    const out = join(dir, 'inspect.mjs');
    const inputs = Object.keys((JSON.parse(readFileSync(`${out}.inputs.json`, 'utf8')) as { inputs: Record<string, unknown> }).inputs);
    expect(inputs).toContain('src/cli/bin/inspect.ts');
    expect(inputs).toContain('src/core/session/session.ts');
    // its packages are in it: it imports Node's own modules only, so it runs from a folder with no node_modules
    expect(inputs.some((p) => p.includes('node_modules/eventsource-parser'))).toBe(true);
    const imports = [...readFileSync(out, 'utf8').matchAll(/^import .* from "([^"]+)";?$/gm)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((m) => !m?.startsWith('node:'))).toEqual([]);
    expect(isFresh(out)).toBe(true);
    expect(cliBundle('inspect', { dir })).toMatchObject({ ok: true, rebuilt: false });

    // the list of inputs carries the build's start and key
    const metaPath = `${out}.inputs.json`;
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as { key: string; startedMs: number; inputs: Record<string, unknown> };
    expect(meta.startedMs).toBeLessThanOrEqual(Date.now());
    expect(JSON.parse(meta.key)).toMatchObject({ root });
    const withMeta = (change: Partial<typeof meta>) => writeFileSync(metaPath, JSON.stringify({ ...meta, ...change }));

    // a source changed after the build started (here: the build said to start before every file was written)
    withMeta({ startedMs: 0 });
    expect(isFresh(out)).toBe(false);
    // built by another esbuild, with other flags or for another checkout sharing this folder (a git worktree)
    withMeta({ key: JSON.stringify({ root: '/elsewhere' }) });
    expect(isFresh(out)).toBe(false);
    withMeta({});
    expect(isFresh(out)).toBe(true);
    expect(isFresh(out, join(dir, 'another-checkout'))).toBe(false);
    // an input that is gone (a file deleted or renamed)
    withMeta({ inputs: { ...meta.inputs, 'src/cli/no-such-file.ts': {} } });
    expect(isFresh(out)).toBe(false);
    writeFileSync(metaPath, 'not json');
    expect(isFresh(out)).toBe(false);
    // and a stale bundle is built again
    const before = statSync(out).mtimeMs;
    expect(cliBundle('inspect', { dir })).toMatchObject({ ok: true, rebuilt: true });
    expect(statSync(out).mtimeMs).toBeGreaterThanOrEqual(before);
    expect(isFresh(out)).toBe(true);
  });

  it('says what esbuild said when the CLI cannot be built, and the launcher exits 2 with it', () => {
    const built = cliBundle('no-such-cli', { dir });
    expect(built.ok).toBe(false);
    expect(built.ok ? '' : built.error).toMatch(/no-such-cli/);
    const usage = launch('nope');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toBe('usage: node scripts/cli.mjs inspect|record ARGS...\n');
  });

  it('the bundled inspect prints exactly what its main prints in-process, and exits as it does', async () => {
    for (const args of [['public/recordings/agent-run.jsonl', '--json'], ['public/recordings/parallel-probe.jsonl', '--lang', 'en'], ['no/such/file.sse']]) {
      const bundled = launch('inspect', ...args);
      const inProcess = await inspect(...args);
      expect(bundled.stdout, args.join(' ')).toBe(inProcess.out);
      expect(bundled.stderr, args.join(' ')).toBe(inProcess.err);
      expect(bundled.status, args.join(' ')).toBe(inProcess.code);
    }
    const record = launch('record', '--help');
    expect(record.status).toBe(0);
    expect(record.stdout).toMatch(/^usage: npm run record -- --wire W/);
  });
});
