/**
 * Where raw SSE bytes' event blocks end, for the loaders' one-chunk-per-block tables: the blocks `segmentBytes`
 * (core/sse/segment.ts) finds.
 *
 * Contract: `blockEnds(bytes)` is the end (exclusive) of each block `segmentBytes(bytes, ...)` reports, in order,
 * plus `bytes.length` when an unterminated rest follows the last block; in its own exact buffer. It asks
 * `segmentBytes`, unless the large-input scanner (./block-scanner.ts, which gives the same ends faster and notes
 * what it saw for the decoder) was installed with `installBlockScanner` (core/large-inputs.ts: the workers, the
 * CLI and the bench; the page analyses at most 512 KiB inline and does without it). Never throws.
 */
import { NumberColumn } from '../chunk-table';
import { segmentBytes } from '../sse/segment';

/** The general path: whatever `segmentBytes` reports. */
export function viaSegment(bytes: Uint8Array): Float64Array {
  const ends = new NumberColumn(bytes.length >> 6);
  const rest = segmentBytes(bytes, (_start, _blank, end) => ends.push(end));
  if (rest < bytes.length) ends.push(bytes.length);
  return ends.done();
}

let scanner: ((bytes: Uint8Array) => Float64Array) | undefined;

/** Installs the large-input scanner (same ends; see the contract). Idempotent. */
export function installBlockScanner(scan: (bytes: Uint8Array) => Float64Array): void {
  scanner = scan;
}

export function blockEnds(bytes: Uint8Array): Float64Array {
  return scanner !== undefined ? scanner(bytes) : viaSegment(bytes);
}
