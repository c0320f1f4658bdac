/**
 * Raw SSE text (what `curl -N` prints) as a one-turn, untimed Recording.
 *
 * Contract: the bytes are split into one chunk per blank-line-terminated event block (an unterminated rest is one
 * more chunk); concatenating the chunks gives back the input byte for byte (BOM and invalid UTF-8 included).
 * Chunks are spaced evenly (`stepMs` apart, the first at `startMs`): the file has no timing, and `timed: false`
 * says so. Never throws.
 */
import { segmentBytes } from '../sse/segment';
import { ms, turnIndex, type Chunk, type LoadIssue, type Mutable, type Recording, type RecordingHeader, type SourceFormat, type WireId } from '../types';

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
  const rest = segmentBytes(bytes, (start, _blank, end) => {
    out.push([start, end]);
  });
  if (rest < bytes.length) out.push([rest, bytes.length]);
  return out;
}

function ranges(bytes: Uint8Array, chunking: SseOptions['chunking']): [number, number][] {
  if (chunking === 'whole') return bytes.length > 0 ? [[0, bytes.length]] : [];
  if (typeof chunking === 'number') {
    const size = Number.isFinite(chunking) && chunking >= 1 ? Math.floor(chunking) : 1;
    const out: [number, number][] = [];
    for (let s = 0; s < bytes.length; s += size) out.push([s, Math.min(bytes.length, s + size)]);
    return out;
  }
  return blockRanges(bytes);
}

/** Evenly spaced chunks over the given byte ranges. */
export function evenChunks(bytes: Uint8Array, cuts: [number, number][], startMs: number, stepMs: number): Chunk[] {
  return cuts.map(([s, e], i) => ({ time: ms(startMs + i * stepMs), bytes: bytes.subarray(s, e) }));
}

/** One evenly spaced chunk per event block (and the unterminated rest), made as the blocks are found. */
function blockChunks(bytes: Uint8Array, startMs: number, stepMs: number): Chunk[] {
  const out: Chunk[] = [];
  const rest = segmentBytes(bytes, (start, _blank, end) => {
    out.push({ time: ms(startMs + out.length * stepMs), bytes: bytes.subarray(start, end) });
  });
  if (rest < bytes.length) out.push({ time: ms(startMs + out.length * stepMs), bytes: bytes.subarray(rest) });
  return out;
}

/** Wraps raw SSE text (or bytes) as a one-turn Recording. */
export function recordingFromSse(input: string | Uint8Array, opts: SseOptions = {}): Recording {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const header: Mutable<RecordingHeader> = { ...opts.header, streamscope: 1 };
  if (opts.wire) header.wire = opts.wire;
  const chunking = opts.chunking ?? 'blocks';
  const startMs = opts.startMs ?? 100;
  const stepMs = opts.stepMs ?? 100;
  const chunks = chunking === 'blocks' ? blockChunks(bytes, startMs, stepMs) : evenChunks(bytes, ranges(bytes, chunking), startMs, stepMs);
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
