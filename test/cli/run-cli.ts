// The CLIs in-process: main(argv, io) with collecting writers, as the entries (src/cli/bin/*.ts) run it on the
// process. No tsx process per case; test/cli/entry.test.ts keeps a smoke test of the real entries.
import { main as inspectMain } from '../../src/cli/inspect';
import { main as recordMain } from '../../src/cli/record';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

async function collect(run: (io: { stdout: (t: string) => void; stderr: (t: string) => void }) => Promise<number>): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await run({ stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

/** `npm run inspect -- ...args`, in-process. */
export const inspect = (...args: string[]): Promise<CliRun> => collect((io) => inspectMain(args, io));

/** `npm run record -- ...args`, in-process; aborting `signal` is what Ctrl-C does. */
export const recordCli = (args: string[], signal?: AbortSignal): Promise<CliRun> => collect((io) => recordMain(args, { ...io, signal }));
