/**
 * The readers a page fetches on demand (./formats.ts): raw SSE text, HAR, NDJSON, and the base64 decoder of a v1
 * recording's `bytes` events. Shipped recordings are v1 files of text chunks, so a page's first chunks carry none.
 *
 * Contract: `installReaders(r)` installs them (./index.ts does, through ./formats.ts, for every importer of
 * core/load). `reader(kind)` gives one, or throws `ReaderMissing` when they are not installed: ./read.ts `load`
 * lets that one error through (it throws nothing else), and a page's analysis then fetches ./formats.ts and loads
 * again (core/session/lazy.ts).
 */
import type { LoadResult, Recording } from '../types';
import type { Base64Result } from './base64';
import type { Source } from './source';

export interface Readers {
  har: (doc: Record<string, unknown>) => LoadResult;
  ndjson: (src: Source) => LoadResult;
  sse: (input: string | Uint8Array) => Recording;
  base64: (text: string) => Base64Result;
}

let readers: Readers | undefined;

export function installReaders(r: Readers): void {
  readers = r;
}

export class ReaderMissing extends Error {
  constructor(kind: keyof Readers) {
    super(`the ${kind} reader is not installed (core/load/formats.ts)`);
  }
}

export function reader<K extends keyof Readers>(kind: K): Readers[K] {
  if (readers === undefined) throw new ReaderMissing(kind);
  return readers[kind];
}
