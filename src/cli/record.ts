/**
 * `npm run record -- --wire W --url URL --body request.json --out FILE [--header "K: V"]...` (DESIGN section 9).
 *
 * Contract: bad options print one line and exit 2; otherwise the recorder runs (record-run.ts) and the process
 * exits with its code (0 complete, 1 HTTP error / broken stream / timeout, 130 Ctrl-C). A first Ctrl-C stops the
 * recording cleanly (the file ends with `end` status aborted); a second one exits at once.
 */
import { parseRecordArgs, USAGE } from './record-args';
import { record } from './record-run';

async function main(): Promise<number> {
  const parsed = parseRecordArgs(process.argv.slice(2));
  if (parsed.ok === 'help') {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  if (!parsed.ok) {
    process.stderr.write(`record: ${parsed.error}\n`);
    return 2;
  }
  const interrupt = new AbortController();
  process.on('SIGINT', () => {
    if (interrupt.signal.aborted) process.exit(130);
    interrupt.abort();
  });
  const result = await record(parsed.options, { signal: interrupt.signal, log: (line) => process.stderr.write(`record: ${line}\n`) });
  (result.exitCode === 0 ? process.stdout : process.stderr).write(`record: ${result.message}\n`);
  return result.exitCode;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`record: unexpected failure: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
