/**
 * The worker's half of sending a session to the page in slices (the page's half is ./assemble.ts).
 *
 * Contract: `splitSession(session)` returns the skeleton (the session with every large piece emptied: arrays longer
 * than `items` become [], strings longer than `text` become '', `frames` and `signals` empty tables, `kinds` an empty
 * array and each turn's `chunks` an empty table) and the pieces it
 * took out, without changing the given session (objects on the way to a piece are shallow-copied, the rest is shared).
 * `partsOf(pieces)` yields the messages that carry them, in order, each with the buffers to transfer: items in
 * slices of at most `items`, texts in pieces of about `text` units (never between the halves of a surrogate pair),
 * the frame table (core/sse/frame-table.ts) as one part whose typed arrays are TRANSFERRED as they are (no codec; the
 * given session's table is unusable afterwards), then its text pieces as items parts of about `text` units (none when
 * every piece is a range of its turn's bytes: the page decodes them from the chunk tables, ./piece-text.ts), its long
 * string lists as items and a long side text as text (a string of a list longer than twice `text`: '' in the list, then
 * text parts at its index); a long text equal to one sent before (by content) goes as one `same` part naming where
 * that one went, so it is one string on the page, and one of SLICE_MIN or more found inside one sent before (a
 * little longer) as a `slice` of it (on the page a slice of that string, which V8 keeps without a copy); the signal table (core/wire/signal-table.ts) the same way (its
 * columns transferred, then its text pieces, its string pool as items when long); the frame kinds (a Uint8Array)
 * as one part, transferred; and a turn's chunk table as it is: each byte buffer the tables
 * use sent (transferred) once, before the first table on it, then one part per table naming its buffer, with its
 * times and ends (transferred when they own their buffers, else copied; the worker is done with the session then:
 * its transferred buffers become unusable). Applying every part to the skeleton (./assemble.ts) gives back the
 * session's data. Pure apart from those transfers; never throws on session data.
 * Any depth: the walk stops STRIP_DEPTH levels down (only recorded JSON data nests that deep; below it nothing is
 * split) and a value there nesting deeper than CLONE_DEPTH more levels, which structured clone cannot copy, becomes
 * a `json` piece (null in the skeleton) sent as its JSON text in pieces of about `text` units.
 */
import { emptyFrameTable, frameTableBuffers } from '../core/sse/frame-table';
import type { ChunkTable, FrameTable, Session, SignalTable } from '../core/types';
import { emptySignalTable, signalTableBuffers } from '../core/wire/signal-table';
import { stringifyDeep } from '../core/wire/safe-json';
import { textFromBytes } from './piece-text';
import { PART_SIZE, TEXT_PART, type Part, type PartPath } from './protocol';

export interface SliceSizes {
  items: number;
  text: number;
}
export const DEFAULT_SIZES: SliceSizes = { items: PART_SIZE, text: TEXT_PART };

export type Piece =
  | { kind: 'items'; path: PartPath; value: readonly unknown[] }
  | { kind: 'table'; path: PartPath; value: FrameTable }
  | { kind: 'signal-table'; path: PartPath; value: SignalTable }
  | { kind: 'array'; path: PartPath; value: Uint8Array }
  | { kind: 'strings'; path: PartPath; value: readonly string[] }
  | { kind: 'text'; path: PartPath; value: string }
  | { kind: 'json'; path: PartPath; value: string }
  | { kind: 'chunk-table'; path: PartPath; buffer: ArrayBuffer; byteOffset: number; byteLength: number; times: Float64Array; ends: Float64Array };

export interface Outgoing {
  part: Part;
  transfer: Transferable[];
}

/** recording.turns[i].chunks: always sent as a table part, its buffers transferred. */
const isChunks = (path: PartPath) => path.length === 4 && path[0] === 'recording' && path[1] === 'turns' && path[3] === 'chunks';
/** recording.turns: walked into (for the tables) even when long, then sent in slices like any long array. */
const isTurns = (path: PartPath) => path.length === 2 && path[0] === 'recording' && path[1] === 'turns';
const EMPTY_TABLE: ChunkTable = { bytes: new Uint8Array(0), times: new Float64Array(0), ends: new Float64Array(0) };

/** How far down the session the walk goes; the session's own structure is far shallower. */
const STRIP_DEPTH = 32;
/** Values nesting deeper than this below STRIP_DEPTH go as JSON text (Chromium's structured clone fails near 3,300). */
export const CLONE_DEPTH = 1000;

/** Whether `value` nests more than `limit` levels of arrays and objects (an explicit stack, no recursion). */
export function nestsDeeper(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [v, depth] = top;
    if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v) || v instanceof ArrayBuffer) continue;
    if (depth + 1 > limit) return true;
    for (const item of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) stack.push([item, depth + 1]);
  }
  return false;
}

function strip(value: unknown, path: PartPath, out: Piece[], sizes: SliceSizes): unknown {
  if (path.length >= STRIP_DEPTH && typeof value === 'object' && value !== null) {
    if (!nestsDeeper(value, CLONE_DEPTH)) return value;
    out.push({ kind: 'json', path, value: stringifyDeep(value) });
    return null;
  }
  if (typeof value === 'string') {
    if (value.length <= sizes.text) return value;
    out.push({ kind: 'text', path, value });
    return '';
  }
  if (path.length === 1 && path[0] === 'kinds' && value instanceof Uint8Array) {
    out.push({ kind: 'array', path, value });
    return new Uint8Array(0);
  }
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value;
  if (path.length === 1 && path[0] === 'frames' && !Array.isArray(value)) {
    const table = value as FrameTable;
    out.push({ kind: 'table', path, value: table });
    out.push({ kind: 'strings', path: [...path, 'pieces'], value: table.pieces });
    if (table.side.length > sizes.text) out.push({ kind: 'text', path: [...path, 'side'], value: table.side });
    if (table.idValue.length > sizes.items) out.push({ kind: 'items', path: [...path, 'idValue'], value: table.idValue });
    if (table.events.length > sizes.items) out.push({ kind: 'items', path: [...path, 'events'], value: table.events });
    return emptyFrameTable();
  }
  if (path.length === 1 && path[0] === 'signals' && !Array.isArray(value)) {
    const table = value as SignalTable;
    out.push({ kind: 'signal-table', path, value: table });
    out.push({ kind: 'strings', path: [...path, 'pieces'], value: table.pieces });
    if (table.strings.length > sizes.items) out.push({ kind: 'items', path: [...path, 'strings'], value: table.strings });
    return emptySignalTable();
  }
  if (isChunks(path) && !Array.isArray(value)) {
    // the offsets are read now: once the buffer is transferred (by an earlier part) the worker's views read as empty
    const t = value as ChunkTable;
    const b = t.bytes;
    out.push({ kind: 'chunk-table', path, buffer: b.buffer as ArrayBuffer, byteOffset: b.byteOffset, byteLength: b.byteLength, times: t.times, ends: t.ends });
    return EMPTY_TABLE;
  }
  if (Array.isArray(value)) {
    if (isTurns(path) && value.length > sizes.items) {
      const turns = value.map((turn, i) => strip(turn, [...path, i], out, sizes));
      out.push({ kind: 'items', path, value: turns });
      return [];
    }
    if (value.length > sizes.items) {
      out.push({ kind: 'items', path, value });
      return [];
    }
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const next = strip(item, [...path, i], out, sizes);
      if (next !== item) (copy ??= value.slice())[i] = next;
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const next = strip(item, [...path, key], out, sizes);
    if (next !== item) (copy ??= { ...record })[key] = next;
  }
  return copy ?? value;
}

export function splitSession(session: Session, sizes: SliceSizes = DEFAULT_SIZES): { skeleton: Session; pieces: Piece[] } {
  const pieces: Piece[] = [];
  const skeleton = strip(session, [], pieces, sizes) as Session;
  // the frames' decoded text goes only when the page cannot decode it again from the turns' bytes (./piece-text.ts)
  if (!textFromBytes(session.frames, session.recording.turns)) return { skeleton, pieces };
  return { skeleton, pieces: pieces.filter((p) => !(p.kind === 'strings' && p.path.length === 2 && p.path[0] === 'frames' && p.path[1] === 'pieces')) };
}

/** Where to cut `text` near `at` so a surrogate pair stays whole. */
function cutAt(text: string, at: number): number {
  if (at >= text.length) return text.length;
  const before = text.charCodeAt(at - 1);
  return before >= 0xd800 && before <= 0xdbff ? at + 1 : at;
}

/** A column to send: transferred when it is its whole buffer and that buffer is not gone yet, else a copy. */
function column(c: Float64Array, sent: Set<ArrayBufferLike>, transfer: Transferable[]): Float64Array {
  const own = c.byteOffset === 0 && c.byteLength === c.buffer.byteLength && !sent.has(c.buffer) && c.buffer instanceof ArrayBuffer;
  if (!own) return c.slice();
  sent.add(c.buffer);
  transfer.push(c.buffer);
  return c;
}

export function* partsOf(pieces: readonly Piece[], sizes: SliceSizes = DEFAULT_SIZES): Generator<Outgoing> {
  const buffers = new Map<ArrayBuffer, number>();
  const seen = new Map<string, PartPath>();
  const sliced = new Map<string, { from: PartPath; start: number }>();
  // Every column is settled before the first part goes (a copy made now, or its own buffer to transfer once): a
  // buffer is unreadable here once a part carrying it has been posted.
  const sent = new Set<ArrayBufferLike>();
  for (const p of pieces) if (p.kind === 'chunk-table') sent.add(p.buffer);
  const columns = new Map<Piece, { times: Float64Array; ends: Float64Array; transfer: Transferable[] }>();
  for (const p of pieces) {
    if (p.kind !== 'chunk-table') continue;
    const transfer: Transferable[] = [];
    columns.set(p, { times: column(p.times, sent, transfer), ends: column(p.ends, sent, transfer), transfer });
  }
  for (const piece of pieces) {
    const { path } = piece;
    if (piece.kind === 'chunk-table') {
      let id = buffers.get(piece.buffer);
      if (id === undefined) {
        id = buffers.size;
        buffers.set(piece.buffer, id);
        sent.add(piece.buffer);
        yield { part: { kind: 'buffer', id, buffer: piece.buffer }, transfer: [piece.buffer] };
      }
      const { times, ends, transfer } = columns.get(piece) as { times: Float64Array; ends: Float64Array; transfer: Transferable[] };
      const { byteOffset, byteLength } = piece;
      yield { part: { kind: 'chunk-table', path, buffer: id, byteOffset, byteLength, times, ends }, transfer };
    } else if (piece.kind === 'table') {
      const t = piece.value;
      const table: FrameTable = {
        ...t,
        pieces: [],
        side: t.side.length > sizes.text ? '' : t.side,
        idValue: t.idValue.length > sizes.items ? [] : t.idValue,
        events: t.events.length > sizes.items ? [] : t.events,
      };
      yield { part: { kind: 'table', path, table }, transfer: frameTableBuffers(t) };
    } else if (piece.kind === 'signal-table') {
      const t = piece.value;
      const table: SignalTable = { ...t, pieces: [], strings: t.strings.length > sizes.items ? [] : t.strings };
      yield { part: { kind: 'signal-table', path, table }, transfer: signalTableBuffers(t) };
    } else if (piece.kind === 'array') {
      const a = piece.value;
      const own = a.byteOffset === 0 && a.byteLength === a.buffer.byteLength && a.buffer instanceof ArrayBuffer;
      const array = own ? a : a.slice();
      yield { part: { kind: 'array', path, array }, transfer: [array.buffer as ArrayBuffer] };
    } else if (piece.kind === 'strings') {
      // as many whole strings as fit in about `text` units (at least one), at most `items` of them; a string
      // longer than twice `text` (one large event: the decoder's pieces are about `text` long) goes as text parts
      // of its own, its place in the list ''
      const list = piece.value;
      const long: number[] = [];
      for (let i = 0; i < list.length; ) {
        let j = i + 1;
        let units = (list[i] as string).length;
        while (j < list.length && j - i < sizes.items && units + (list[j] as string).length <= sizes.text) units += (list[j++] as string).length;
        const items = list.slice(i, j);
        for (let k = 0; k < items.length; k++) {
          if ((items[k] as string).length <= 2 * sizes.text) continue;
          long.push(i + k);
          items[k] = '';
        }
        yield { part: { kind: 'items', path, items }, transfer: [] };
        i = j;
      }
      for (const i of long) yield* textParts([...path, i], list[i] as string, 'text', sizes, seen, sliced);
    } else if (piece.kind === 'items') {
      for (let i = 0; i < piece.value.length; i += sizes.items) yield { part: { kind: 'items', path, items: piece.value.slice(i, i + sizes.items) }, transfer: [] };
    } else yield* textParts(path, piece.value, piece.kind, sizes, seen, sliced);
  }
}

/** Texts at least this long are looked for inside the long texts sent before them (`within`). */
export const SLICE_MIN = 1 << 20;
/** How much longer than the text a sent text may be to be searched, and the most offsets verified in full. */
const SLICE_SLACK = 1 << 16;
const SLICE_TRIES = 4;
const EDGE = 64;

/**
 * Where `text` lies inside a text sent before (one at most SLICE_SLACK longer: a chunk's content inside its event,
 * a call's value inside its arguments), or undefined. Offsets are tried where the text's first and last EDGE
 * characters both match, at most SLICE_TRIES of them verified in full (startsWith: no copy), so a miss costs at most
 * a few passes over the text.
 */
function within(text: string, seen: Map<string, PartPath>): { from: PartPath; start: number } | undefined {
  const head = text.slice(0, EDGE);
  const tail = text.slice(text.length - EDGE);
  let tries = 0;
  for (const [big, from] of seen) {
    const extra = big.length - text.length;
    if (extra < 0 || extra > SLICE_SLACK) continue;
    for (let k = big.indexOf(head); k >= 0 && k <= extra; k = big.indexOf(head, k + 1)) {
      if (!big.startsWith(tail, k + text.length - EDGE)) continue;
      if (big.startsWith(text, k)) return { from, start: k };
      if (++tries >= SLICE_TRIES) return undefined;
    }
  }
  return undefined;
}

/**
 * A long string's parts: `same` when an equal string was sent before (`seen`: each text sent, by its content; a
 * Map compares equal strings without copying them), else the string in pieces of about `text` units.
 */
function* textParts(path: PartPath, text: string, kind: 'text' | 'json', sizes: SliceSizes, seen: Map<string, PartPath>, sliced: Map<string, { from: PartPath; start: number }>): Generator<Outgoing> {
  if (kind === 'text') {
    const from = seen.get(text);
    if (from !== undefined) {
      yield { part: { kind: 'same', path, from }, transfer: [] };
      return;
    }
    const inside = text.length >= SLICE_MIN ? (sliced.get(text) ?? within(text, seen)) : undefined;
    if (inside !== undefined) {
      sliced.set(text, inside);
      yield { part: { kind: 'slice', path, from: inside.from, start: inside.start, length: text.length }, transfer: [] };
      return;
    }
    seen.set(text, path);
  }
  for (let i = 0; i < text.length; ) {
    const j = cutAt(text, i + sizes.text);
    yield { part: { kind, path, text: text.slice(i, j) }, transfer: [] };
    i = j;
  }
}

/** How many parts `partsOf(pieces, sizes)` yields (for progress). */
export function countParts(pieces: readonly Piece[], sizes: SliceSizes = DEFAULT_SIZES): number {
  let n = new Set(pieces.map((p) => (p.kind === 'chunk-table' ? p.buffer : null))).size;
  for (const p of pieces) {
    if (p.kind === 'table' || p.kind === 'chunk-table' || p.kind === 'signal-table' || p.kind === 'array') n += 1;
    else if (p.kind === 'items') n += Math.ceil(p.value.length / sizes.items);
    else if (p.kind === 'strings') {
      n += Math.ceil(p.value.length / sizes.items);
      for (const s of p.value) if (s.length > 2 * sizes.text) n += Math.ceil(s.length / sizes.text);
    }
    else n += Math.ceil(p.value.length / sizes.text) + 1;
  }
  return n;
}
