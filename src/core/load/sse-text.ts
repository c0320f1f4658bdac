/**
 * Raw SSE text (what `curl -N` prints) as a one-turn, untimed Recording.
 *
 * Contract: the bytes are split into one chunk per blank-line-terminated event block (an unterminated rest is one
 * more chunk), as a ChunkTable whose bytes are the input itself (a view, not a copy; no object per chunk):
 * concatenating the chunks gives back the input byte for byte (BOM and invalid UTF-8 included).
 * Chunks are spaced evenly (`stepMs` apart, the first at `startMs`): the file has no timing, and `timed: false`
 * says so. Never throws.
 */
import { evenTable } from '../chunk-table';
import { blockEnds } from './blocks';
import { ms, turnIndex, type LoadIssue, type Mutable, type Recording, type RecordingHeader, type SourceFormat, type WireId } from '../types';

export { blockEnds } from './blocks';

export interface SseOptions {
  /** Header fields to set (`streamscope: 1` is always set). */
  header?: Partial<Omit<RecordingHeader, 'streamscope'>>;
  wire?: WireId;
  /** 'blocks' (default): one chunk per event block; 'whole': one chunk; a number: chunks of that many bytes. */
  chunking?: 'blocks' | 'whole' | number;
  /** Time of the first chunk, ms (default 100). */
  startMs?: number;
  /** Spacing of chunks, ms (default 100). */
  stepMs?: number;
  /** Whether the times are real (default false: evenly spaced). */
  timed?: boolean;
  format?: SourceFormat;
}

/** Splits bytes into [start, end) ranges, one per event block plus a possible unterminated rest. */
export function blockRanges(bytes: Uint8Array): [number, number][] {
  const out: [number, number][] = [];
  const ends = blockEnds(bytes);
  for (let k = 0; k < ends.length; k++) out.push([k === 0 ? 0 : (ends[k - 1] as number), ends[k] as number]);
  return out;
}

function cutEnds(bytes: Uint8Array, chunking: SseOptions['chunking']): Float64Array {
  if (chunking === 'whole') return bytes.length > 0 ? Float64Array.of(bytes.length) : new Float64Array(0);
  if (typeof chunking === 'number') {
    const size = Number.isFinite(chunking) && chunking >= 1 ? Math.floor(chunking) : 1;
    const out = new Float64Array(Math.ceil(bytes.length / size));
    for (let k = 0; k < out.length; k++) out[k] = Math.min(bytes.length, (k + 1) * size);
    return out;
  }
  return blockEnds(bytes);
}

/** Wraps raw SSE text (or bytes) as a one-turn Recording. */
export function recordingFromSse(input: string | Uint8Array, opts: SseOptions = {}): Recording {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const header: Mutable<RecordingHeader> = { ...opts.header, streamscope: 1 };
  if (opts.wire) header.wire = opts.wire;
  const chunking = opts.chunking ?? 'blocks';
  const startMs = opts.startMs ?? 100;
  const stepMs = opts.stepMs ?? 100;
  const chunks = evenTable(bytes, cutEnds(bytes, chunking), startMs, stepMs);
  const issues: LoadIssue[] = [];
  return {
    header,
    format: opts.format ?? 'sse',
    timed: opts.timed ?? false,
    turns: [{ index: turnIndex(0), requestAt: ms(0), chunks }],
    tools: [],
    marks: [],
    issues,
  };
}
