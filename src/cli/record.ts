/**
 * `npm run record -- --wire W --url URL --body request.json --out FILE [--header "K: V"]...` (docs/cli.md); with
 * `--proxy PORT` anywhere in argv, the recording proxy for a whole agent run instead (proxy.ts, docs/recording.md).
 *
 * Contract: bad options print one line and exit 2; otherwise the recorder runs (record-run.ts) and main resolves to
 * its code (0 complete, 1 HTTP error / broken stream / timeout, 130 Ctrl-C). Aborting `io.signal` stops the
 * recording cleanly (the file ends with `end` status aborted). No side effects on import: the entry
 * src/cli/bin/record.ts wires Ctrl-C to the signal (a second one exits at once) and sets the exit code.
 * Every message line it prints goes through the CLIs' one escaping (./terminal-safe.ts): a status text, an error body, a
 * header value or a URL the server chose cannot clear the screen, retitle the window or reorder the line.
 */
import type { CliIo } from './io';
import { proxyMain } from './proxy';
import { isProxyMode } from './proxy-args';
import { parseRecordArgs, USAGE } from './record-args';
import { record } from './record-run';
import { terminalSafe } from './terminal-safe';

export interface RecordCliIo extends CliIo {
  /** Aborted on the first Ctrl-C: the recording ends as interrupted, exit 130. */
  readonly signal?: AbortSignal;
}

/** One line of the recorder's: escaped whole, LF included, so text a server chose cannot start a line of its own. */
const line = (text: string): string => `record: ${terminalSafe(text)}\n`;

/** Runs `npm run record` with these arguments; resolves to the exit code, never rejects. */
export async function main(argv: readonly string[], io: RecordCliIo): Promise<number> {
  if (isProxyMode(argv)) return proxyMain(argv, io);
  try {
    const parsed = parseRecordArgs(argv);
    if (parsed.ok === 'help') {
      io.stdout(USAGE + '\n');
      return 0;
    }
    if (!parsed.ok) {
      io.stderr(line(parsed.error));
      return 2;
    }
    const result = await record(parsed.options, { signal: io.signal, log: (text) => io.stderr(line(text)) });
    (result.exitCode === 0 ? io.stdout : io.stderr)(line(result.message));
    return result.exitCode;
  } catch (e) {
    io.stderr(line(`unexpected failure: ${e instanceof Error ? e.message : String(e)}`));
    return 1;
  }
}
