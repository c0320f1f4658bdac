// `npm run inspect -- FILE [--json] [--strategy ID] [--fault X]... [--lang zh|en]`: analyze a recording and print a
// summary (in zh or en) or, with --json, the report of docs/cli.md (the same in every language). Exit codes: 0 analyzed (whatever the verdicts), 2 unusable input or
// arguments (ONE line on stderr naming what and where, never a stack trace). `main` has no side effects on import:
// the entry src/cli/bin/inspect.ts runs it on the process; tests run it in-process with collecting writers.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { load, type PieceStream } from '../core/load';
import { analyze } from '../core/session/session';
import { enableLargeInputPaths } from '../core/large-inputs';
import type { LoadFailure, LoadResult, Mutable, Recording, Turn } from '../core/types';
import type { CliIo } from './io';
import { parseInspectArgs, USAGE } from './inspect-args';
import { inspectJsonParts } from './inspect-json';
import { decodeText, isAscii } from './node-text';
import { terminalSafe } from './terminal-safe';

/** One line, with what a terminal would act on shown as escapes: a hostile file cannot retitle or clear the terminal. */
function oneLine(message: string): string {
  return terminalSafe(message.replace(/\s*\n\s*/g, ' '));
}

/** Unusable input or arguments: main prints the message as one line and returns 2. */
class Unusable extends Error {}

function fail(message: string): never {
  throw new Unusable(message);
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

/** The largest file inspect reads (what one Buffer may hold: raw SSE is read into one). */
export const MAX_FILE_BYTES = 4 * 1024 ** 3;
/** The file is read this much at a time, as the loader asks for it (never one string, never whole when read line by
 * line: a .jsonl recording's pieces are given back once read, core/load/line-reader.ts, and the next read into them). */
const PIECE_BYTES = 4 * 1024 * 1024;

const gb = (n: number): string => `${(n / 1024 ** 3).toFixed(1).replace(/\.0$/, '')} GB`;

/** Why reading a file stopped (a read error, or the limit): the loader saw an early end, inspect says this instead. */
type ReadStop = { error: unknown } | { over: true };

/** The message for a read that failed (opening the file or reading it). */
function cannotRead(file: string, e: unknown): never {
  const code = (e as NodeJS.ErrnoException).code;
  fail(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message}`);
}

/**
 * The file's bytes as a stream the loader reads on demand. The limit holds while reading (a pipe or a growing file
 * says no size up front): past it, or on a read error, the stream ends and `stopped()` says why; the caller reports
 * that (naming the file, its size and the limit) instead of what the loader made of the bytes before it.
 */
function fileStream(fd: number, file: string, limit: number): PieceStream & { stopped(): ReadStop | undefined } {
  let declared: number;
  try {
    declared = fstatSync(fd).size;
  } catch (e) {
    cannotRead(file, e);
  }
  if (declared > limit) fail(`${file} is ${declared.toLocaleString('en-US')} bytes, over the ${gb(limit)} limit of inspect: cut it into smaller recordings first`);
  let total = 0;
  let stop: ReadStop | undefined;
  // pieces the loader gave back (PieceStream.recycle): the next reads go into them instead of new memory. Buffers, not
  // plain Uint8Arrays: the line reader finds each line's LF with indexOf, which a Buffer does natively (about 3x faster)
  const spare: Uint8Array[] = [];
  return {
    size: declared,
    read(): Uint8Array | null {
      if (stop !== undefined) return null;
      try {
        const want = Math.min(PIECE_BYTES, Math.max(1, limit + 1 - total));
        const piece = want === PIECE_BYTES ? (spare.pop() ?? Buffer.allocUnsafe(PIECE_BYTES)) : Buffer.allocUnsafe(want);
        const n = readSync(fd, piece, 0, piece.length, null);
        if (n === 0) return null;
        total += n;
        if (total > limit) {
          stop = { over: true };
          return null;
        }
        return n === piece.length ? piece : piece.subarray(0, n);
      } catch (e) {
        stop = { error: e };
        return null;
      }
    },
    recycle(piece: Uint8Array): void {
      if (piece.length === PIECE_BYTES && spare.length < 2) spare.push(piece);
    },
    stopped: () => stop,
  };
}

/** Loads the file, read a piece at a time as the loader goes. */
function loadFile(file: string): LoadResult {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    cannotRead(file, e);
  }
  try {
    const stream = fileStream(fd, file, MAX_FILE_BYTES);
    const loaded = load(stream, basename(file), { isAscii });
    const stop = stream.stopped();
    if (stop !== undefined) {
      if ('over' in stop) fail(`${file}: more than ${gb(MAX_FILE_BYTES)} arrived, over the limit of inspect: reading stopped`);
      cannotRead(file, stop.error);
    }
    return loaded;
  } finally {
    closeSync(fd);
  }
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
  const { file, json, strategy, faults, lang } = parsed.args;
  const loaded = loadFile(file);
  if (!loaded.ok) {
    const e = loaded.error;
    // The loader's messages usually say where already ("line 3 (byte 120): ..."); add it only when they do not.
    const placed = e.line !== undefined && e.message.includes(`line ${e.line}`);
    fail(`${file}${placed ? '' : where(e)}: ${e.message}`);
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
  const session = analyze(analyzed, { ...(strategy && { strategies: [strategy] }), onDecoded, decodeText });
  if (json) {
    // written a part at a time: the report of 100,000 turns is never one object nor one string in memory
    for (const part of inspectJsonParts(session, strategy)) io.stdout(part);
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
