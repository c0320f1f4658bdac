// Runs `inspect` (src/cli/inspect.ts main) on the process's own arguments and streams, as the entry does, then writes
// one JSON line {code, maxRssMb, ms} to descriptor 3, so that a test can read the peak memory of a run of its own:
// `node --import tsx test/cli/inspect-child.ts FILE ...` with stdio[3] a pipe.
import { writeSync } from 'node:fs';
import { main } from '../../src/cli/inspect';
import { processIo } from '../../src/cli/io';
import { peakKB } from '../../bench/lib/peak-kb.mjs';

const t0 = performance.now();
void main(process.argv.slice(2), processIo).then((code) => {
  // its own peak (VmHWM): a spawned child's maxRSS starts at its parent's size (bench/lib/peak-kb.mjs)
  const maxRssMb = Math.round(peakKB() / 1024);
  writeSync(3, `${JSON.stringify({ code, maxRssMb, ms: Math.round(performance.now() - t0) })}\n`);
  process.exitCode = code;
});
