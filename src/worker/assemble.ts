/**
 * The page's half of receiving a session in slices from the analysis worker (the worker's half is ./slice.ts).
 *
 * Contract: `createAssembler()` returns `add(part)`, which joins one part into what came before for its path as it
 * arrives (items pushed, the frame table kept as it came, its typed arrays transferred, text and JSON text appended, chunks built as views into their turn's one transferred buffer), and
 * `finish(skeleton)`, which puts every joined piece at its path in the skeleton (the `done` message's session, a
 * fresh structured clone the page owns), a `json` piece parsed, and returns it. Work per call is proportional to that part's size, so no
 * single message takes long. Parts that do not fit (chunks before their bytes, ends past the buffer, a path the
 * skeleton lacks) give an Error naming the part and the path instead of a wrong session.
 */
import type { Chunk, FrameTable, Session } from '../core/types';
import { ms } from '../core/types';
import type { Part, PartPath } from './protocol';

type Joined = { path: PartPath; kind: 'table'; value: FrameTable } | { path: PartPath; kind: 'items'; value: unknown[] } | { path: PartPath; kind: 'text' | 'json'; value: string } | { path: PartPath; kind: 'chunks'; value: Chunk[]; buffer: ArrayBuffer; at: number };

const where = (path: PartPath) => path.join('.') || '(root)';

/** A `json` piece's value: JSON.parse copes with any depth, which structured clone does not. */
function parseJoined(text: string, path: PartPath): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new Error(`analysis worker: the JSON text for ${where(path)} does not parse: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export function createAssembler() {
  const joined = new Map<string, Joined>();
  const keyOf = (path: PartPath) => JSON.stringify(path);

  const add = (part: Part): void => {
    const key = keyOf(part.path);
    const had = joined.get(key);
    if (had && had.kind !== (part.kind === 'bytes' ? 'chunks' : part.kind)) throw new Error(`analysis worker: a "${part.kind}" part for ${where(part.path)}, which had "${had.kind}" parts`);
    switch (part.kind) {
      case 'table': {
        if (had) throw new Error(`analysis worker: a second frame table for ${where(part.path)}`);
        joined.set(key, { path: part.path, kind: 'table', value: part.table });
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
      case 'bytes': {
        if (had) throw new Error(`analysis worker: a second byte buffer for ${where(part.path)}`);
        joined.set(key, { path: part.path, kind: 'chunks', value: [], buffer: part.bytes, at: 0 });
        return;
      }
      case 'chunks': {
        if (!had || had.kind !== 'chunks') throw new Error(`analysis worker: chunks for ${where(part.path)} before their bytes`);
        const { times, ends } = part;
        const size = had.buffer.byteLength;
        for (let i = 0; i < times.length; i++) {
          const end = ends[i] ?? -1;
          if (!(end >= had.at && end <= size)) throw new Error(`analysis worker: chunk ${had.value.length} of ${where(part.path)} ends at byte ${end}, outside ${had.at}..${size}`);
          had.value.push({ time: ms(times[i] ?? 0), bytes: new Uint8Array(had.buffer, had.at, end - had.at) });
          had.at = end;
        }
        return;
      }
    }
  };

  const finish = (skeleton: Session): Session => {
    for (const piece of joined.values()) {
      const { path } = piece;
      let parent: unknown = skeleton;
      for (const step of path.slice(0, -1)) parent = parent !== null && typeof parent === 'object' ? (parent as Record<string | number, unknown>)[step] : undefined;
      const last = path[path.length - 1];
      if (last === undefined || parent === null || typeof parent !== 'object') throw new Error(`analysis worker: the session has no place for ${where(path)}`);
      (parent as Record<string | number, unknown>)[last] = piece.kind === 'json' ? parseJoined(piece.value, path) : piece.value;
    }
    joined.clear();
    return skeleton;
  };

  return { add, finish };
}
