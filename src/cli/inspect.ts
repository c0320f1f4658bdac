// `npm run inspect -- FILE|- [--json] [--strategy ID] [--fault X]... [--lang zh|en] [--max-bytes N]`: analyze a
// recording (a file, a FIFO, a pipe, or standard input as `-`, read within a limit: ./inspect-input.ts) and print a
// summary (in zh or en) or, with --json, the report of docs/cli.md (the same in every language). Exit codes: 0 analyzed (whatever the verdicts), 2 unusable input or
// arguments (ONE line on stderr naming what and where, never a stack trace). `main` has no side effects on import:
// the entry src/cli/bin/inspect.ts runs it on the process; tests run it in-process with collecting writers.
import { analyze } from '../core/session/session';
import { enableLargeInputPaths } from '../core/large-inputs';
import type { LoadFailure, Mutable, Recording, Turn } from '../core/types';
import { STRATEGY_IDS } from '../core/types';
import { english } from '../core/load/english';
import type { CliIo } from './io';
import { parseInspectArgs, USAGE } from './inspect-args';
import { inspectJsonParts } from './inspect-json';
import { fail, loadInput, openInput, Unusable } from './inspect-input';
import { decodeText } from './node-text';
import { terminalSafe } from './terminal-safe';

/** One line, with what a terminal would act on shown as escapes: a hostile file cannot retitle or clear the terminal. */
function oneLine(message: string): string {
  return terminalSafe(message.replace(/\s*\n\s*/g, ' '));
}

function where(e: LoadFailure): string {
  const parts = [e.line !== undefined ? `line ${e.line}` : '', e.byteOffset !== undefined ? `byte offset ${e.byteOffset}` : ''].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** One line per fault, in order: applied, or applied but changed nothing (same bytes, chunks and times). */
function faultReport(faults: readonly string[], noEffect: readonly number[]): string {
  return faults
    .map((spec, i) => `inspect: --fault ${terminalSafe(spec)} ${noEffect.includes(i) ? 'changed nothing (same bytes, chunks and times as before it)' : 'applied'}`)
    .join('\n');
}

/** What the entry may give main besides its streams (tests give nothing). */
export interface InspectHost {
  /** A full garbage collection: called once, when the decoded turns' chunk bytes have just been let go. */
  readonly collectGarbage?: () => void;
}

async function inspect(argv: readonly string[], io: CliIo, host: InspectHost): Promise<void> {
  const parsed = parseInspectArgs(argv, process.env);
  if (!parsed.ok) fail(parsed.error);
  if ('help' in parsed) {
    io.stdout(`${USAGE}\n`);
    return;
  }
  const { file, json, strategy, faults, lang, maxBytes } = parsed.args;
  const loaded = loadInput(await openInput(file, io, maxBytes));
  if (!loaded.ok) {
    const e = loaded.error;
    // The loader's messages usually say where already ("line 3 (byte 120): ..."); add it only when they do not.
    const message = english(e);
    const placed = e.line !== undefined && message.includes(`line ${e.line}`);
    fail(`${file}${placed ? '' : where(e)}: ${message}`);
  }
  let recording: Recording = loaded.recording;
  if (faults.length > 0) {
    // the instructor lab's faults (a dozen modules) are loaded only when asked for
    const { applyFaults } = await import('../core/faults');
    const faulted = applyFaults(recording, faults);
    if (!faulted.ok) fail(`--fault: ${faulted.error}`);
    recording = faulted.recording;
    // What was done to the stream goes to stderr, so --json on stdout stays exactly the documented report.
    io.stderr(`${faultReport(faults, faulted.noEffect)}\n`);
  }
  // the report needs no chunk bytes once they are decoded: letting them go (and collecting them there, the entry's
  // full GC: they are old, nothing else would free them before the next stages have allocated theirs) keeps the
  // file's bytes and their decoded text from being in memory together past the decoding (the 1,000,000-frame budget)
  const analyzed = recording;
  const onDecoded = (): void => {
    releaseChunkBytes(analyzed);
    host.collectGarbage?.();
  };
  // the report computes each strategy's run as it writes it (inspect-json.ts `runsInTurn`): analysed with all pending
  const session = analyze(analyzed, { strategies: json ? [] : strategy ? [strategy] : STRATEGY_IDS, onDecoded, decodeText });
  if (json) {
    // written a part at a time: the report of 100,000 turns is never one object nor one string in memory
    // a full collection before each strategy's run, when the one before it (its report written) is garbage: left to
    // V8, the next run's allocations grow the heap over it first
    for (const part of inspectJsonParts(session, strategy, host.collectGarbage)) io.stdout(part);
    io.stdout('\n');
    return;
  }
  // the summary's wording (both languages' catalogs, about 10 MB in memory) is loaded only for the summary
  const { inspectSummary } = await import('./inspect-summary');
  io.stdout(`${terminalSafe(inspectSummary(session, file, strategy, lang), { lines: true })}\n`);
}

/**
 * Replaces every turn's chunk table (of a recording inspect owns) by one of as many empty chunks at the same times:
 * no bytes, every end 0. All turns share one empty array and views of one array of zeros (100,000 turns would
 * otherwise make 200,000 new arrays just to let go of their bytes).
 */
function releaseChunkBytes(recording: Recording): void {
  const turns = recording.turns as Mutable<Turn>[];
  let most = 0;
  for (const turn of turns) most = Math.max(most, turn.chunks.ends.length);
  const zeros = new Float64Array(most);
  for (const turn of turns) turn.chunks = { bytes: NO_BYTES, times: turn.chunks.times, ends: zeros.subarray(0, turn.chunks.ends.length) };
}

const NO_BYTES = new Uint8Array(0);

/** Runs `npm run inspect` with these arguments; resolves to the exit code (0 analyzed, 2 unusable). */
export async function main(argv: readonly string[], io: CliIo, host: InspectHost = {}): Promise<number> {
  // the CLI reads large files: the envelope templates' one-match path pays for itself (core/wire/template.ts)
  enableLargeInputPaths();
  try {
    await inspect(argv, io, host);
    return 0;
  } catch (e) {
    const message = e instanceof Unusable ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}`;
    io.stderr(`inspect: ${oneLine(message)}\n`);
    return 2;
  }
}
