/**
 * Writes public/recordings/*.jsonl and index.json from the builders.
 * Run: npx tsx scripts/recordings/build.ts [--check]   (--check: exit 1 if a committed file differs)
 *
 * Contract: deterministic output; the manifest lists every recording with its id, file, group, title and summary
 * in the picker's order.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from './catalog';
import { manifestOf } from './manifest';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../../public/recordings');

const check = process.argv.includes('--check');
const built = buildAll();
const files: [string, string][] = built.map((b) => [`${b.id}.jsonl`, b.jsonl]);
files.push(['index.json', manifestOf(built)]);
mkdirSync(OUT, { recursive: true });
let stale = 0;
for (const [name, text] of files) {
  const path = join(OUT, name);
  if (check) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) {
      stale++;
      console.error(`stale: public/recordings/${name}`);
    }
  } else writeFileSync(path, text);
}
if (check && stale > 0) process.exit(1);
console.log(`${check ? 'checked' : 'wrote'} ${files.length} files in public/recordings`);
