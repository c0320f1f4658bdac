// npm run build's last step: embed.html's posters, the player's first view prerendered for the shipped recordings
// (src/embed/poster-main.ts shows one while the player's code is on its way; docs/embedding.md, "Posters").
//
// For each URL in POSTER_URLS (every shipped recording by `rec=`, none, and the views the docs and the course example
// embed), in both languages and both layouts (a phone's width: the panels as tabs; a column's: side by side), the
// player is mounted in Node on a jsdom window (./posters/render.ts) with the built site's recordings, and its markup
// written to dist/posters/<hash>.html (the same markup once). The manifest (key -> language -> layout -> file) and
// the poster's script (src/embed/poster-main.ts, bundled here: a chunk of the page's own bundle would arrive with
// the rest of it) go into dist/embed.html ahead of the player's script. Dev (npm run dev) has no posters.
// Usage: tsx scripts/posters.ts [built-site-folder, default dist/]
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build, createServer } from 'vite';
import { installDom } from './posters/dom';
import { posterRenderer } from './posters/render';
import { posterKey, type PosterEntry, type PosterLang, type PosterManifest, type PosterWidth } from '../src/embed/posterKey';
import { DEFAULT_RECORDING } from '../src/store/state';
import { PAGE_FETCH_BYTES } from '../src/store/fetchRecording';

const ROOT = resolve(import.meta.dirname, '..');
/** The built site to add posters to: dist/, or the folder given (the end-to-end tests build into one of their own). */
const DIST = resolve(process.argv[2] ?? join(ROOT, 'dist'));
/** Besides `rec=<id>` of every shipped recording and no parameter at all: the views the docs and examples embed. */
const EXTRA_URLS = ['?rec=parallel-probe&s=shared-buffer&panels=raw,buffers,results&controls=min'];
const LANGS: readonly PosterLang[] = ['en', 'zh'];
/** A width of each layout class (src/embed/posterKey.ts `posterWidth`). */
const WIDTHS: Readonly<Record<PosterWidth, number>> = { n: 400, r: 1024 };

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

interface Shipped {
  id: string;
  file: string;
  bytes?: number;
  wire?: string;
}

/** The views to prerender, each with the file of its recording when the page fetches it itself (not in a worker), and
 * the recording's wire (the page asks for its code at once: src/embed/earlyChunks.ts). */
async function posterUrls(): Promise<{ url: string; recording: string | undefined; wire: string | undefined }[]> {
  const index = JSON.parse(await readFile(join(DIST, 'recordings/index.json'), 'utf8')) as { recordings: Shipped[] };
  const shippedOf = (url: string) => index.recordings.find((r) => r.id === (new URLSearchParams(url).get('rec') ?? DEFAULT_RECORDING));
  const urls = ['', ...index.recordings.map((r) => `?rec=${encodeURIComponent(r.id)}`), ...EXTRA_URLS];
  return urls.map((url) => {
    const shipped = shippedOf(url);
    return { url, recording: shipped && (shipped.bytes ?? Infinity) <= PAGE_FETCH_BYTES ? shipped.file : undefined, wire: shipped?.wire };
  });
}

async function bundleLoader(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      // an IIFE: Vite keeps an ES library's whitespace, and the script has nothing to export
      lib: { entry: join(ROOT, 'src/embed/poster-main.ts'), formats: ['iife'], name: 'streamscopePoster', fileName: () => 'poster.js' },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : []));
  const chunk = outputs.find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('posters: the poster script did not build');
  const name = `poster-${hash(chunk.code)}.js`;
  await writeFile(join(DIST, 'assets', name), chunk.code);
  return name;
}

async function main(): Promise<void> {
  const started = performance.now();
  const dom = installDom(DIST);
  // (vite.config.ts imports its neighbours without an extension, which Vite's coming native config loader warns about
  // on every load: said once by the build before this step)
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  const vite = await createServer({
    root: ROOT,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    ssr: { noExternal: true },
  });
  const manifest: PosterManifest = {};
  const files = new Map<string, string>();
  try {
    const render = await posterRenderer(vite, dom);
    for (const { url, recording, wire } of await posterUrls()) {
      const key = posterKey(url);
      if (key === null) throw new Error(`posters: ${url} names a parameter twice`);
      const entry: PosterEntry = { posters: {}, ...(recording !== undefined && { recording }), ...(wire !== undefined && { wire }) };
      for (const lang of LANGS)
        for (const [width, px] of Object.entries(WIDTHS) as [PosterWidth, number][]) {
          const html = await render(url, lang, px);
          const file = `${hash(html)}.html`;
          files.set(file, html);
          (entry.posters[lang] ??= {})[width] = file;
        }
      manifest[key] = entry;
    }
  } finally {
    await vite.close();
  }
  await rm(join(DIST, 'posters'), { recursive: true, force: true });
  await mkdir(join(DIST, 'posters'));
  for (const [file, html] of files) await writeFile(join(DIST, 'posters', file), html);
  const loader = await bundleLoader();
  const page = join(DIST, 'embed.html');
  const html = await readFile(page, 'utf8');
  const at = html.indexOf('<script type="module"');
  if (at < 0 || html.includes('id="ss-posters"')) throw new Error('posters: dist/embed.html is not the page vite built');
  const json = JSON.stringify(manifest).replace(/</g, '\\u003c');
  const tags = `<script type="application/json" id="ss-posters">${json}</script>\n    <script type="module" crossorigin src="./assets/${loader}"></script>\n    `;
  await writeFile(page, html.slice(0, at) + tags + html.slice(at));
  const bytes = [...files.values()].reduce((n, h) => n + h.length, 0);
  console.log(`posters: ${Object.keys(manifest).length} views, ${files.size} files, ${(bytes / 1024).toFixed(0)} KB, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await main();
process.exit(0);
