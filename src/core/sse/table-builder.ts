/**
 * Builds a FrameTable (frame-table.ts) one frame at a time, with no object per frame: growable typed-array columns
 * (doubling), an event-name table found without slicing the name, a side text for data that is not one slice of a
 * piece, id runs.
 *
 * Contract: `addPiece` before the frames whose data lies in that piece; `push` appends frame number `count`;
 * `finish()` returns the table with every column trimmed to `count` (each column then owns its buffer) and must be
 * called once. Never throws for any input within the column types (offsets < 2^32).
 */
import type { Frame, FrameTable } from '../types';
import { SIDE } from './frame-table';

const MESSAGE = 'message';

/** The bytes' whole 32-bit words, little-endian. */
function wordsOf(b: Uint8Array): Int32Array {
  const out = new Int32Array(b.length >> 2);
  for (let j = 0; j < out.length; j++) out[j] = (b[4 * j] as number) | ((b[4 * j + 1] as number) << 8) | ((b[4 * j + 2] as number) << 16) | ((b[4 * j + 3] as number) << 24);
  return out;
}

/** The name's chars as bytes when all are ASCII, else no bytes. */
function asciiBytes(name: string): Uint8Array {
  const out = new Uint8Array(name.length);
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    if (c >= 0x80) return new Uint8Array(0);
    out[k] = c;
  }
  return out;
}

export class TableBuilder {
  count = 0;
  private cap: number;
  turn: Uint32Array;
  time: Float64Array;
  chunkFirst: Uint32Array;
  chunkLast: Uint32Array;
  charStart: Uint32Array;
  charEnd: Uint32Array;
  byteStart: Uint32Array;
  byteEnd: Uint32Array;
  event: Uint32Array;
  piece: Uint32Array;
  dataStart: Uint32Array;
  dataEnd: Uint32Array;
  private readonly events: string[] = [MESSAGE];
  private readonly eventMap = new Map<string, number>([[MESSAGE, 0]]);
  private lastEvent = 0;
  private readonly pieces: string[] = [];
  private readonly pieceTurn: number[] = [];
  private readonly pieceChar: number[] = [];
  private readonly pieceByte: number[] = [];
  private readonly sideParts: string[] = [];
  private sideLength = 0;
  private readonly idFrom: number[] = [];
  private readonly idValue: string[] = [];
  private idNow = '';

  constructor(capacity = 256) {
    const n = Math.max(16, capacity);
    this.cap = n;
    this.turn = new Uint32Array(n);
    this.time = new Float64Array(n);
    this.chunkFirst = new Uint32Array(n);
    this.chunkLast = new Uint32Array(n);
    this.charStart = new Uint32Array(n);
    this.charEnd = new Uint32Array(n);
    this.byteStart = new Uint32Array(n);
    this.byteEnd = new Uint32Array(n);
    this.event = new Uint32Array(n);
    this.piece = new Uint32Array(n);
    this.dataStart = new Uint32Array(n);
    this.dataEnd = new Uint32Array(n);
  }

  /**
   * Registers a piece of turn `turn`'s text starting at turn char `charBase` and, when it is its turn's bytes from
   * `byteBase` on decoded, at that byte (else -1); returns its index.
   */
  addPiece(text: string, turn: number, charBase: number, byteBase = -1): number {
    this.pieces.push(text);
    this.pieceTurn.push(turn);
    this.pieceChar.push(charBase);
    this.pieceByte.push(byteBase);
    return this.pieces.length - 1;
  }

  /** The index of the event name text[start, end) ('message' when empty), without slicing in the common case. */
  eventOf(text: string, start: number, end: number): number {
    const n = end - start;
    if (n === 0) return 0;
    const events = this.events;
    const last = events[this.lastEvent] as string;
    if (last.length === n && text.startsWith(last, start)) return this.lastEvent;
    if (events.length <= 16) {
      for (let k = 0; k < events.length; k++) {
        const e = events[k] as string;
        if (e.length === n && text.startsWith(e, start)) return (this.lastEvent = k);
      }
    }
    return (this.lastEvent = this.eventIndex(text.slice(start, end)));
  }

  /** Each name's bytes when it is ASCII (they are then its chars), else an empty array (it never matches bytes). */
  private readonly nameBytes: Uint8Array[] = [asciiBytes(MESSAGE)];
  /** The same bytes four at a time (little-endian), as many whole words as they hold. */
  private readonly nameWords: Int32Array[] = [wordsOf(asciiBytes(MESSAGE))];

  /**
   * Whether bytes[at, at + n) are name k's bytes (an ASCII name of n chars); with `view` (a DataView of the same
   * bytes), compared four at a time.
   */
  private bytesAre(k: number, view: DataView | undefined, bytes: Uint8Array, at: number, n: number): boolean {
    const nb = this.nameBytes[k] as Uint8Array;
    if (nb.length !== n) return false;
    let j = 0;
    if (view !== undefined) {
      const nw = this.nameWords[k] as Int32Array;
      for (; j < nw.length; j++) if (view.getInt32(at + 4 * j, true) !== nw[j]) return false;
      j *= 4;
    }
    while (j < n && bytes[at + j] === nb[j]) j++;
    return j === n;
  }

  /**
   * `eventOf(text, start, end)` where `bytes[at...]` is the UTF-8 of text from `start` on (and `view`, if given, a
   * DataView of `bytes`): the last name, then (when
   * there are few) the others, are compared with those bytes (an ASCII name matches exactly when its bytes do; on
   * the decoder's two-byte pieces this measured cheaper than `startsWith`, and comparing with the name's bytes
   * kept in an array cheaper than with its chars), else as eventOf does.
   */
  eventAt(view: DataView | undefined, bytes: Uint8Array, at: number, text: string, start: number, end: number): number {
    const n = end - start;
    if (n > 0) {
      if (this.bytesAre(this.lastEvent, view, bytes, at, n)) return this.lastEvent;
      const count = this.events.length;
      if (count <= 16) for (let k = 0; k < count; k++) if (this.bytesAre(k, view, bytes, at, n)) return (this.lastEvent = k);
    }
    return this.eventOf(text, start, end);
  }

  /** The index of event name `name` ('' counts as given: callers map empty names to 'message' themselves). */
  eventIndex(name: string): number {
    let k = this.eventMap.get(name);
    if (k === undefined) {
      k = this.events.length;
      this.events.push(name);
      const nb = asciiBytes(name);
      this.nameBytes.push(nb);
      this.nameWords.push(wordsOf(nb));
      this.eventMap.set(name, k);
    }
    return k;
  }

  /** Stores `data` in the side text; returns its start (its end is start + data.length). */
  addSide(data: string): number {
    const at = this.sideLength;
    this.sideParts.push(data);
    this.sideLength += data.length;
    return at;
  }

  /** The id in force from the next pushed frame on ('' for none). */
  setId(id: string): void {
    if (id === this.idNow) return;
    const n = this.count;
    // two changes before the same frame: the later one wins
    if (this.idFrom.length > 0 && this.idFrom[this.idFrom.length - 1] === n) {
      this.idFrom.pop();
      this.idValue.pop();
    }
    if (this.idValue.length === 0 ? id !== '' : this.idValue[this.idValue.length - 1] !== id) {
      this.idFrom.push(n);
      this.idValue.push(id);
    }
    this.idNow = id;
  }

  /** Makes room for `more` frames beyond the current count (a guess: frames past it still fit). */
  reserve(more: number): void {
    const want = this.count + more;
    if (want > this.cap) this.grow(Math.max(this.cap * 2, Math.min(want, this.count + (1 << 24))));
  }

  /** Makes room for one more frame; returns its index. */
  next(): number {
    const n = this.count;
    if (n === this.cap) this.grow();
    this.count = n + 1;
    return n;
  }

  private grow(at = this.cap * 2): void {
    const cap = Math.max(at, this.cap + 16);
    const u = (a: Uint32Array): Uint32Array => {
      const b = new Uint32Array(cap);
      b.set(a);
      return b;
    };
    const t = new Float64Array(cap);
    t.set(this.time);
    this.time = t;
    this.turn = u(this.turn);
    this.chunkFirst = u(this.chunkFirst);
    this.chunkLast = u(this.chunkLast);
    this.charStart = u(this.charStart);
    this.charEnd = u(this.charEnd);
    this.byteStart = u(this.byteStart);
    this.byteEnd = u(this.byteEnd);
    this.event = u(this.event);
    this.piece = u(this.piece);
    this.dataStart = u(this.dataStart);
    this.dataEnd = u(this.dataEnd);
    this.cap = cap;
  }

  finish(): FrameTable {
    const n = this.count;
    // a column filled exactly is its own buffer already
    const u = (a: Uint32Array): Uint32Array => (a.length === n ? a : a.slice(0, n));
    return {
      count: n,
      turn: u(this.turn),
      time: this.time.length === n ? this.time : this.time.slice(0, n),
      chunkFirst: u(this.chunkFirst),
      chunkLast: u(this.chunkLast),
      charStart: u(this.charStart),
      charEnd: u(this.charEnd),
      byteStart: u(this.byteStart),
      byteEnd: u(this.byteEnd),
      event: u(this.event),
      events: this.events,
      piece: u(this.piece),
      dataStart: u(this.dataStart),
      dataEnd: u(this.dataEnd),
      pieces: this.pieces,
      pieceTurn: Uint32Array.from(this.pieceTurn),
      pieceChar: Float64Array.from(this.pieceChar),
      pieceByte: Float64Array.from(this.pieceByte),
      side: this.sideParts.join(''),
      idFrom: Uint32Array.from(this.idFrom),
      idValue: this.idValue,
    };
  }
}

export { SIDE };

/**
 * A table holding the given frames (tests and tools that make frames by hand): each frame's fields as given, its
 * data in the side text. `texts[turn]`, when given, is that turn's decoded text (one piece), which `frameRaw` reads
 * through the frames' char ranges; without it `frameRaw` gives ''. Frames keep their order; their own `index` is
 * not read (frame i is the i-th).
 */
export function frameTableOf(frames: readonly Frame[], texts: readonly string[] = []): FrameTable {
  const b = new TableBuilder(frames.length);
  let turn = -1;
  let piece = 0;
  for (const f of frames) {
    if (f.turn !== turn) {
      turn = f.turn;
      b.setId('');
      const text = texts[turn];
      piece = text === undefined ? 0x7fffffff : b.addPiece(text, turn, 0);
    }
    b.setId(f.id ?? '');
    const i = b.next();
    const ds = b.addSide(f.data);
    b.turn[i] = f.turn;
    b.time[i] = f.time;
    b.chunkFirst[i] = f.chunks[0];
    b.chunkLast[i] = f.chunks[1];
    b.charStart[i] = f.charStart;
    b.charEnd[i] = f.charEnd;
    b.byteStart[i] = f.byteStart;
    b.byteEnd[i] = f.byteEnd;
    b.event[i] = b.eventIndex(f.event);
    b.piece[i] = SIDE + piece;
    b.dataStart[i] = ds;
    b.dataEnd[i] = ds + f.data.length;
  }
  return b.finish();
}
