// npm run build's poster step (../posters.ts) for a site built elsewhere (the end-to-end tests' and the benches'
// builds, made with Vite's API), in a process of its own: it renders on a jsdom window, which must not become the
// calling process's globals.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export function writePosters(builtDir: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../posters.ts'), builtDir], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
}
