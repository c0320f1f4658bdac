/**
 * The timing model (re-exported by types.ts): per-turn first-token timings, silences and anomalies, as
 * timeline/index.ts computes them once per session.
 *
 * Contract: plain immutable data. Moments are turn-relative (`TurnMs`, from the turn's request) unless named
 * `...At` (absolute `Ms`); durations are plain numbers named `...Ms`.
 */
import type { EndStatus } from './types';
import type { FrameIndex, Ms, TurnIndex, TurnMs } from './units';

// ---------------------------------------------------------------------------------------------------------------
// Timing (timeline)
// ---------------------------------------------------------------------------------------------------------------
export type AnomalyCode =
  | 'finish-tool-calls-without-call'
  | 'no-terminal-event'
  | 'error-event'
  | 'unterminated-final-event'
  | 'invalid-arguments'
  | 'call-cut-off'
  | 'call-without-name'
  | 'arguments-lost'
  | 'reused-index'
  | 'unknown-event'
  | 'time-goes-back'
  | 'invalid-utf8'
  | 'invalid-json'
  | 'too-deep';

export interface Anomaly {
  readonly code: AnomalyCode;
  readonly turn: TurnIndex;
  readonly frame?: FrameIndex;
  /** Plain detail (an event name, a key, an error message): data, not prose. */
  readonly detail?: string;
}

export interface Gap {
  /** The frame after the silence. */
  readonly frame: FrameIndex;
  /** Turn-relative start of the silence. */
  readonly fromMs: TurnMs;
  /** Its length (a duration). */
  readonly lengthMs: number;
}

export interface TurnTiming {
  readonly turn: TurnIndex;
  readonly requestAt: Ms;
  /** Frame range [first, last] of this turn, or null when it has no frame. */
  readonly frames: readonly [FrameIndex, FrameIndex] | null;
  readonly frameCount: number;
  /** All turn-relative (ms from the turn's request); null when absent. */
  readonly firstFrameMs: TurnMs | null;
  readonly firstReasoningMs: TurnMs | null;
  readonly firstTextMs: TurnMs | null;
  readonly firstToolCallMs: TurnMs | null;
  readonly lastFrameMs: TurnMs | null;
  readonly endMs: TurnMs | null;
  readonly endStatus: EndStatus | null;
  readonly finishReason: string | null;
  readonly usage: { readonly inputTokens?: number; readonly outputTokens?: number } | null;
  readonly gaps: readonly Gap[];
  /** A duration. */
  readonly longestGapMs: number | null;
  readonly anomalies: readonly Anomaly[];
}
