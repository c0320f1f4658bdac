/**
 * Writing a `SignalTable` (signal-table.ts): the wire adapters write each frame's signals into a builder instead of
 * allocating a list and an object per signal.
 *
 * Contract: `SignalOut` is what an adapter writes one frame's signals to, in order: `push` takes any `Signal`
 * object (read at once, never kept), `text` / `reasoning` / `args` write the common ones without one; `length` is
 * the number written for the current frame. `SignalBuilder` collects frames in order: the signals written since
 * the last `endFrame()` are frame f's; `rollback(mark)` drops the current frame's signals from index `mark` on (a
 * step that threw); `finish()` returns the table (exact-size columns) and leaves the builder unusable. Texts are
 * copied into pieces (joined in small batches, so a text string dies young); a repeated `ignored` reason is written
 * once and shared; keys, names, reasons and types are interned in the pool (small decimal numbers, most keys, by value, the others
 * through a Map), call ids appended (one per call).
 * `signalTableOf(lists)` builds a table from `Signal[]` per frame (fixtures, tests).
 */
import type { Signal } from '../types';
import { NONE as NONE_, PIECE_CHARS as PIECE_CHARS_, SK as SK_, type SignalTable } from './signal-table';

// Module-level copies of the imported constants, read several times per signal (see timeline/index.ts on imported
// bindings).
const NONE = NONE_;
const PIECE_CHARS = PIECE_CHARS_;
const SK = { ...SK_ };

export interface SignalOut {
  readonly length: number;
  push(s: Signal): void;
  text(text: string): void;
  reasoning(text: string): void;
  args(key: string, text: string): void;
}

/** Texts joined into one string per batch (so the pieces' parts are short-lived). */
const BATCH = 1024;
/** Slots of the recent-keys cache (a power of two). */
const KEY_SLOTS = 16;
/** Distinct `ignored` reasons remembered for sharing (a hostile stream could make each frame's different). */
const SHARED_WHYS = 256;

/** The value of `s` when it is a decimal number below 65,536 written without a leading zero, else -1. */
function smallNumber(s: string): number {
  const n = s.length;
  if (n === 0 || n > 5) return -1;
  let v = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9 || (c === 0 && i === 0 && n > 1)) return -1;
    v = v * 10 + c;
  }
  return v < 65536 ? v : -1;
}

export class SignalBuilder implements SignalOut {
  private n = 0;
  private cap: number;
  private frameStart = 0;
  private frames = 0;
  private starts: Uint32Array;
  private kind: Uint8Array;
  private key: Uint32Array;
  private ref: Uint32Array;
  private name: Uint32Array;
  private piece: Uint32Array;
  private textStart: Uint32Array;
  private textEnd: Uint32Array;
  private usage: number[] = [];
  private readonly strings: string[] = [];
  private readonly pool = new Map<string, number>();
  /** Pool indices of the strings that are small decimal numbers (most keys), by value: those never go in `pool`. */
  private readonly numbers: number[] = [];
  /** Recent keys and their pool index, by the key's last character (parallel calls' fragments alternate keys). */
  private readonly recentKeys: (string | undefined)[] = new Array<string | undefined>(KEY_SLOTS).fill(undefined);
  private readonly recentRefs = new Uint32Array(KEY_SLOTS);
  private readonly pieces: string[] = [];
  /** The current piece: finished batches, the open batch, and its length so far. */
  private batches: string[] = [];
  private batch: string[] = [];
  private pieceChars = 0;
  /** Whether a text (maybe empty) lies in the current piece, which must then exist. */
  private pieceUsed = false;
  private readonly whys = new Map<string, { p: number; a: number; b: number }>();

  /** `frames`: how many frames are expected (a capacity hint; more or fewer may come). */
  constructor(frames = 0) {
    this.cap = Math.max(16, frames + (frames >> 3));
    this.starts = new Uint32Array(frames + 1);
    const c = this.cap;
    this.kind = new Uint8Array(c);
    this.key = new Uint32Array(c);
    this.ref = new Uint32Array(c);
    this.name = new Uint32Array(c);
    this.piece = new Uint32Array(c);
    this.textStart = new Uint32Array(c);
    this.textEnd = new Uint32Array(c);
  }

  get length(): number {
    return this.n - this.frameStart;
  }

  /** Signals written in all (the mark for `rollback`). */
  get count(): number {
    return this.n;
  }

  private grow(): void {
    const c = this.cap * 2;
    const g8 = (a: Uint8Array) => {
      const b = new Uint8Array(c);
      b.set(a);
      return b;
    };
    const g32 = (a: Uint32Array) => {
      const b = new Uint32Array(c);
      b.set(a);
      return b;
    };
    this.kind = g8(this.kind);
    this.key = g32(this.key);
    this.ref = g32(this.ref);
    this.name = g32(this.name);
    this.piece = g32(this.piece);
    this.textStart = g32(this.textStart);
    this.textEnd = g32(this.textEnd);
    this.cap = c;
  }

  /** A new signal of kind `k` with no key, ref, name or text; returns its index. */
  private add(k: number): number {
    if (this.n === this.cap) this.grow();
    const i = this.n++;
    this.kind[i] = k;
    this.key[i] = NONE;
    this.ref[i] = NONE;
    this.name[i] = NONE;
    this.piece[i] = NONE;
    this.textStart[i] = 0;
    this.textEnd[i] = 0;
    return i;
  }

  private intern(s: string | undefined): number {
    if (s === undefined) return NONE;
    const v = smallNumber(s);
    if (v >= 0) {
      let r = this.numbers[v];
      if (r === undefined) {
        r = this.strings.length;
        this.strings.push(s);
        this.numbers[v] = r;
      }
      return r;
    }
    let r = this.pool.get(s);
    if (r === undefined) {
      r = this.strings.length;
      this.strings.push(s);
      this.pool.set(s, r);
    }
    return r;
  }

  /** A string added to the pool as it is: call ids are one per call, so looking them up would only cost. */
  private append(s: string | undefined): number {
    if (s === undefined) return NONE;
    this.strings.push(s);
    return this.strings.length - 1;
  }

  private internKey(key: string): number {
    const slot = key.length === 0 ? 0 : key.charCodeAt(key.length - 1) & (KEY_SLOTS - 1);
    if (this.recentKeys[slot] === key) return this.recentRefs[slot] as number;
    const r = this.intern(key);
    this.recentKeys[slot] = key;
    this.recentRefs[slot] = r;
    return r;
  }

  private cutPiece(): void {
    if (this.batch.length > 0) this.batches.push(this.batch.join(''));
    this.pieces.push(this.batches.length === 1 ? (this.batches[0] as string) : this.batches.join(''));
    this.batches = [];
    this.batch = [];
    this.pieceChars = 0;
    this.pieceUsed = false;
  }

  private setText(i: number, s: string): void {
    if (this.pieceChars > 0 && this.pieceChars + s.length > PIECE_CHARS) this.cutPiece();
    this.piece[i] = this.pieces.length;
    this.textStart[i] = this.pieceChars;
    this.pieceChars += s.length;
    this.textEnd[i] = this.pieceChars;
    this.pieceUsed = true;
    if (s.length === 0) return;
    this.batch.push(s);
    if (this.batch.length === BATCH) {
      this.batches.push(this.batch.join(''));
      this.batch = [];
    }
  }

  text(text: string): void {
    this.setText(this.add(SK.text), text);
  }

  reasoning(text: string): void {
    this.setText(this.add(SK.reasoning), text);
  }

  args(key: string, text: string): void {
    const i = this.add(SK.args);
    this.key[i] = this.internKey(key);
    this.setText(i, text);
  }

  private ignored(why: string): void {
    const i = this.add(SK.ignored);
    const same = this.whys.get(why);
    if (same !== undefined) {
      this.piece[i] = same.p;
      this.textStart[i] = same.a;
      this.textEnd[i] = same.b;
      return;
    }
    this.setText(i, why);
    if (this.whys.size < SHARED_WHYS) this.whys.set(why, { p: this.piece[i] as number, a: this.textStart[i] as number, b: this.textEnd[i] as number });
  }

  push(s: Signal): void {
    switch (s.kind) {
      case 'text':
        return this.text(s.text);
      case 'reasoning':
        return this.reasoning(s.text);
      case 'args':
        return this.args(s.key, s.text);
      case 'ignored':
        return this.ignored(s.why);
      case 'call-start': {
        const i = this.add(SK.callStart);
        this.key[i] = this.internKey(s.key);
        this.ref[i] = this.append(s.id);
        this.name[i] = this.intern(s.name);
        return;
      }
      case 'call-end': {
        const i = this.add(SK.callEnd);
        this.key[i] = this.internKey(s.key);
        if (s.args !== undefined) this.setText(i, s.args);
        return;
      }
      case 'call-complete': {
        const i = this.add(SK.callComplete);
        this.key[i] = this.internKey(s.key);
        this.ref[i] = this.append(s.id);
        this.name[i] = this.intern(s.name);
        this.setText(i, s.args);
        return;
      }
      case 'finish': {
        // the index first: adding may grow (replace) the columns
        const i = this.add(SK.finish);
        this.ref[i] = this.intern(s.reason);
        return;
      }
      case 'usage': {
        const i = this.add(SK.usage);
        this.ref[i] = this.usage.length / 2;
        this.usage.push(s.inputTokens ?? Number.NaN, s.outputTokens ?? Number.NaN);
        return;
      }
      case 'error': {
        const i = this.add(SK.error);
        this.ref[i] = this.intern(s.errorType);
        this.setText(i, s.message);
        return;
      }
    }
  }

  /** Drops the signals written from index `mark` on (only the current frame's). */
  rollback(mark: number): void {
    if (mark >= this.frameStart && mark <= this.n) this.n = mark;
  }

  /** Closes the current frame: the signals written since the last call are its. */
  endFrame(): void {
    const f = ++this.frames;
    if (f >= this.starts.length) {
      const s = new Uint32Array(Math.max(16, this.starts.length * 2));
      s.set(this.starts);
      this.starts = s;
    }
    this.starts[f] = this.n;
    this.frameStart = this.n;
  }

  finish(): SignalTable {
    if (this.pieceUsed) this.cutPiece();
    const n = this.n;
    const fit8 = (a: Uint8Array) => (a.length === n ? a : a.slice(0, n));
    const fit32 = (a: Uint32Array, len = n) => (a.length === len ? a : a.slice(0, len));
    return {
      frames: this.frames,
      count: n,
      start: fit32(this.starts, this.frames + 1),
      kind: fit8(this.kind),
      key: fit32(this.key),
      ref: fit32(this.ref),
      name: fit32(this.name),
      piece: fit32(this.piece),
      textStart: fit32(this.textStart),
      textEnd: fit32(this.textEnd),
      usage: Float64Array.from(this.usage),
      strings: this.strings,
      pieces: this.pieces,
    };
  }
}

/** A table of these frames' signals (`lists[f]` is frame f's). */
export function signalTableOf(lists: readonly (readonly Signal[])[]): SignalTable {
  const b = new SignalBuilder(lists.length);
  for (const list of lists) {
    for (const s of list) b.push(s);
    b.endFrame();
  }
  return b.finish();
}
