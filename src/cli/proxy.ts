/**
 * `npm run record -- --proxy PORT --upstream URL --wire W --out FILE`: the recording proxy on the command line.
 *
 * Contract: `proxyMain(argv, io)` resolves to the exit code, never rejects, never exits the process. Bad options:
 * one line on stderr, 2. A port in use (and the like), an existing --out: one line, 2, nothing written. Otherwise the
 * proxy runs (proxy-server.ts), printing one line per turn and per fault on stderr, until `io.signal` is aborted
 * (Ctrl-C in the entry src/cli/bin/record.ts): then every finished turn is kept, a turn in flight ends `aborted`,
 * and the summary line goes to stdout (exit 0) or stderr (exit 1: nothing recorded, or the file refused for a
 * credential value). Without a signal it runs until the process ends.
 */
import type { LookupFunction } from 'node:net';
import type { CliIo } from './io';
import { parseProxyArgs, PROXY_USAGE } from './proxy-args';
import { startProxy } from './proxy-server';
import { terminalSafe } from './terminal-safe';

export interface ProxyCliIo extends CliIo {
  readonly signal?: AbortSignal;
  /** Name resolution for the upstream (tests only). */
  readonly lookup?: LookupFunction;
}

/** One line of the proxy's: escaped whole (./terminal-safe.ts), so a status text or path a server or client chose
 * cannot clear the screen, retitle the window or start a line of its own. */
const line = (text: string): string => `record: ${terminalSafe(text)}\n`;

export async function proxyMain(argv: readonly string[], io: ProxyCliIo): Promise<number> {
  try {
    const parsed = parseProxyArgs(argv);
    if (parsed.ok === 'help') {
      io.stdout(PROXY_USAGE + '\n');
      return 0;
    }
    if (!parsed.ok) {
      io.stderr(line(parsed.error));
      return 2;
    }
    const started = await startProxy(parsed.options, { log: (text) => io.stderr(line(text)), ...(io.lookup ? { lookup: io.lookup } : {}) });
    if (!started.ok) {
      io.stderr(line(started.message));
      return started.exitCode;
    }
    const signal = io.signal;
    await new Promise<void>((resolve) => {
      if (!signal) return;
      if (signal.aborted) return resolve();
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
    const result = await started.proxy.stop('interrupted (Ctrl-C)');
    (result.exitCode === 0 ? io.stdout : io.stderr)(line(result.message));
    return result.exitCode;
  } catch (e) {
    io.stderr(line(`unexpected failure: ${e instanceof Error ? e.message : String(e)}`));
    return 1;
  }
}
