/**
 * A strategy run's buffers as columns (`BufferTable`, strategy-types.ts): written by the run log while a strategy
 * folds (`BufferColumns`), read by the verdicts, the views, the panels, the code view, the CLI and the traces.
 *
 * Contract: buffer b (its id) is row b of every column: its turn, the frame it was opened at (`NOT_OPENED` when it
 * was not marked), its call key, call id and name (indices into the table's `strings`, `NO_STRING` for none: a key
 * of none is the one shared buffer) and its text. `BufferColumns.open` appends a buffer, `setCall` changes its call
 * id and name, `finish(texts)` returns the table with columns of its size (../columns.ts `fitted`; the builder
 * throws if used again); the texts are the caller's (the run log keeps them as it appends, see run-log.ts). Readers:
 * `bufferCount`, `bufferText`, `bufferKey`, `bufferTurn`, `bufferAt` (one row as a `BufferLog`, made on each call),
 * `bufferRows` (every row, made once per table and kept while the table lives: the same objects on every call, so
 * a panel's memo and a test's `includes` see the same row). `bufferTableOf` makes a table from rows (the learner's
 * trace, fixtures); `NO_BUFFERS` is a table of none. Pure; a table is plain, structured-cloneable data (a worker
 * posts its typed arrays whole and its string lists in slices).
 * Why columns: next-index-closes on interleaved calls opens a buffer per fragment, so a call-heavy stream has a
 * million buffers in one run. As objects (seven fields, about 80 bytes each, besides their texts) they were most of
 * `inspect --json`'s peak on the issue's 1,000,000-frame stream (docs/performance.md, issue 33); as columns a
 * buffer is 20 bytes and a reference to its text, and the keys, ids and names are each stored once.
 */
import { fitted, grown } from '../columns';
import type { BufferLog, BufferTable, CallKey, FrameIndex, TurnIndex } from '../types';

/** `openedAt` of a buffer that was not marked as opened at a frame. */
export const NOT_OPENED = 0xffffffff;
/** A string index meaning none (no key: the shared buffer; no call id; no name). */
export const NO_STRING = 0xffffffff;

const EMPTY: readonly string[] = Object.freeze([]);

/** A table of no buffer. */
export const NO_BUFFERS: BufferTable = Object.freeze({
  count: 0,
  turn: new Uint32Array(0),
  openedAt: new Uint32Array(0),
  key: new Uint32Array(0),
  callId: new Uint32Array(0),
  name: new Uint32Array(0),
  strings: EMPTY,
  text: EMPTY,
});

/** The builder: buffers in the order they are opened (their ids), the strings they name stored once. */
export class BufferColumns {
  #n = 0;
  #done = false;
  #turn = new Uint32Array(64);
  #openedAt = new Uint32Array(64);
  #key = new Uint32Array(64);
  #callId = new Uint32Array(64);
  #name = new Uint32Array(64);
  readonly #strings: string[] = [];
  readonly #index = new Map<string, number>();

  #grow(): void {
    const c = this.#turn.length * 2;
    this.#turn = grown(this.#turn, c);
    this.#openedAt = grown(this.#openedAt, c);
    this.#key = grown(this.#key, c);
    this.#callId = grown(this.#callId, c);
    this.#name = grown(this.#name, c);
  }

  #intern(s: string | null | undefined): number {
    if (s === null || s === undefined) return NO_STRING;
    let i = this.#index.get(s);
    if (i === undefined) {
      i = this.#strings.length;
      this.#strings.push(s);
      this.#index.set(s, i);
    }
    return i;
  }

  /** Appends a buffer; returns its id. */
  open(turn: TurnIndex, key: CallKey | null, openedAt: FrameIndex | undefined, callId?: string, name?: string): number {
    if (this.#done) throw new Error('BufferColumns: open after finish');
    const b = this.#n;
    if (b === this.#turn.length) this.#grow();
    this.#turn[b] = turn;
    this.#openedAt[b] = openedAt ?? NOT_OPENED;
    this.#key[b] = this.#intern(key);
    this.#callId[b] = this.#intern(callId);
    this.#name[b] = this.#intern(name);
    this.#n = b + 1;
    return b;
  }

  /** Sets buffer b's call id and name (each only when defined). */
  setCall(b: number, callId: string | undefined, name: string | undefined): void {
    if (b < 0 || b >= this.#n) return;
    if (callId !== undefined) this.#callId[b] = this.#intern(callId);
    if (name !== undefined) this.#name[b] = this.#intern(name);
  }

  /** The table, with `texts[b]` as buffer b's text ('' where it has none). */
  finish(texts: readonly string[]): BufferTable {
    if (this.#done) throw new Error('BufferColumns: finish after finish');
    this.#done = true;
    const n = this.#n;
    const text = texts.length === n ? texts : Array.from({ length: n }, (_, b) => texts[b] ?? '');
    return {
      count: n,
      turn: fitted(this.#turn, n),
      openedAt: fitted(this.#openedAt, n),
      key: fitted(this.#key, n),
      callId: fitted(this.#callId, n),
      name: fitted(this.#name, n),
      strings: this.#strings,
      text,
    };
  }
}

const stringAt = (t: BufferTable, i: number | undefined): string | undefined => (i === undefined || i === NO_STRING ? undefined : t.strings[i]);

/** How many buffers the table has. */
export const bufferCount = (t: BufferTable): number => t.count;

/** Buffer b's text ('' past the table's end). */
export const bufferText = (t: BufferTable, b: number): string => t.text[b] ?? '';

/** Buffer b's call key (null: the one shared buffer, or a buffer the table does not have). */
export const bufferKey = (t: BufferTable, b: number): CallKey | null => (stringAt(t, t.key[b]) ?? null) as CallKey | null;

/** Buffer b's turn. */
export const bufferTurn = (t: BufferTable, b: number): TurnIndex => (t.turn[b] ?? 0) as TurnIndex;

/** Buffer b as a row (a new object on each call), or undefined past the table's end. */
export function bufferAt(t: BufferTable, b: number): BufferLog | undefined {
  if (!Number.isInteger(b) || b < 0 || b >= t.count) return undefined;
  const callId = stringAt(t, t.callId[b]);
  const name = stringAt(t, t.name[b]);
  const opened = t.openedAt[b] as number;
  return {
    id: b,
    turn: bufferTurn(t, b),
    key: bufferKey(t, b),
    text: bufferText(t, b),
    ...(opened !== NOT_OPENED && { openedAt: opened as FrameIndex }),
    ...(callId !== undefined && { callId }),
    ...(name !== undefined && { name }),
  };
}

const rows = new WeakMap<BufferTable, readonly BufferLog[]>();

/** Every buffer as rows, made once per table (for the panels, which show a few, and for tests and traces). */
export function bufferRows(t: BufferTable): readonly BufferLog[] {
  let list = rows.get(t);
  if (list === undefined) {
    const made: BufferLog[] = [];
    for (let b = 0; b < t.count; b++) made.push(bufferAt(t, b) as BufferLog);
    list = made;
    rows.set(t, list);
  }
  return list;
}

/** A table from rows; buffer id = position in `list` (a row's own `id` is not read). */
export function bufferTableOf(list: readonly Omit<BufferLog, 'id'>[]): BufferTable {
  const columns = new BufferColumns();
  for (const b of list) columns.open(b.turn, b.key, b.openedAt, b.callId, b.name);
  return columns.finish(list.map((b) => b.text));
}
