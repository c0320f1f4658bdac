/**
 * The strategies' part of the data model (re-exported by ../types.ts, where every module imports it from): the
 * strategy ids, what a strategy's run holds (buffers, fragments, parse attempts, ready calls, verdicts) and the
 * codes of its reasons and notes. Contract: as ../types.ts (plain immutable data, branded units).
 */
import type { CallKey, FrameIndex, TurnIndex, Verdict } from './types';

/** The strategies of the registry (src/core/strategies), each with its reference code. */
export type BuiltinStrategyId =
  | 'parse-each-fragment'
  | 'shared-buffer'
  | 'per-call-buffer'
  | 'completed-item'
  | 'partial-json-preview'
  | 'next-index-closes';

/**
 * The learner's own strategy of the exercise mode ("Your strategy"): not in the registry; its run is made from the
 * log of the learner's `assemble` (strategies/learner.ts), and until then it is `n/a` with naReason 'no-code'.
 */
export const LEARNER_ID = 'yours' as const;

/** A strategy the panels can show: a built-in one or the learner's. */
export type StrategyId = BuiltinStrategyId | typeof LEARNER_ID;

/** The built-in strategies in display order (the learner's is not among them: lists that iterate add it themselves). */
export const STRATEGY_IDS: readonly BuiltinStrategyId[] = [
  'parse-each-fragment',
  'shared-buffer',
  'per-call-buffer',
  'completed-item',
  'partial-json-preview',
  'next-index-closes',
];

/**
 * A buffer a strategy appends to, as a row (a run holds them as a `BufferTable`). Its text is stored once (its final value); at frame f it holds the prefix of
 * length `lengthAt(f)` = the end of the last fragment with frame <= f.
 */
export interface BufferLog {
  readonly id: number;
  readonly turn: TurnIndex;
  /** The call key, or null for the one shared buffer. */
  readonly key: CallKey | null;
  readonly callId?: string;
  readonly name?: string;
  readonly text: string;
  /** The frame at which the strategy opened it (a call's start), which may precede its first fragment. */
  readonly openedAt?: FrameIndex;
}

/**
 * A run's buffers as columns (read them with strategies/buffers.ts): buffer b is row b of each column. The key,
 * call id and name are indices into `strings` (0xffffffff: none; a key of none is the one shared buffer); `openedAt`
 * is 0xffffffff for a buffer that was not marked as opened at a frame.
 */
export interface BufferTable {
  readonly count: number;
  readonly turn: Uint32Array;
  readonly openedAt: Uint32Array;
  readonly key: Uint32Array;
  readonly callId: Uint32Array;
  readonly name: Uint32Array;
  readonly strings: readonly string[];
  readonly text: readonly string[];
}

/**
 * A run's buffer fragments as columns (read them with strategies/fragments.ts): buffer b's are rows first[b] ..
 * first[b + 1] - 1, each a [start, end) range of the buffer's text that arrived at a frame, in arrival order. An
 * empty fragment ('') is a real one.
 */
export interface FragmentTable {
  /** By buffer id, the row where its fragments begin; one more entry than the buffers (a buffer past it has none). */
  readonly first: Uint32Array;
  readonly frame: Uint32Array;
  readonly start: Uint32Array;
  readonly end: Uint32Array;
}

/** One parse attempt, as a row (strategies/attempts.ts `attemptAt` makes it from a run's `AttemptTable`). */
export interface ParseAttempt {
  readonly frame: FrameIndex;
  readonly turn: TurnIndex;
  /** Its buffer's call key (null for the one shared buffer). */
  readonly key: CallKey | null;
  /** The input is `buffers[bufferId].text.slice(start, end)`. */
  readonly bufferId: number;
  readonly start: number;
  readonly end: number;
  readonly ok: boolean;
  /** The parser's own message (JSON.parse's), when it failed and was parsed; absent when the run rejected the input
   * without parsing (cut short): `attemptError` (session/view.ts) gives the message in both cases. */
  readonly error?: string;
}

/**
 * A run's parse attempts as columns, sorted by frame: attempt i is row i of every column (read them with
 * strategies/attempts.ts). The columns are exactly `count` long.
 */
export interface AttemptTable {
  readonly count: number;
  readonly frame: Uint32Array;
  readonly turn: Uint32Array;
  /** The buffer whose text [start, end) the attempt parsed. */
  readonly buffer: Uint32Array;
  readonly start: Uint32Array;
  readonly end: Uint32Array;
  /** 1: parsed; 0: failed. */
  readonly ok: Uint8Array;
  /** JSON.parse's message by attempt index, for the failed attempts that were parsed (sparse). */
  readonly errors: Readonly<Record<number, string>>;
}

export interface ReadyCall {
  readonly turn: TurnIndex;
  readonly key: CallKey;
  readonly id: string;
  readonly name: string;
  readonly argsText: string;
  readonly args: unknown;
  readonly readyFrame: FrameIndex;
}

export type VerdictReason =
  | 'parse-failed'
  | 'missing-call'
  | 'extra-call'
  | 'wrong-call'
  | 'call-never-ended'
  | 'invalid-arguments'
  | 'unnamed-call'
  | 'not-applicable'
  | 'no-calls';

export interface TurnVerdict {
  readonly turn: TurnIndex;
  readonly verdict: Verdict;
  readonly reason?: VerdictReason;
  /** For `fail`: the first failing frame, the input and the parser's message, where a parse failed. */
  readonly frame?: FrameIndex;
  readonly input?: string;
  readonly error?: string;
  /** For `fail` on a call mismatch: which call (key) is concerned. */
  readonly key?: CallKey;
}

/** A strategy's remark that is neither an attempt nor a call (optional data; added for per-call-buffer). */
export interface StrategyNote {
  readonly turn: TurnIndex;
  readonly key: CallKey;
  readonly frame: FrameIndex;
  /** `end-args-differ`: the call's end event carried args that differ from the buffer the strategy parsed. */
  readonly code: 'end-args-differ';
  /** The end event's args. */
  readonly detail: string;
}

/**
 * Why a strategy does not apply (the UI and the CLI word each code, src/i18n/codes.ts): the recording has no frame;
 * the run is a placeholder not computed yet; the wire carries no complete item (completed-item); the strategy is for
 * Chat Completions only (next-index-closes); the strategy threw while checking its wire; the learner's strategy has
 * not been run (no code yet).
 */
export type NaReason = 'no-frames' | 'pending' | 'no-complete-items' | 'chat-only' | 'strategy-error' | 'no-code';

export interface StrategyRun {
  readonly id: StrategyId;
  readonly applicable: boolean;
  /** Why it does not apply (a code; src/i18n words it). */
  readonly naReason?: NaReason;
  /** The buffers, as columns (a row: strategies/buffers.ts `bufferAt`). */
  readonly buffers: BufferTable;
  /** The buffers' fragments, as columns. */
  readonly fragments: FragmentTable;
  /** Sorted by frame, as columns. */
  readonly attempts: AttemptTable;
  /** Sorted by readyFrame. */
  readonly calls: readonly ReadyCall[];
  readonly verdicts: readonly TurnVerdict[];
  /** Overall: ok when every turn is ok, n/a when not applicable, else fail. */
  readonly verdict: Verdict;
  /** Remarks in frame order (optional: absent on runs that made none or were not computed). */
  readonly notes?: readonly StrategyNote[];
}
