// The doc-site recipes of docs/embedding.md, followed word for word: each recipe's fenced blocks marked
// `file=PATH` are written to a fresh site folder, and its `sh` blocks are run there with bash, after the packed
// tarball (`npm pack`, once per run: ./global-setup.ts) is put beside them. The sites are built in `.sites/` of this
// repository (ignored by git), so a generator installed as this repository's dev dependency (VitePress) is found
// from there, as it would be from the site's own node_modules; the package itself comes from the tarball only.
// A generator that is no dependency of ours (Docusaurus, Starlight) is installed by the recipe itself, from the npm
// registry, in a folder under the system's temporary folder, where nothing of this repository can be found.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import { basename, delimiter, dirname, extname, join, normalize, resolve } from 'node:path';

export interface Recipe {
  files: { path: string; text: string }[];
  shell: string[];
}

/** The blocks under `### <heading>` of docs/embedding.md, up to the next heading of that level or above. */
export function recipe(heading: string): Recipe {
  const doc = readFileSync('docs/embedding.md', 'utf8');
  const start = doc.indexOf(`\n### ${heading}\n`);
  if (start < 0) throw new Error(`docs/embedding.md has no "### ${heading}" section`);
  const rest = doc.slice(start + heading.length + 6);
  const end = rest.search(/\n#{2,3} /);
  const section = end < 0 ? rest : rest.slice(0, end);
  const out: Recipe = { files: [], shell: [] };
  for (const m of section.matchAll(/```([^\n]*)\n([\s\S]*?)```/g)) {
    const info = (m[1] ?? '').trim();
    const body = m[2] ?? '';
    const file = /\bfile=(\S+)/.exec(info)?.[1];
    if (file) out.files.push({ path: file, text: body });
    else if (info === 'sh') out.shell.push(body);
  }
  return out;
}

/**
 * A fresh folder for a site, with the tarball copied in and a package.json of its own (a recipe may write its own).
 * `outside`: under the system's temporary folder instead of `.sites/`, so no module of this repository is found.
 */
export function freshSite(name: string, tarball: string, { outside = false } = {}): string {
  const parent = outside ? tmpdir() : resolve('.sites');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, `streamscope-${name}-`));
  copyFileSync(tarball, join(dir, basename(tarball)));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `${name}-site`, private: true, type: 'module' }, null, 2));
  return dir;
}

export interface FollowOptions {
  /** npm may fetch from the registry (a recipe that installs its generator); else offline: the tarball needs nothing */
  online?: boolean;
  /** for each shell block, in ms */
  timeout?: number;
  /** put before PATH (a generator's own binary) */
  path?: string;
}

/** Writes the recipe's files and runs its shell blocks in `dir`; returns what they printed (stdout and stderr). */
export function follow(dir: string, r: Recipe, options: FollowOptions = {}): string {
  for (const f of r.files) {
    const target = join(dir, f.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, f.text);
  }
  let printed = '';
  for (const script of r.shell) {
    // stderr into stdout, in order: a generator's warnings are part of what a course author sees
    const run = spawnSync('bash', ['-euo', 'pipefail', '-c', `exec 2>&1\n${script}`], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: options.timeout ?? 120_000,
      env: {
        ...process.env,
        ...(options.online ? { npm_config_prefer_offline: 'true' } : { npm_config_offline: 'true' }),
        ...(options.path ? { PATH: `${options.path}${delimiter}${process.env.PATH ?? ''}` } : {}),
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        npm_config_update_notifier: 'false',
      },
    });
    printed += run.stdout ?? '';
    if (run.status !== 0) throw new Error(`the recipe's shell block failed (${run.error?.message ?? `exit ${run.status}, signal ${run.signal}`}):\n${script}\n${(run.stdout ?? '').slice(-4000)}`);
  }
  return printed;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.jsonl': 'application/x-ndjson',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** A static file server for a built site on 127.0.0.1 (`/x/` serves `/x/index.html`, `/x` serves `/x.html`). */
export async function serve(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    // the browser asks every site for one, and Starlight's pages name /favicon.svg; these minimal sites have none
    // (and no console error should come of it)
    if ((path === '/favicon.ico' || path === '/favicon.svg') && !existsSync(join(root, path))) {
      res.writeHead(204);
      res.end();
      return;
    }
    const candidates = path.endsWith('/') ? [join(path, 'index.html')] : [path, `${path}.html`, join(path, 'index.html')];
    for (const c of candidates) {
      try {
        const body = readFileSync(join(root, c));
        res.writeHead(200, { 'content-type': TYPES[extname(c)] ?? 'application/octet-stream' });
        res.end(body);
        return;
      } catch {
        // the next candidate
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => new Promise((r) => server.close(() => r())) };
}
