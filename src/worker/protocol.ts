/**
 * Messages between the page and the analysis worker.
 *
 * Contract: types and their sizes only. The page sends one `analyze` request per worker (a large byte input goes
 * ahead of it as `input-piece` messages, each answered with a `piece-back`); the worker answers with any number of
 * `progress` messages (fractions in [0, 1], non-decreasing), then, for a session, `part` messages carrying the
 * session's large pieces in slices (see ./slice.ts: long arrays in slices of at most PART_SIZE items, texts over
 * TEXT_PART characters in pieces, the session's frame and signal tables and frame kinds with their typed arrays
 * transferred, each turn's chunk table with its buffers transferred as they are),
 * then exactly one `done` whose session is the rest (the skeleton, with those pieces emptied); or one `failed` when
 * something unexpected was thrown. The page joins each part as it arrives (./assemble.ts), so every message's
 * deserialization and joining on the page is short, and loading never blocks the page for long.
 */
import type { AnalyzeTextResult } from '../core/session/session';
import type { FrameTable, SignalTable } from '../core/types';

export interface AnalyzeRequest {
  type: 'analyze';
  /** The input, or `{pieces: n}`: the n `input-piece` messages sent just before, in order. */
  input: string | Uint8Array | { pieces: number };
  name: string;
  /** Fault specs applied in order after loading (the instructor lab); none: the recording as it is. */
  faults?: readonly string[];
  seed?: number;
}

/**
 * A piece of a large byte input, sent ahead of the request that names it: the page copies and transfers one piece
 * per task (INPUT_PIECE bytes), so posting a large file never copies all of it in one long task. `total` is the whole
 * input's size: the worker joins the pieces into one buffer of that size as they arrive, and sends each piece's buffer
 * back (`piece-back`) for the page to copy the next pieces into (./pieces.ts).
 */
export interface InputPiece {
  type: 'input-piece';
  bytes: Uint8Array;
  total: number;
}

/** Byte inputs longer than this are posted in pieces of this size. */
export const INPUT_PIECE = 8 << 20;

export type PageMessage = AnalyzeRequest | InputPiece;

/** Where a piece sits in the session: property names and array indices from the session's root. */
export type PartPath = readonly (string | number)[];

/**
 * The largest number of array items in one `part`: the page deserializes each message in one task, so a part is
 * kept small enough for that task to stay short however large the session is (figures in docs/performance.md).
 */
export const PART_SIZE = 1000;
/**
 * Strings longer than this many UTF-16 units are sent in pieces of about this size (also a string over twice this in
 * a list of strings: the list carries '' in its place), and a second string equal to one sent is sent as `same`.
 */
export const TEXT_PART = 1 << 20;

export type Part =
  /** The next items of the array at `path` (in order). */
  | { kind: 'items'; path: PartPath; items: unknown[] }
  /** The frame table at `path`, its typed arrays transferred; its pieces (and long lists, side text) follow as parts. */
  | { kind: 'table'; path: PartPath; table: FrameTable }
  /** The signal table at `path`, its typed arrays transferred; its text pieces (and a long string pool) follow as parts. */
  | { kind: 'signal-table'; path: PartPath; table: SignalTable }
  /** The typed array at `path` (the frame kinds), transferred. */
  | { kind: 'array'; path: PartPath; array: Uint8Array }
  /** The next piece of the string at `path`. */
  | { kind: 'text'; path: PartPath; text: string }
  /**
   * The next piece of the JSON text of the value at `path`: data nested too deep for structured clone (which
   * overflows near 3,000 levels) is sent as text and parsed on the page once whole (JSON.parse copes with any depth).
   */
  | { kind: 'json'; path: PartPath; text: string }
  /**
   * The string at `path` is the one at `from`, sent before as `text` parts: a long string that occurs more than once
   * in the session (a call's arguments in each strategy's buffer, call and parsed value) crosses once and is one
   * string on the page, not one copy per place.
   */
  | { kind: 'same'; path: PartPath; from: PartPath }
  /** The string at `path` is `length` characters of the one at `from` (sent as `text` parts), from `start`. */
  | { kind: 'slice'; path: PartPath; from: PartPath; start: number; length: number }
  /** A byte buffer (transferred) that `chunk-table` parts sent after it refer to by `id` (turns may share one). */
  | { kind: 'buffer'; id: number; buffer: ArrayBuffer }
  /**
   * The chunk table at `path`: its bytes are `byteLength` bytes at `byteOffset` of buffer `buffer` (an earlier
   * `buffer` part), its times and ends as they are (transferred when they own their buffers).
   */
  | { kind: 'chunk-table'; path: PartPath; buffer: number; byteOffset: number; byteLength: number; times: Float64Array; ends: Float64Array };

export type WorkerReply =
  | { type: 'progress'; fraction: number }
  /** An `input-piece`'s buffer, copied and sent back (transferred) for the page to reuse. */
  | { type: 'piece-back'; bytes: Uint8Array }
  | { type: 'part'; part: Part }
  | { type: 'done'; result: AnalyzeTextResult }
  | { type: 'failed'; message: string };
