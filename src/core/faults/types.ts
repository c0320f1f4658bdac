/**
 * The instructor lab's faults: what they are, as data.
 *
 * Contract: plain data, no behaviour. A `Fault` is one parsed spec (`rechunk:3`, `cut:12`, ...). Frame numbers are
 * global 0-based frame indices of the recording as it is when the fault is applied (faults apply in order, so a
 * frame number after a `rechunk` counts the re-chunked frames). Errors are data too: a code, the offending spec and
 * the values a message needs, plus a one-line English `error` for the CLI; the UI words them from the codes.
 */
import type { Recording, WireId } from '../types';

export type Fault =
  | { id: 'rechunk'; size: number }
  | { id: 'cut'; frame: number }
  | { id: 'drop'; frame: number }
  | { id: 'interleave' }
  | { id: 'reuse-index' }
  | { id: 'split-utf8' }
  | { id: 'crlf' }
  | { id: 'bursts'; everyMs: number }
  | { id: 'stall'; frame: number; ms: number };

export type FaultId = Fault['id'];

export const FAULT_IDS: readonly FaultId[] = [
  'rechunk',
  'cut',
  'drop',
  'interleave',
  'reuse-index',
  'split-utf8',
  'crlf',
  'bursts',
  'stall',
];

/** What the UI needs to show and build a fault: its id, its numeric parameters, its canonical spec. */
export interface FaultDescription {
  id: FaultId;
  /** Parameter name -> value, in spec order (`stall:4:500` -> {frame: 4, ms: 500}). */
  params: Record<string, number>;
  /** The canonical spec, which `parseFault` reads back to the same fault. */
  spec: string;
  /** The wires it applies to; absent when it applies to every wire. */
  wires?: readonly WireId[];
}

export type FaultErrorCode =
  | 'empty'
  | 'unknown-fault'
  | 'missing-param'
  | 'extra-param'
  | 'bad-number'
  | 'out-of-range'
  | 'no-such-frame'
  | 'wrong-wire'
  | 'unknown-wire'
  | 'internal';

export interface FaultError {
  code: FaultErrorCode;
  /** The spec as given. */
  spec: string;
  /** Which spec in the list (0-based), for `applyFaults`. */
  position?: number;
  /** The values a message needs (a parameter name, a limit, a frame count, a wire). */
  values: Record<string, string | number>;
}

export type ParseResult = { ok: true; fault: Fault } | { ok: false; error: string; issue: FaultError };
export type ApplyResult =
  | {
      ok: true;
      recording: Recording;
      /** Positions (0-based) of the faults that changed nothing (same bytes, chunks and times). */
      noEffect: number[];
    }
  | { ok: false; error: string; issue: FaultError };
