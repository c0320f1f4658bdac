/**
 * How a recording ends: the temporary file is closed, checked for credential values, and put in place of `--out`,
 * or removed. Nothing here removes a file the recorder did not create, and `--out` is replaced only here.
 *
 * Contract: `keep(run, result)` closes the writer, runs the last pass (./record-audit.ts) over the temporary file,
 * then: a value found, or a pass that could not run, removes the temporary file and returns exit 1 with a message
 * saying where the value was or why the pass could not run (`--out` is as it was); a clean file is committed
 * (./record-out.ts commitTemp) and `result` is returned with its message scrubbed, or exit 1 naming the temporary
 * file when it could not be put in place. `discard(run, result)` (nothing arrived: no response at all) closes and
 * removes the temporary file and returns `result`: `--out` is left as it was. Neither throws.
 */
import { auditFile } from './record-audit';
import { commitTemp, removeOwn } from './record-out';
import type { RecordWriter } from './record-writer';

export interface RecordResult {
  exitCode: number;
  message: string;
  chunks: number;
  bytes: number;
}

/** What the finishing needs of a running recording. */
export interface Running {
  writer: RecordWriter;
  temp: string;
  out: string;
  force: boolean;
}

const WHERE = { text: 'the text', bytes: 'a bytes event', body: 'the response body' } as const;

function closeWriter(run: Running): string | null {
  try {
    run.writer.close();
    return null;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? String(e);
  }
}

export function keep(run: Running, result: RecordResult): RecordResult {
  const closeError = closeWriter(run);
  const audit = closeError === null ? auditFile(run.temp, run.writer.secretsKept) : { ok: false as const, why: `closing it failed (${closeError})` };
  if (!audit.ok || audit.found) {
    const removed = removeOwn(run.temp);
    const gone = removed ? 'the file was removed' : `remove ${run.temp} by hand, it could not be removed`;
    const why =
      audit.ok && audit.found
        ? `a credential value was still in ${WHERE[audit.found.where]} at line ${audit.found.line}`
        : `the last check for credential values could not run on ${run.temp} (${audit.ok ? '' : audit.why})`;
    return { ...result, exitCode: 1, message: `refused to keep ${run.out}: ${why}; ${gone}` };
  }
  const failed = commitTemp(run.temp, run.out, run.force);
  if (failed) return { ...result, exitCode: 1, message: run.writer.scrub(`${result.message}; but ${failed}`) };
  return { ...result, message: run.writer.scrub(result.message) };
}

export function discard(run: Running, result: RecordResult): RecordResult {
  closeWriter(run);
  const removed = removeOwn(run.temp);
  const left = removed ? '' : ` (remove ${run.temp} by hand, it could not be removed)`;
  return { ...result, message: run.writer.scrub(`${result.message}${left}`) };
}
