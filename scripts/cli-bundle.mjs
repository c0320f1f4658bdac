// The CLIs bundled for plain Node (./cli.mjs). `cliBundle(name, opts)` returns `{ ok: true, url, rebuilt }` for a
// bundle of src/cli/bin/<name>.ts that is fresh, building it first when it is not, or `{ ok: false, error }` with
// esbuild's own message. Fresh: the bundle and its list of inputs (esbuild's metafile, with the time its build
// started and the build's key) exist, the key is this checkout's (its folder, esbuild's version, the flags below),
// and every input still exists and was last changed before that build started (a file saved during a build makes
// it stale). A bundle is written under a name of its own, then renamed into place: a run never reads half a file.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the bundles go: $STREAMSCOPE_CLI_CACHE, else node_modules/.cache/streamscope-cli (a checkout that shares
 * another's node_modules, a git worktree, has the other's folder: the build key tells their bundles apart). */
export const cacheDir = () => process.env.STREAMSCOPE_CLI_CACHE || join(ROOT, 'node_modules/.cache/streamscope-cli');

const esbuild = () => join(ROOT, 'node_modules/esbuild/bin/esbuild');

const FLAGS = ['--bundle', '--platform=node', '--format=esm', '--target=node20', '--log-level=error'];

/** What a bundle was built by and for: this checkout's folder, esbuild's version and the flags. */
function buildKey(root) {
  let version = '?';
  try {
    version = JSON.parse(readFileSync(join(root, 'node_modules/esbuild/package.json'), 'utf8')).version;
  } catch {
    // no esbuild: the build says so
  }
  return JSON.stringify({ root, esbuild: version, flags: FLAGS });
}

/** Whether the bundle at `out` (its inputs listed in `out`.inputs.json, relative to `root`) is fresh. */
export function isFresh(out, root = ROOT) {
  let meta;
  try {
    statSync(out);
    meta = JSON.parse(readFileSync(`${out}.inputs.json`, 'utf8'));
  } catch {
    return false;
  }
  const inputs = Object.keys(meta?.inputs ?? {});
  if (inputs.length === 0 || typeof meta.startedMs !== 'number' || meta.key !== buildKey(root)) return false;
  for (const input of inputs) {
    try {
      if (statSync(join(root, input)).mtimeMs >= meta.startedMs) return false;
    } catch {
      return false;
    }
  }
  return true;
}

export function cliBundle(name, { dir = cacheDir(), force = false } = {}) {
  const out = join(dir, `${name}.mjs`);
  const url = pathToFileURL(out).href;
  if (!force && isFresh(out)) return { ok: true, url, rebuilt: false };
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `${name}.${process.pid}.${Date.now()}.tmp.mjs`);
  const startedMs = Date.now();
  // (esbuild's bin is its native binary once installed, or a script that runs it: either is run as it is)
  const run = spawnSync(
    esbuild(),
    [`src/cli/bin/${name}.ts`, ...FLAGS, `--outfile=${tmp}`, `--metafile=${tmp}.inputs.json`],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0 || !existsSync(tmp)) {
    rmSync(tmp, { force: true });
    rmSync(`${tmp}.inputs.json`, { force: true });
    return { ok: false, error: (run.stderr || run.error?.message || `esbuild exited ${run.status}`).trim() };
  }
  // the build's start and key beside esbuild's list of inputs; the list first: a bundle in place is never older than
  // the list that says what it was built from
  const meta = JSON.parse(readFileSync(`${tmp}.inputs.json`, 'utf8'));
  writeFileSync(`${tmp}.inputs.json`, JSON.stringify({ key: buildKey(ROOT), startedMs, inputs: meta.inputs }));
  renameSync(`${tmp}.inputs.json`, `${out}.inputs.json`);
  renameSync(tmp, out);
  return { ok: true, url, rebuilt: true };
}
