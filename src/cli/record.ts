/**
 * `npm run record -- --wire W --url URL --body request.json --out FILE [--header "K: V"]...` (docs/cli.md).
 *
 * Contract: bad options print one line and exit 2; otherwise the recorder runs (record-run.ts) and main resolves to
 * its code (0 complete, 1 HTTP error / broken stream / timeout, 130 Ctrl-C). Aborting `io.signal` stops the
 * recording cleanly (the file ends with `end` status aborted). No side effects on import: the entry
 * src/cli/bin/record.ts wires Ctrl-C to the signal (a second one exits at once) and sets the exit code.
 */
import type { CliIo } from './io';
import { parseRecordArgs, USAGE } from './record-args';
import { record } from './record-run';

export interface RecordCliIo extends CliIo {
  /** Aborted on the first Ctrl-C: the recording ends as interrupted, exit 130. */
  readonly signal?: AbortSignal;
}

/** Runs `npm run record` with these arguments; resolves to the exit code, never rejects. */
export async function main(argv: readonly string[], io: RecordCliIo): Promise<number> {
  try {
    const parsed = parseRecordArgs(argv);
    if (parsed.ok === 'help') {
      io.stdout(USAGE + '\n');
      return 0;
    }
    if (!parsed.ok) {
      io.stderr(`record: ${parsed.error}\n`);
      return 2;
    }
    const result = await record(parsed.options, { signal: io.signal, log: (line) => io.stderr(`record: ${line}\n`) });
    (result.exitCode === 0 ? io.stdout : io.stderr)(`record: ${result.message}\n`);
    return result.exitCode;
  } catch (e) {
    io.stderr(`record: unexpected failure: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
