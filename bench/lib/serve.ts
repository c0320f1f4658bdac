// Builds the app (into dist/, or a folder of the caller's choosing) and serves it on 127.0.0.1 with the generated
// 100,000-frame recording added to recordings/index.json as `bench-100k`, for the browser half of the benchmark.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import { writePosters } from '../../scripts/posters/run';

export interface Served {
  base: string;
  close: () => Promise<void>;
}

/**
 * Adds `jsonl` to outDir/recordings as the recording `id` (idempotent); with `file`, the recording is that file,
 * already written into outDir/recordings (`jsonl` is then ignored).
 */
export function addRecording(outDir: string, id: string, jsonl: string, title: string, file?: string): void {
  mkdirSync(join(outDir, 'recordings'), { recursive: true });
  if (file === undefined) writeFileSync(join(outDir, 'recordings', `${id}.jsonl`), jsonl);
  const indexPath = join(outDir, 'recordings', 'index.json');
  const index = JSON.parse(readFileSync(indexPath, 'utf8')) as { recordings: { id: string }[] };
  if (!index.recordings.some((r) => r.id === id)) {
    index.recordings.push({ id, file: file ?? `${id}.jsonl`, group: 'failure', title: { zh: title, en: title }, summary: { zh: '生成', en: 'generated' } } as never);
    writeFileSync(indexPath, JSON.stringify(index));
  }
}

export interface ServedRecording {
  id: string;
  title: string;
  /** The .jsonl text, or, with `write`, nothing. */
  jsonl: string;
  /** Writes the recording itself to the given path in outDir/recordings (a file too large for one string). */
  write?: { file: string; to: (path: string) => void };
}

/** `lib`: also the library build (vite.lib.config.ts: dist/element.js, dist/streamscope.js, dist/lib/*) into outDir. */
export async function buildAndServe(root: string, outDir: string, opts: { skipBuild?: boolean; recordings?: ServedRecording[]; lib?: boolean } = {}): Promise<Served> {
  if (!opts.skipBuild) {
    await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    if (opts.lib) await build({ root, configFile: join(root, 'vite.lib.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: false } });
    // npm run build's last step: embed.html's posters
    writePosters(outDir);
  }
  for (const r of opts.recordings ?? []) {
    if (r.write) {
      mkdirSync(join(outDir, 'recordings'), { recursive: true });
      r.write.to(join(outDir, 'recordings', r.write.file));
    }
    addRecording(outDir, r.id, r.jsonl, r.title, r.write?.file);
  }
  const server: PreviewServer = await preview({ root, build: { outDir }, preview: { host: '127.0.0.1', port: 0 }, logLevel: 'warn' });
  const base = server.resolvedUrls?.local[0];
  if (!base) throw new Error('preview server has no URL');
  return { base, close: () => server.close() };
}
