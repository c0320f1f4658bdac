/**
 * The page's half of receiving a session in slices from the analysis worker (the worker's half is ./slice.ts).
 *
 * Contract: `createAssembler()` returns `add(part)`, which joins one part into what came before for its path as it
 * arrives (items pushed, the frame and signal tables and the kinds array kept as they came, their typed arrays transferred, text and JSON text appended, a `same` part given the very string joined at its `from` path and a `slice` part a slice of it (V8 shares the characters), a turn's chunk table rebuilt over its transferred buffer), and
 * `finish(skeleton)`, which puts every joined piece at its path in the skeleton (outer paths first) (the `done` message's session, a
 * fresh structured clone the page owns), a `json` piece parsed, gives a frame table that came without its text the
 * text decoded from the turns' bytes when read (./piece-text.ts), and returns it. Work per call is proportional to that part's size, so no
 * single message takes long. Parts that do not fit (a table before its buffer, bytes past the buffer, ends that are not its byte count, a path the
 * skeleton lacks) give an Error naming the part and the path instead of a wrong session.
 */
import type { ChunkTable, FrameTable, Session, SignalTable } from '../core/types';
import type { Part, PartPath } from './protocol';
import { decodePieces } from './piece-text';

type Joined =
  | { path: PartPath; kind: 'table'; value: FrameTable }
  | { path: PartPath; kind: 'signal-table'; value: SignalTable }
  | { path: PartPath; kind: 'array'; value: Uint8Array }
  | { path: PartPath; kind: 'items'; value: unknown[] }
  | { path: PartPath; kind: 'text' | 'json'; value: string }
  | { path: PartPath; kind: 'chunk-table'; value: ChunkTable }
  | { path: PartPath; kind: 'same'; value: string }
  | { path: PartPath; kind: 'slice'; value: string; start: number; length: number };

const where = (path: PartPath) => path.join('.') || '(root)';

/** A `json` piece's value: JSON.parse copes with any depth, which structured clone does not. */
function parseJoined(text: string, path: PartPath): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new Error(`analysis worker: the JSON text for ${where(path)} does not parse: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The chunk table a `chunk-table` part describes, or an Error naming what does not fit. */
function tableOfPart(part: Extract<Part, { kind: 'chunk-table' }>, buffer: ArrayBuffer | undefined): ChunkTable {
  const at = where(part.path);
  if (!buffer) throw new Error(`analysis worker: the table for ${at} before its buffer ${part.buffer}`);
  const { byteOffset, byteLength, times, ends } = part;
  if (!(byteOffset >= 0 && byteLength >= 0 && byteOffset + byteLength <= buffer.byteLength)) {
    throw new Error(`analysis worker: the table for ${at} has bytes ${byteOffset}..${byteOffset + byteLength}, outside 0..${buffer.byteLength}`);
  }
  let prev = 0;
  for (let k = 0; k < ends.length; k++) {
    const end = ends[k] as number;
    if (!(end >= prev && end <= byteLength)) throw new Error(`analysis worker: chunk ${k} of ${at} ends at byte ${end}, outside ${prev}..${byteLength}`);
    prev = end;
  }
  if (times.length !== ends.length || prev !== byteLength) throw new Error(`analysis worker: the table for ${at} has ${times.length} times, ${ends.length} ends and ${byteLength} bytes`);
  return { bytes: new Uint8Array(buffer, byteOffset, byteLength), times, ends };
}

export function createAssembler() {
  const joined = new Map<string, Joined>();
  const buffers = new Map<number, ArrayBuffer>();
  const keyOf = (path: PartPath) => JSON.stringify(path);

  const add = (part: Part): void => {
    if (part.kind === 'buffer') {
      buffers.set(part.id, part.buffer);
      return;
    }
    const key = keyOf(part.path);
    const had = joined.get(key);
    if (had && had.kind !== part.kind) throw new Error(`analysis worker: a "${part.kind}" part for ${where(part.path)}, which had "${had.kind}" parts`);
    switch (part.kind) {
      case 'table': {
        if (had) throw new Error(`analysis worker: a second frame table for ${where(part.path)}`);
        joined.set(key, { path: part.path, kind: 'table', value: part.table });
        return;
      }
      case 'signal-table': {
        if (had) throw new Error(`analysis worker: a second signal table for ${where(part.path)}`);
        joined.set(key, { path: part.path, kind: 'signal-table', value: part.table });
        return;
      }
      case 'array': {
        if (had) throw new Error(`analysis worker: a second array for ${where(part.path)}`);
        joined.set(key, { path: part.path, kind: 'array', value: part.array });
        return;
      }
      case 'items': {
        const items: unknown[] = part.items;
        if (!had) joined.set(key, { path: part.path, kind: 'items', value: items });
        else if (had.kind === 'items') for (const item of items) had.value.push(item);
        return;
      }
      case 'text':
      case 'json': {
        if (!had) joined.set(key, { path: part.path, kind: part.kind, value: part.text });
        else if (had.kind === part.kind) had.value += part.text;
        return;
      }
      case 'same': {
        if (had) throw new Error(`analysis worker: a second string for ${where(part.path)}`);
        const from = joined.get(keyOf(part.from));
        if (from?.kind !== 'text') throw new Error(`analysis worker: ${where(part.path)} is the string at ${where(part.from)}, which did not come`);
        joined.set(key, { path: part.path, kind: 'same', value: keyOf(part.from) });
        return;
      }
      case 'slice': {
        if (had) throw new Error(`analysis worker: a second string for ${where(part.path)}`);
        const from = joined.get(keyOf(part.from));
        if (from?.kind !== 'text') throw new Error(`analysis worker: ${where(part.path)} is part of the string at ${where(part.from)}, which did not come`);
        joined.set(key, { path: part.path, kind: 'slice', value: keyOf(part.from), start: part.start, length: part.length });
        return;
      }
      case 'chunk-table': {
        if (had) throw new Error(`analysis worker: a second chunk table for ${where(part.path)}`);
        joined.set(key, { path: part.path, kind: 'chunk-table', value: tableOfPart(part, buffers.get(part.buffer)) });
        return;
      }
    }
  };

  /** A joined piece's value: a `same` the string at its `from`, a `slice` a slice of it (sharing its characters). */
  const valueOf = (piece: Joined): unknown => {
    if (piece.kind === 'json') return parseJoined(piece.value, piece.path);
    if (piece.kind !== 'same' && piece.kind !== 'slice') return piece.value;
    const text = joined.get(piece.value)?.value as string;
    if (piece.kind === 'same') return text;
    if (piece.start < 0 || piece.start + piece.length > text.length) throw new Error(`analysis worker: ${where(piece.path)} is characters ${piece.start}..${piece.start + piece.length} of a string of ${text.length}`);
    return text.slice(piece.start, piece.start + piece.length);
  };

  const finish = (skeleton: Session): Session => {
    // outer pieces first: a turn's table goes into a turn that came in an `items` piece of the turns
    const pieces = [...joined.values()].sort((a, b) => a.path.length - b.path.length);
    for (const piece of pieces) {
      const { path } = piece;
      let parent: unknown = skeleton;
      for (const step of path.slice(0, -1)) parent = parent !== null && typeof parent === 'object' ? (parent as Record<string | number, unknown>)[step] : undefined;
      const last = path[path.length - 1];
      if (last === undefined || parent === null || typeof parent !== 'object') throw new Error(`analysis worker: the session has no place for ${where(path)}`);
      (parent as Record<string | number, unknown>)[last] = valueOf(piece);
    }
    joined.clear();
    buffers.clear();
    // the frames' text, when it came as the turns' bytes only
    return decodePieces(skeleton);
  };

  return { add, finish };
}
