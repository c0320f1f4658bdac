/**
 * A strategy run's parse attempts as columns (`AttemptTable`, strategy-types.ts): written by the run log while a
 * strategy folds, read by the verdicts, the views, the panels and the CLI.
 *
 * Contract: `AttemptColumns` appends attempts (growing typed arrays, no object per attempt) and `finish()` returns
 * the table with columns of its size (../columns.ts `fitted`), sorted by frame (a stable sort, only when they were
 * appended out of frame order; the builder is unusable afterwards). Readers: `attemptAt(run, i)` makes row i as a `ParseAttempt` (its
 * call key is its buffer's), `attemptRows(run)` every row, `countAtOrBefore(table, f)` the number of attempts at
 * or before frame f (binary search), `failedCount(table)`, `firstFailedByTurn(table)`. `emptyAttempts()` is a table of none, `attemptTableOf`
 * one from rows (fixtures). Pure; a table is plain, structured-cloneable data (typed arrays, one sparse record).
 * Why columns: with all six strategies a 200,000-fragment stream logs about 400,000 attempts; as objects they
 * survived every young-generation collection of the run and were copied by each (docs/performance.md).
 */
import { fitted, grown } from '../columns';
import { lastAtOrBefore } from '../sorted';
import type { AttemptTable, BufferTable, FrameIndex, ParseAttempt, TurnIndex } from '../types';
import { bufferKey } from './buffers';

export class AttemptColumns {
  #n = 0;
  #frame = new Uint32Array(64);
  #turn = new Uint32Array(64);
  #buffer = new Uint32Array(64);
  #start = new Uint32Array(64);
  #end = new Uint32Array(64);
  #ok = new Uint8Array(64);
  #errors: Record<number, string> = {};
  #sorted = true;

  #grow(): void {
    const c = this.#frame.length * 2;
    this.#frame = grown(this.#frame, c);
    this.#turn = grown(this.#turn, c);
    this.#buffer = grown(this.#buffer, c);
    this.#start = grown(this.#start, c);
    this.#end = grown(this.#end, c);
    this.#ok = grown(this.#ok, c);
  }

  /** Appends an attempt; `error` is JSON.parse's message of a failed attempt that was parsed. */
  push(frame: FrameIndex, turn: TurnIndex, buffer: number, start: number, end: number, ok: boolean, error?: string): void {
    const i = this.#n;
    if (i === this.#frame.length) this.#grow();
    if (i > 0 && (this.#frame[i - 1] as number) > frame) this.#sorted = false;
    this.#frame[i] = frame;
    this.#turn[i] = turn;
    this.#buffer[i] = buffer;
    this.#start[i] = start;
    this.#end[i] = end;
    this.#ok[i] = ok ? 1 : 0;
    if (error !== undefined) this.#errors[i] = error;
    this.#n = i + 1;
  }

  finish(): AttemptTable {
    const n = this.#n;
    const table: AttemptTable = {
      count: n,
      frame: fitted(this.#frame, n),
      turn: fitted(this.#turn, n),
      buffer: fitted(this.#buffer, n),
      start: fitted(this.#start, n),
      end: fitted(this.#end, n),
      ok: fitted(this.#ok, n),
      errors: this.#errors,
    };
    return this.#sorted ? table : sortedByFrame(table);
  }
}

/** The table's rows in frame order (stable: attempts of one frame keep their order). */
function sortedByFrame(t: AttemptTable): AttemptTable {
  const order = [...t.frame.keys()].sort((a, b) => (t.frame[a] as number) - (t.frame[b] as number) || a - b);
  const pick = <A extends Uint32Array | Uint8Array>(col: A): A => col.map((_, k) => col[order[k] as number] as number) as A;
  const errors: Record<number, string> = {};
  order.forEach((from, to) => {
    const e = t.errors[from];
    if (e !== undefined) errors[to] = e;
  });
  return { count: t.count, frame: pick(t.frame), turn: pick(t.turn), buffer: pick(t.buffer), start: pick(t.start), end: pick(t.end), ok: pick(t.ok), errors };
}

/** Attempt i of the run as a row (undefined past the end). */
export function attemptAt(run: { readonly attempts: AttemptTable; readonly buffers: BufferTable }, i: number): ParseAttempt | undefined {
  const t = run.attempts;
  if (i < 0 || i >= t.count) return undefined;
  const bufferId = t.buffer[i] as number;
  const row = {
    frame: t.frame[i] as FrameIndex,
    turn: t.turn[i] as TurnIndex,
    key: bufferKey(run.buffers, bufferId),
    bufferId,
    start: t.start[i] as number,
    end: t.end[i] as number,
    ok: t.ok[i] === 1,
  };
  const error = t.errors[i];
  return error === undefined ? row : { ...row, error };
}

/** Every attempt of the run as rows (for small runs and tests; the panels read rows one at a time). */
export function attemptRows(run: { readonly attempts: AttemptTable; readonly buffers: BufferTable }): ParseAttempt[] {
  const rows: ParseAttempt[] = [];
  for (let i = 0; i < run.attempts.count; i++) rows.push(attemptAt(run, i) as ParseAttempt);
  return rows;
}

/** How many attempts were made at or before frame f. */
export function countAtOrBefore(t: AttemptTable, f: number): number {
  return lastAtOrBefore(t.frame, f) + 1;
}

export function failedCount(t: AttemptTable): number {
  let n = 0;
  for (let i = 0; i < t.count; i++) if (t.ok[i] === 0) n++;
  return n;
}

/** Per turn, the row of its first failed attempt (the table is in frame order: the first failed row of that turn). */
export function firstFailedByTurn(t: AttemptTable): Map<number, number> {
  const first = new Map<number, number>();
  for (let i = 0; i < t.count; i++) {
    const turn = t.turn[i] as number;
    if (t.ok[i] === 0 && !first.has(turn)) first.set(turn, i);
  }
  return first;
}

/** An empty table (runs that do not apply, placeholders). */
export const emptyAttempts = (): AttemptTable => new AttemptColumns().finish();

/** A table from rows in frame order (fixtures and tests; a strategy's log writes its table as it folds). */
export function attemptTableOf(rows: readonly Omit<ParseAttempt, 'key'>[]): AttemptTable {
  const b = new AttemptColumns();
  for (const r of rows) b.push(r.frame, r.turn, r.bufferId, r.start, r.end, r.ok, r.error);
  return b.finish();
}
