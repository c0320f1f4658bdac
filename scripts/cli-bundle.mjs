// The CLIs bundled for plain Node (./cli.mjs). `cliBundle(name, opts)` returns `{ ok: true, url, rebuilt }` for a
// bundle of src/cli/bin/<name>.ts that is fresh, building it first when it is not, or `{ ok: false, error }` with
// esbuild's own message. Fresh: the bundle and its list of inputs (esbuild's metafile) exist, and every input still
// exists and is no newer than the bundle. A bundle is written under a name of its own, then renamed into place, so
// two runs building at once never read half a file.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the bundles go: $STREAMSCOPE_CLI_CACHE, else node_modules/.cache/streamscope-cli. */
export const cacheDir = () => process.env.STREAMSCOPE_CLI_CACHE || join(ROOT, 'node_modules/.cache/streamscope-cli');

/** Whether the bundle at `out` (its inputs listed in `out`.inputs.json, relative to `root`) is fresh. */
export function isFresh(out, root = ROOT) {
  let built;
  let inputs;
  try {
    built = statSync(out).mtimeMs;
    inputs = Object.keys(JSON.parse(readFileSync(`${out}.inputs.json`, 'utf8')).inputs);
  } catch {
    return false;
  }
  if (inputs.length === 0) return false;
  for (const input of inputs) {
    try {
      if (statSync(join(root, input)).mtimeMs > built) return false;
    } catch {
      return false;
    }
  }
  return true;
}

const esbuild = () => join(ROOT, 'node_modules/esbuild/bin/esbuild');

export function cliBundle(name, { dir = cacheDir(), force = false } = {}) {
  const out = join(dir, `${name}.mjs`);
  const url = pathToFileURL(out).href;
  if (!force && isFresh(out)) return { ok: true, url, rebuilt: false };
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `${name}.${process.pid}.${Date.now()}.tmp.mjs`);
  // (esbuild's bin is its native binary once installed, or a script that runs it: either is run as it is)
  const run = spawnSync(
    esbuild(),
    [
      `src/cli/bin/${name}.ts`,
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node20',
      '--log-level=error',
      `--outfile=${tmp}`,
      `--metafile=${tmp}.inputs.json`,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0 || !existsSync(tmp)) {
    rmSync(tmp, { force: true });
    rmSync(`${tmp}.inputs.json`, { force: true });
    return { ok: false, error: (run.stderr || run.error?.message || `esbuild exited ${run.status}`).trim() };
  }
  // the inputs first: a bundle in place is never older than the list that says what it was built from
  renameSync(`${tmp}.inputs.json`, `${out}.inputs.json`);
  renameSync(tmp, out);
  return { ok: true, url, rebuilt: true };
}
