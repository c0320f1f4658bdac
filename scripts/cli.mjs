// The entry of `npm run inspect` and `npm run record` (`node scripts/cli.mjs inspect|record ARGS...`): runs that
// CLI (src/cli/bin/<name>.ts) on plain Node, bundled by esbuild, instead of under tsx, which compiles on every start
// and stays loaded. Measured (session 18): a six-frame recording 0.5 s and 60 MB instead of 3.0 s and 98 MB; one 50 MB
// chunk 152 MB peak RSS instead of 203; one 30 MB argument 280 MB instead of 316; 1M frames 3.3 s instead of 4.0 s.
// The bundle holds its packages too (eventsource-parser): it imports only Node's own modules, so it runs from any
// folder.
//
// `npm run inspect` runs this with `--max-semi-space-size=4` (package.json; bench/lib/hostile.ts measures the CLI with
// the same options): V8's young generation at 4 MB instead of 16 keeps 10 to 17 MB less resident at the peak of a
// large stream (250,000 to 1,000,000 call-heavy frames), at the same CPU time (docs/performance.md, "Memory on a
// call-heavy stream"). The option must be Node's own: V8 sizes its heap when the process starts.
//
// The bundle is built into node_modules/.cache/streamscope-cli (or $STREAMSCOPE_CLI_CACHE) on the first run and
// again whenever one of the files it was built from changed after that build started or is gone, or the bundle was
// built by another esbuild or for another checkout (./cli-bundle.mjs). Then the bundle is
// imported in this very process, with process.argv as the CLI expects it: its peak memory is this process's.
import { cliBundle } from './cli-bundle.mjs';

const [name] = process.argv.splice(2, 1);
if (name !== 'inspect' && name !== 'record') {
  process.stderr.write('usage: node scripts/cli.mjs inspect|record ARGS...\n');
  process.exit(2);
}
const built = cliBundle(name);
if (!built.ok) {
  process.stderr.write(`${name}: could not build the CLI from src/cli/bin/${name}.ts:\n${built.error}\n`);
  process.exit(2);
}
await import(built.url);
