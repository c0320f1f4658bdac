// `npm run inspect -- FILE [--json] [--strategy ID] [--fault X]...`: analyze a recording and print a summary or,
// with --json, the report of docs/cli.md. Exit codes: 0 analyzed (whatever the verdicts), 2 unusable input or
// arguments (ONE line on stderr naming what and where, never a stack trace). `main` has no side effects on import:
// the entry src/cli/bin/inspect.ts runs it on the process; tests run it in-process with collecting writers.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { applyFaults } from '../core/faults';
import { load } from '../core/load';
import { analyze } from '../core/session/analyze';
import type { LoadFailure } from '../core/types';
import type { CliIo } from './io';
import { parseInspectArgs, USAGE } from './inspect-args';
import { inspectJsonText } from './inspect-json';
import { inspectSummary } from './inspect-summary';

/** One line, with control characters shown as escapes: a hostile file cannot retitle or clear the terminal. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const escapeControls = (text: string): string => text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function oneLine(message: string): string {
  return escapeControls(message.replace(/\s*\n\s*/g, ' '));
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
    .map((spec, i) => `inspect: --fault ${escapeControls(spec)} ${noEffect.includes(i) ? 'changed nothing (same bytes, chunks and times as before it)' : 'applied'}`)
    .join('\n');
}

function inspect(argv: readonly string[], io: CliIo): void {
  const parsed = parseInspectArgs(argv);
  if (!parsed.ok) fail(parsed.error);
  if ('help' in parsed) {
    io.stdout(`${USAGE}\n`);
    return;
  }
  const { file, json, strategy, faults } = parsed.args;
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    if (e instanceof Unusable) throw e; // already says what (a check while reading), not a read error
    const code = (e as NodeJS.ErrnoException).code;
    fail(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message}`);
  }
  const loaded = load(bytes, basename(file));
  // the loaded recording holds what it needs; the file's buffer is not kept through the analysis
  bytes = new Uint8Array(0);
  if (!loaded.ok) {
    const e = loaded.error;
    // The loader's messages usually say where already ("line 3 (byte 120): ..."); add it only when they do not.
    const placed = e.line !== undefined && e.message.includes(`line ${e.line}`);
    fail(`${file}${placed ? '' : where(e)}: ${e.message}`);
  }
  let recording = loaded.recording;
  if (faults.length > 0) {
    const faulted = applyFaults(recording, faults);
    if (!faulted.ok) fail(`--fault: ${faulted.error}`);
    recording = faulted.recording;
    // What was done to the stream goes to stderr, so --json on stdout stays exactly the documented report.
    io.stderr(`${faultReport(faults, faulted.noEffect)}\n`);
  }
  const session = analyze(recording, strategy ? { strategies: [strategy] } : {});
  io.stdout(json ? `${inspectJsonText(session, strategy)}\n` : `${escapeControls(inspectSummary(session, file, strategy))}\n`);
}

/** Runs `npm run inspect` with these arguments; resolves to the exit code (0 analyzed, 2 unusable). */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    inspect(argv, io);
    return 0;
  } catch (e) {
    const message = e instanceof Unusable ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}`;
    io.stderr(`inspect: ${oneLine(message)}\n`);
    return 2;
  }
}
