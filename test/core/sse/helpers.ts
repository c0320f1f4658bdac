// Test helpers: build a one-turn Recording from explicit chunks (strings are UTF-8 encoded, number[] are raw bytes).
import { decodeRecording, framesOf, turnText, type DecodeOptions } from '../../../src/core/sse';
import { ms, turnIndex, type DecodedTurn, type Frame, type FrameTable, type Recording } from '../../../src/core/types';
import { tableOf } from '../../../src/core/chunk-table';

export type ChunkSpec = string | number[] | Uint8Array;

export function toBytes(c: ChunkSpec): Uint8Array {
  if (typeof c === 'string') return new TextEncoder().encode(c);
  return c instanceof Uint8Array ? c : Uint8Array.from(c);
}

export function recordingOf(chunks: ChunkSpec[], times?: number[]): Recording {
  return {
    header: { streamscope: 1 },
    format: 'sse',
    timed: true,
    turns: [
      {
        index: turnIndex(0),
        requestAt: ms(0),
        chunks: tableOf(chunks.map((c, i) => ({ time: ms(times?.[i] ?? (i + 1) * 10), bytes: toBytes(c) }))),
      },
    ],
    tools: [],
    marks: [],
    issues: [],
  };
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Splits bytes at the given sorted, distinct cut points. */
export function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const c of cuts) {
    out.push(bytes.subarray(prev, c));
    prev = c;
  }
  out.push(bytes.subarray(prev));
  return out;
}

/**
 * The table decoder's result as objects, the shape the tests assert on: frames built by `frameAt`, each decoded
 * turn with its whole text (the table's pieces joined).
 */
export function decodeObjects(rec: Recording, options?: DecodeOptions): { frames: Frame[]; decoded: (DecodedTurn & { text: string })[]; table: FrameTable } {
  const { frames, decoded } = decodeRecording(rec, options);
  return { frames: framesOf(frames), decoded: decoded.map((d) => ({ ...d, text: turnText(frames, d.turn) })), table: frames };
}
