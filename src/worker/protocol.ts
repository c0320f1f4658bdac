/**
 * Messages between the page and the analysis worker.
 *
 * Contract: types only. The page sends one `analyze` request per worker; the worker answers with any number of
 * `progress` messages (fractions in [0, 1], non-decreasing) and then exactly one `done` carrying the
 * structured-cloneable result, or one `failed` when something unexpected was thrown.
 */
import type { AnalyzeTextResult } from '../core/session/analyze';

export interface AnalyzeRequest {
  type: 'analyze';
  input: string | Uint8Array;
  name: string;
}

export type WorkerReply =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; result: AnalyzeTextResult }
  | { type: 'failed'; message: string };
