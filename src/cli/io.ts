// What a CLI's `main(argv, io)` writes to. The entries (src/cli/bin/*.ts) pass the process's own streams; tests
// pass collectors and run the CLI in-process. `main` never writes to `process.stdout`/`stderr` itself, never calls
// `process.exit`: it returns the exit code and the entry sets it.

export interface CliIo {
  /** Writes text to standard output as it is (no newline added). */
  readonly stdout: (text: string) => void;
  /** Writes text to standard error as it is (no newline added). */
  readonly stderr: (text: string) => void;
}

export const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};
