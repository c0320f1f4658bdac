// Shared pieces of the robustness gates: valid streams to start from (built with the core's own encoder), byte-level
// mutations of them, v1 recording text around a body, and the checks every outcome of load/analyze must pass.
import { expect } from 'vitest';
import type { AnalyzeTextResult } from '../../src/core/session/session';
import { STRATEGY_IDS, WIRES, type AnomalyCode, type LoadFailure, type Session, type WireId } from '../../src/core/types';
import { encodeTurn, type TurnSpec } from '../../src/core/wire/encode';
import { framesOf } from '../../src/core/sse';
import { english } from '../../src/core/load/english';

export { WIRES };

/** A reply with reasoning, text and two calls whose arguments come in several fragments: every signal kind. */
export const SAMPLE_TURN: TurnSpec = {
  reasoning: ['Let me ', 'look.'],
  text: ['Reading ', 'both files — «ok» 日本'],
  calls: [
    { id: 'call_a', name: 'read_file', fragments: ['{"pa', 'th": "a', '.md", "n": [1, 2', ']}'] },
    { id: 'call_b', name: 'write_file', fragments: ['{"path": "b.md",', ' "text": "x\\ny"}'] },
  ],
  usage: { inputTokens: 12, outputTokens: 34 },
};

export const validBody = (wire: WireId, spec: TurnSpec = SAMPLE_TURN): string => encodeTurn(wire, spec);

const enc = new TextEncoder();
export const utf8 = (s: string): Uint8Array => enc.encode(s);

/** A v1 recording (`.jsonl`) of one turn whose body arrives in `chunks`, `wire` named in the header or not. */
export function jsonlOf(chunks: readonly string[], wire?: WireId): string {
  const header = JSON.stringify({ streamscope: 1, ...(wire && { wire }) });
  const lines = [header, '[0,"req",{"turn":0}]'];
  chunks.forEach((c, i) => lines.push(JSON.stringify([10 + i, 'chunk', c])));
  lines.push(JSON.stringify([20 + chunks.length, 'end', { status: 'complete' }]));
  return `${lines.join('\n')}\n`;
}

/** Splits text into pieces at the given (sorted, deduplicated) cut points. */
export function cutAt(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => Math.max(0, Math.min(text.length, c))))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const p of points) {
    if (p > from) out.push(text.slice(from, p));
    from = p;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Mutations of a valid stream, as data (fast-check generates them; `at` is a fraction of the length)
// ---------------------------------------------------------------------------------------------------------------
export type Mutation =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'blank-lines'; at: number; count: number }
  | { kind: 'duplicate-event'; at: number }
  | { kind: 'crlf'; mode: 'all-crlf' | 'all-cr' | 'one-crlf' | 'one-lf'; at: number }
  | { kind: 'insert-bytes'; at: number; bytes: Uint8Array };

const pos = (at: number, length: number): number => Math.min(length, Math.floor(at * (length + 1)));

function splice(b: Uint8Array, start: number, remove: number, insert: Uint8Array = new Uint8Array(0)): Uint8Array {
  const out = new Uint8Array(b.length - remove + insert.length);
  out.set(b.subarray(0, start), 0);
  out.set(insert, start);
  out.set(b.subarray(start + remove), start + insert.length);
  return out;
}

/** Byte offsets of every `\n\n` event boundary (the end of each event). */
function eventEnds(b: Uint8Array): number[] {
  const ends: number[] = [];
  for (let i = 1; i < b.length; i++) if (b[i] === 10 && b[i - 1] === 10) ends.push(i + 1);
  return ends;
}

function replaceLineEnds(b: Uint8Array, by: number[]): Uint8Array {
  const out: number[] = [];
  for (const x of b) {
    if (x === 10) out.push(...by);
    else out.push(x);
  }
  return Uint8Array.from(out);
}

export function mutate(input: Uint8Array, m: Mutation): Uint8Array {
  const b = input;
  switch (m.kind) {
    case 'flip': {
      if (b.length === 0) return b;
      const i = Math.min(b.length - 1, pos(m.at, b.length - 1));
      const out = b.slice();
      out[i] = (out[i] as number) ^ (1 << m.bit);
      return out;
    }
    case 'truncate':
      return b.slice(0, pos(m.at, b.length));
    case 'blank-lines':
      return splice(b, pos(m.at, b.length), 0, utf8('\n'.repeat(m.count)));
    case 'duplicate-event': {
      const ends = eventEnds(b);
      if (ends.length === 0) return b;
      const k = Math.min(ends.length - 1, Math.floor(m.at * ends.length));
      const end = ends[k] as number;
      const start = k === 0 ? 0 : (ends[k - 1] as number);
      return splice(b, end, 0, b.slice(start, end));
    }
    case 'crlf': {
      if (m.mode === 'all-crlf') return replaceLineEnds(b, [13, 10]);
      if (m.mode === 'all-cr') return replaceLineEnds(b, [13]);
      const i = pos(m.at, b.length);
      if (m.mode === 'one-crlf') {
        const lf = b.indexOf(10, i);
        return lf === -1 ? b : splice(b, lf, 1, Uint8Array.of(13, 10));
      }
      const cr = b.indexOf(13, i);
      return cr === -1 ? b : splice(b, cr, 1, Uint8Array.of(10));
    }
    case 'insert-bytes':
      return splice(b, pos(m.at, b.length), 0, m.bytes);
  }
}

export const applyMutations = (input: Uint8Array, ms: readonly Mutation[]): Uint8Array => ms.reduce(mutate, input);

// ---------------------------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------------------------
export const ANOMALY_CODES: readonly AnomalyCode[] = [
  'finish-tool-calls-without-call',
  'no-terminal-event',
  'error-event',
  'unterminated-final-event',
  'invalid-arguments',
  'call-cut-off',
  'call-without-name',
  'arguments-lost',
  'reused-index',
  'unknown-event',
  'time-goes-back',
  'invalid-utf8',
  'invalid-json',
  'too-deep',
];

/** Longest message we accept: a message quotes an excerpt of the input, never the input. */
export const MAX_MESSAGE = 600;

/** A refusal: one short line naming what and where. */
export function expectClearFailure(error: LoadFailure): void {
  const message = english(error);
  expect(message.length).toBeGreaterThan(0);
  expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE);
  expect(message).not.toMatch(/[\r\n]/);
  // where: a line (and byte) in the fields and the message, or a file-wide statement ("the file ...")
  if (error.line !== undefined) {
    expect(Number.isInteger(error.line) && error.line >= 1).toBe(true);
    expect(message).toContain(`line ${error.line}`);
  } else {
    expect(message).toMatch(/file|HAR|JSON/);
  }
  if (error.byteOffset !== undefined) expect(Number.isInteger(error.byteOffset) && error.byteOffset >= 0).toBe(true);
}

/** A Session that every panel can show: all six strategies ran, verdicts are words, anomalies and issues named. */
export function expectSaneSession(s: Session): void {
  expect(WIRES).toContain(s.wire);
  expect(s.signals.frames).toBe(s.frames.count);
  expect(s.signals.start.length).toBe(s.frames.count + 1);
  expect(s.signals.start[s.frames.count]).toBe(s.signals.count);
  expect(s.kinds.length).toBe(s.frames.count);
  framesOf(s.frames).forEach((f, i) => {
    if (f.index !== i) expect.fail(`frame ${i} has index ${f.index}`);
  });
  for (const id of STRATEGY_IDS) {
    const run = s.strategies[id];
    expect(run, `strategy ${id}`).toBeDefined();
    expect(run.id).toBe(id);
    expect(['ok', 'fail', 'n/a']).toContain(run.verdict);
    expect(run.naReason, `${id} still pending`).not.toBe('pending');
    for (const v of run.verdicts) expect(['ok', 'fail', 'n/a']).toContain(v.verdict);
  }
  for (const a of s.anomalies) expect(ANOMALY_CODES, JSON.stringify(a).slice(0, 200)).toContain(a.code);
  for (const issue of s.recording.issues) {
    expect(issue.code).toMatch(/^[a-z][a-z0-9:-]*$/);
    expect(english(issue).length).toBeGreaterThan(0);
    expect(english(issue).length).toBeLessThanOrEqual(MAX_MESSAGE);
  }
  // a stage that threw leaves 'internal:<stage>': the analysis lost part of its result, which is a core bug
  const internal = s.recording.issues.filter((i) => i.code.startsWith('internal:'));
  expect(internal, 'a stage of analyze threw').toEqual([]);
}

/** Either outcome of analyzeText, checked. */
export function expectSaneOutcome(r: AnalyzeTextResult): void {
  if (r.ok) expectSaneSession(r.session);
  else expectClearFailure(r.error);
}

/** Runs fn and returns its value and the CPU time it took (ms, this process's): other processes on a busy machine
 *  stretch the wall clock, not this, so a bound on it catches a blow-up without failing on load. */
export function timed<T>(fn: () => T): { value: T; ms: number } {
  const start = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
}
