/**
 * Messages between the page and the analysis worker.
 *
 * Contract: types only. The page sends one `analyze` request per worker; the worker answers with any number of
 * `progress` messages (fractions in [0, 1], non-decreasing), then, for a session, its per-frame arrays in `part`
 * slices of at most PART_SIZE items (in order), then exactly one `done` carrying the rest of the result with those
 * arrays empty; or one `failed` when something unexpected was thrown. Slicing keeps each message's deserialization
 * on the page short, so loading never blocks the page for long.
 */
import type { AnalyzeTextResult } from '../core/session/analyze';

export interface AnalyzeRequest {
  type: 'analyze';
  input: string | Uint8Array;
  name: string;
  /** Fault specs applied in order after loading (the instructor lab); none: the recording as it is. */
  faults?: readonly string[];
  seed?: number;
}

/** The Session's per-frame arrays, sent in slices. */
export const PART_FIELDS = ['frames', 'signals', 'kinds'] as const;
export type PartField = (typeof PART_FIELDS)[number];
export const PART_SIZE = 8000;

export type WorkerReply =
  | { type: 'progress'; fraction: number }
  | { type: 'part'; field: PartField; items: unknown[] }
  | { type: 'done'; result: AnalyzeTextResult }
  | { type: 'failed'; message: string };
