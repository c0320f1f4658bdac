/**
 * What the loader's scan of raw SSE bytes (load/blocks.ts `blockEnds`) learned besides the block ends, handed to the
 * decoder (block-path.ts) so that it does not look for the same line ends and non-ASCII bytes again.
 *
 * Contract: `noteScan(ends, scan)` records, for the block-end array `ends` that `blockEnds` returned (the chunk
 * table's own `ends` for one-chunk-per-block tables), the scan of CR-free `scan.bytes`: per block k, `shape[k]` is 0
 * when it holds one line (or is the lone empty line), the offset from its start of its first LF when it holds two,
 * -1 when more (or when that offset does not fit); `runs` lists, increasing, the first byte of each maximal run of
 * bytes >= 0x80; `rest` says whether the last block is an unterminated rest. `scanOf(chunks)` gives the scan only
 * when `chunks.ends` is such an array and `chunks.bytes` views the scanned bytes from their first byte (chunk tables
 * and their arrays are never written after they are made, so the scan stays true). Held weakly: it lives as long as
 * `ends`. Never throws.
 */
import type { ChunkTable } from '../types';

export interface BlockScan {
  readonly bytes: Uint8Array;
  readonly shape: Int32Array;
  readonly runs: Float64Array;
  readonly rest: boolean;
}

const scans = new WeakMap<Float64Array, BlockScan>();

export function noteScan(ends: Float64Array, scan: BlockScan): void {
  scans.set(ends, scan);
}

export function scanOf(chunks: ChunkTable): BlockScan | undefined {
  const scan = scans.get(chunks.ends);
  if (scan === undefined) return undefined;
  const a = scan.bytes;
  const b = chunks.bytes;
  const ok = a.buffer === b.buffer && a.byteOffset === b.byteOffset && b.length <= a.length && scan.shape.length === chunks.ends.length;
  return ok ? scan : undefined;
}
