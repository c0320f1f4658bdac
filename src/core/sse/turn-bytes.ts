/**
 * A turn's bytes for the SSE decoder: its chunks as one byte stream, and where that stream may be cut into pieces.
 *
 * Contract: `turnBytes(chunks)` gives the turn's bytes (the chunk table's own array, no copy; the decoder reads where
 * chunk k + 1 starts as `chunks.ends[k]`, no array of starts is made). `pieceEnd(all, start, limit)` gives the end
 * of the piece starting at byte `start` (itself a block start): the last block end at most `limit` bytes on, else
 * the end of the block that starts there, else the end of the stream; block ends are those of WHATWG event streams
 * (an empty line ends a block; CR, LF and CRLF end lines), found in byte space. Pure; linear.
 */
import type { ChunkTable } from '../types';

const LF = 10;
const CR = 13;

/** The turn's byte stream: the chunk table's one array. */
export function turnBytes(chunks: ChunkTable): { all: Uint8Array } {
  return { all: chunks.bytes };
}

/**
 * Whether a block ends just before byte `p` of `all` (p < all.length): the byte before it ends an empty line. CR
 * and LF always end a line (a CR followed by LF ends it with that LF), so an empty line's terminator is an LF after
 * an LF, a CRLF after a CR or LF, or a CR (not followed by LF) after a CR or LF.
 */
function endsBlock(all: Uint8Array, p: number): boolean {
  const last = all[p - 1];
  const before = all[p - 2];
  if (last === LF) return before === LF || (before === CR && (all[p - 3] === LF || all[p - 3] === CR));
  return last === CR && all[p] !== LF && (before === LF || before === CR);
}

/**
 * Where the piece starting at byte `start` ends: the last block end within `limit` bytes, else (one block longer
 * than a piece) the end of that block, else the end of the stream. Linear: the backward search reads at most the
 * piece it ends, the forward one only the long block.
 */
export function pieceEnd(all: Uint8Array, start: number, limit: number): number {
  const total = all.length;
  if (total - start <= limit) return total;
  for (let p = start + limit; p >= start + 2; p--) if (endsBlock(all, p)) return p;
  for (let p = start + limit + 1; p < total; p++) if (endsBlock(all, p)) return p;
  return total;
}
