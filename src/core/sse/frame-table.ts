/**
 * The columnar frame table: every dispatched SSE event of a recording as typed-array columns plus the decoded text.
 *
 * Contract: a `FrameTable` is PLAIN DATA (typed arrays, strings, arrays of strings; no class, no method), so it
 * survives `structuredClone` and postMessage, and a worker can transfer its typed arrays (`frameTableBuffers`).
 * Frame i (0 <= i < count) has, in the columns at index i: its turn, time, first and last chunk, turn-relative
 * char and byte ranges of its raw block, the index of its event name in `events`, and where its data lies: the
 * piece `piece[i]` of the decoded text (a string of `pieces`), characters [dataStart[i], dataEnd[i]) of it; when the
 * data is not one contiguous slice of the text (several `data:` lines...), `piece[i]` has the SIDE bit set and the
 * range indexes `side` instead. The decoded text of a turn is a list of pieces (each far below the engine's string
 * limit, cut only between blocks): `pieceTurn[p]` is the turn of piece p and `pieceChar[p]` the turn-relative char
 * offset of its first character, and `pieceByte[p]` the turn-relative byte where its bytes start when the piece is
 * those bytes decoded (-1 for a table made by hand); pieces are in turn then text order. Ids are sparse: `idFrom` lists, increasing,
 * the frames at which the id in force changes and `idValue` the new value ('' for none).
 * The free functions read one frame without building it; `frameAt` builds today's `Frame` object on demand.
 */
import { lastAtOrBefore } from '../sorted';
import { frameIndex, type Frame, type FrameFields, type FrameIndex, type FrameTable, type Ms, type TurnIndex } from '../types';

export type { FrameTable } from '../types';

/** The bit of `piece[i]` saying the data is in `side`. */
export const SIDE = 0x80000000;

export function frameCount(t: FrameTable): number {
  return t.count;
}

export function frameTurn(t: FrameTable, i: number): TurnIndex {
  return t.turn[i] as TurnIndex;
}

export function frameTime(t: FrameTable, i: number): Ms {
  return t.time[i] as Ms;
}

export function frameEvent(t: FrameTable, i: number): string {
  return t.events[t.event[i] as number] as string;
}

export function frameData(t: FrameTable, i: number): string {
  const p = t.piece[i] as number;
  const text = p >= SIDE ? t.side : (t.pieces[p] as string);
  return text.slice(t.dataStart[i], t.dataEnd[i]);
}

/** The frame's raw block (its fields through the terminating blank line) as decoded. */
export function frameRaw(t: FrameTable, i: number): string {
  let p = t.piece[i] as number;
  if (p >= SIDE) p -= SIDE;
  const text = t.pieces[p];
  if (text === undefined) return '';
  const base = t.pieceChar[p] as number;
  return text.slice((t.charStart[i] as number) - base, (t.charEnd[i] as number) - base);
}

/** The last event ID in force at frame i, or undefined when none. */
export function frameId(t: FrameTable, i: number): string | undefined {
  // the last run starting at or before i
  const run = lastAtOrBefore(t.idFrom, i);
  if (run < 0) return undefined;
  const v = t.idValue[run] as string;
  return v === '' ? undefined : v;
}

/** The fields of frame i that the wire adapters and ground-truth readers read (one small object; no id, no ranges). */
export function frameFields(t: FrameTable, i: number): FrameFields {
  return { index: frameIndex(i), turn: frameTurn(t, i), event: frameEvent(t, i), data: frameData(t, i) };
}

/** Frame i as the object the UI reads (built on demand, keys in the SSE layer's order). */
export function frameAt(t: FrameTable, i: number): Frame {
  const frame: { -readonly [K in keyof Frame]: Frame[K] } = {
    index: frameIndex(i),
    turn: frameTurn(t, i),
    time: frameTime(t, i),
    event: frameEvent(t, i),
    data: frameData(t, i),
    chunks: [t.chunkFirst[i] as number, t.chunkLast[i] as number],
    charStart: t.charStart[i] as number,
    charEnd: t.charEnd[i] as number,
    byteStart: t.byteStart[i] as number,
    byteEnd: t.byteEnd[i] as number,
  };
  const id = frameId(t, i);
  if (id !== undefined) frame.id = id;
  return frame;
}

/** Frame i as an object, or undefined when there is no frame i (the UI's `frames[i]`). */
export function getFrame(t: FrameTable, i: number): Frame | undefined {
  return Number.isInteger(i) && i >= 0 && i < t.count ? frameAt(t, i) : undefined;
}

/** Every frame as objects (tests, small tools; O(count) objects). */
export function framesOf(t: FrameTable): Frame[] {
  const out: Frame[] = new Array<Frame>(t.count);
  for (let i = 0; i < t.count; i++) out[i] = frameAt(t, i);
  return out;
}

/** The whole decoded text of turn `turn` (its pieces joined; '' when it has none). */
export function turnText(t: FrameTable, turn: number): string {
  let s = '';
  for (let p = 0; p < t.pieces.length; p++) if (t.pieceTurn[p] === turn) s += t.pieces[p] as string;
  return s;
}

/** First frame index at or after `i` whose turn differs from frame i's (frames are in turn order). */
export function turnEnd(t: FrameTable, i: number): FrameIndex {
  const turn = t.turn[i];
  let j = i;
  while (j < t.count && t.turn[j] === turn) j++;
  return frameIndex(j);
}

/** The typed arrays' buffers, to transfer with postMessage (each column owns its buffer). */
export function frameTableBuffers(t: FrameTable): ArrayBuffer[] {
  const cols = [t.turn, t.time, t.chunkFirst, t.chunkLast, t.charStart, t.charEnd, t.byteStart, t.byteEnd, t.event, t.piece, t.dataStart, t.dataEnd, t.pieceTurn, t.pieceChar, t.pieceByte, t.idFrom];
  const out: ArrayBuffer[] = [];
  for (const c of cols) if (!out.includes(c.buffer as ArrayBuffer)) out.push(c.buffer as ArrayBuffer);
  return out;
}

/** A table of no frames. */
export function emptyFrameTable(): FrameTable {
  const u = (): Uint32Array => new Uint32Array(0);
  return {
    count: 0,
    turn: u(),
    time: new Float64Array(0),
    chunkFirst: u(),
    chunkLast: u(),
    charStart: u(),
    charEnd: u(),
    byteStart: u(),
    byteEnd: u(),
    event: u(),
    events: [],
    piece: u(),
    dataStart: u(),
    dataEnd: u(),
    pieces: [],
    pieceTurn: u(),
    pieceChar: new Float64Array(0),
    pieceByte: new Float64Array(0),
    side: '',
    idFrom: u(),
    idValue: [],
  };
}
