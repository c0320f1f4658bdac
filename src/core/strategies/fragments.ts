/**
 * A strategy run's buffer fragments as columns (`FragmentTable`, strategy-types.ts): written by the run log while a
 * strategy folds (`FragmentColumns`), read by the views, the panels, the code view and the reference traces.
 *
 * Contract: a run has one table (`run.fragments`); buffer b's fragments (b: its id, its index in `run.buffers`) are
 * rows `first[b]` .. `first[b + 1] - 1`, in arrival order (the order the strategy appended them, which is frame
 * order for the built-in strategies). `FragmentColumns.push` appends a fragment of any buffer (growing typed arrays,
 * no object per fragment); `finish(bufferCount)` groups the rows by buffer (a stable counting sort; none when they
 * came grouped, as next-index-closes' do, and then its columns are kept: ../columns.ts `fitted`) into columns of
 * its size, and the builder throws if used again. `fragmentTableOf` makes a table from per-buffer lists (the
 * learner's trace, fixtures). Readers: `fragmentCount`, `fragmentFrame`, `fragmentStart`, `fragmentEnd`,
 * `fragmentAt` (one row as an object), `fragmentList` (all of a buffer's rows as objects: for a few buffers at a
 * time, never a whole run). Pure; a table is plain, structured-cloneable data, held by the run (beside its buffer
 * table, ./buffers.ts) and sent whole by a worker, as the buffers' texts go in slices.
 * Why columns: next-index-closes on interleaved calls opens a buffer per fragment, and a call-heavy stream has
 * hundreds of thousands of fragments per strategy: as objects (a fragment and, per buffer, an array) they were
 * about 56 bytes each in four strategies (docs/performance.md, issue 33: 40 to 65 MB of `inspect --json`'s peak on
 * a 60 MB stream). Finished, a fragment is 12 bytes and a buffer 4 (while a run folds, 16 bytes a row with room to
 * grow), and a worker's message copies a table as four arrays.
 */
import { fitted, grown } from '../columns';
import { lastAtOrBefore } from '../sorted';
import type { FragmentTable, FrameIndex } from '../types';

/** One fragment: [start, end) of its buffer's text, arrived at `frame`. */
export interface Fragment {
  readonly frame: FrameIndex;
  readonly start: number;
  readonly end: number;
}

/** A table of no fragment, for any number of buffers that have none (its `first` is read as 0 past its end). */
export const NO_FRAGMENTS: FragmentTable = Object.freeze({ first: new Uint32Array(0), frame: new Uint32Array(0), start: new Uint32Array(0), end: new Uint32Array(0) });

/** The row where buffer b's fragments begin (0 past the table's end: a buffer a table does not list has none). */
const firstRow = (t: FragmentTable, b: number): number => t.first[b] ?? 0;

/** How many fragments buffer b has. */
export const fragmentCount = (t: FragmentTable, b: number): number => (t.first[b + 1] ?? firstRow(t, b)) - firstRow(t, b);

/** The frame of buffer b's fragment i (0-based; i < fragmentCount(t, b)). */
export const fragmentFrame = (t: FragmentTable, b: number, i: number): FrameIndex => t.frame[firstRow(t, b) + i] as FrameIndex;

/** The start of buffer b's fragment i in its text. */
export const fragmentStart = (t: FragmentTable, b: number, i: number): number => t.start[firstRow(t, b) + i] as number;

/** The end of buffer b's fragment i in its text. */
export const fragmentEnd = (t: FragmentTable, b: number, i: number): number => t.end[firstRow(t, b) + i] as number;

/** Buffer b's fragment i as an object, or undefined outside its fragments. */
export function fragmentAt(t: FragmentTable, b: number, i: number): Fragment | undefined {
  if (i < 0 || i >= fragmentCount(t, b)) return undefined;
  return { frame: fragmentFrame(t, b, i), start: fragmentStart(t, b, i), end: fragmentEnd(t, b, i) };
}

/** Every fragment of buffer b as objects (for one buffer at a time: a trace, a fixture, a test). */
export function fragmentList(t: FragmentTable, b: number): Fragment[] {
  const out: Fragment[] = [];
  for (let i = 0, n = fragmentCount(t, b); i < n; i++) out.push({ frame: fragmentFrame(t, b, i), start: fragmentStart(t, b, i), end: fragmentEnd(t, b, i) });
  return out;
}

/**
 * How many of buffer b's fragments arrived at or before frame f (binary search: a buffer's rows are in frame order,
 * as the run log appends them and the learner's trace is read: strategies/learner.ts).
 */
export function fragmentsUpTo(t: FragmentTable, b: number, f: number): number {
  const base = firstRow(t, b);
  return lastAtOrBefore(t.frame, f, base, base + fragmentCount(t, b)) + 1 - base;
}

/** A table from each buffer's fragments, buffer id = position in `perBuffer`. */
export function fragmentTableOf(perBuffer: readonly (readonly Fragment[])[]): FragmentTable {
  const columns = new FragmentColumns();
  perBuffer.forEach((list, b) => {
    for (const f of list) columns.push(b, f.frame, f.start, f.end);
  });
  return columns.finish(perBuffer.length);
}

/** The builder: fragments of any buffers in arrival order, grouped by buffer when finished. */
export class FragmentColumns {
  #n = 0;
  #done = false;
  /** Whether every row so far is of the buffer of the row before it or a later one (then no sort is needed). */
  #grouped = true;
  #buffer = new Uint32Array(64);
  #frame = new Uint32Array(64);
  #start = new Uint32Array(64);
  #end = new Uint32Array(64);

  #grow(): void {
    const c = this.#frame.length * 2;
    this.#buffer = grown(this.#buffer, c);
    this.#frame = grown(this.#frame, c);
    this.#start = grown(this.#start, c);
    this.#end = grown(this.#end, c);
  }

  push(buffer: number, frame: number, start: number, end: number): void {
    if (this.#done) throw new Error('FragmentColumns: push after finish');
    const i = this.#n;
    if (i === this.#frame.length) this.#grow();
    if (i > 0 && buffer < (this.#buffer[i - 1] as number)) this.#grouped = false;
    this.#buffer[i] = buffer;
    this.#frame[i] = frame;
    this.#start[i] = start;
    this.#end[i] = end;
    this.#n = i + 1;
  }

  /** The table for buffers 0 .. bufferCount - 1 (a fragment of a buffer outside that range is dropped). */
  finish(bufferCount: number): FragmentTable {
    if (this.#done) throw new Error('FragmentColumns: finish after finish');
    this.#done = true;
    const n = this.#n;
    const first = new Uint32Array(bufferCount + 1);
    for (let i = 0; i < n; i++) {
      const b = this.#buffer[i] as number;
      if (b < bufferCount) first[b + 1] = (first[b + 1] as number) + 1;
    }
    for (let b = 0; b < bufferCount; b++) first[b + 1] = (first[b + 1] as number) + (first[b] as number);
    const total = first[bufferCount] as number;
    if (this.#grouped && total === n) {
      const table = { first, frame: fitted(this.#frame, n), start: fitted(this.#start, n), end: fitted(this.#end, n) };
      this.#release();
      return table;
    }
    const frame = new Uint32Array(total);
    const start = new Uint32Array(total);
    const end = new Uint32Array(total);
    const next = first.slice(0, bufferCount);
    for (let i = 0; i < n; i++) {
      const b = this.#buffer[i] as number;
      if (b >= bufferCount) continue;
      const row = next[b] as number;
      next[b] = row + 1;
      frame[row] = this.#frame[i] as number;
      start[row] = this.#start[i] as number;
      end[row] = this.#end[i] as number;
    }
    this.#release();
    return { first, frame, start, end };
  }

  /** Lets go of the columns (a finished table may be views of them). */
  #release(): void {
    const empty: Uint32Array<ArrayBuffer> = new Uint32Array(0);
    this.#buffer = empty;
    this.#frame = empty;
    this.#start = empty;
    this.#end = empty;
    this.#n = 0;
  }
}
