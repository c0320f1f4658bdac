// `node --expose-gc --import tsx test/robustness/run-case.ts CASE`: runs one case of huge-cases.ts and prints its
// outcomes as one JSON line on stdout. Run as a child process so that the test can kill it at a time limit.
import { CASES } from './huge-cases';
import { peakKB } from '../../bench/lib/peak-kb.mjs';

const name = process.argv[2] ?? '';
const make = CASES[name];
if (!make) {
  process.stderr.write(`run-case: unknown case ${JSON.stringify(name)}; known: ${Object.keys(CASES).join(', ')}\n`);
  process.exit(2);
}
const outcomes = make();
// the peak resident memory of the whole case (input generation included), for the report: its own VmHWM, not a
// maxRSS that starts at the test runner's size (bench/lib/peak-kb.mjs)
const maxRssMB = Math.round(peakKB() / 1024);
process.stdout.write(`${JSON.stringify({ outcomes, maxRssMB })}\n`);
