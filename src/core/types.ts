/**
 * The data model of Streamscope's pipeline (see src/core/README.md).
 *
 * Contract: plain immutable data (readonly throughout), no classes, no framework. Times are branded milliseconds,
 * absolute (`Ms`) or turn-relative (`TurnMs`); frame and turn indices are branded integers (`FrameIndex`,
 * `TurnIndex`); none of the four can be passed for another. Durations are plain numbers named `...Ms`.
 * Everything a panel shows at frame f is derived from a `Session` by the accessors in `session/view.ts`, in
 * O(log n), without copying strings per frame.
 */

// Branded units (./units.ts) and the timing model (./timing-types.ts)
export * from './units';
import type { FrameIndex, Ms, TurnIndex } from './units';
export * from './timing-types';
import type { Anomaly, TurnTiming } from './timing-types';

// ---------------------------------------------------------------------------------------------------------------
// Recording (load)
// ---------------------------------------------------------------------------------------------------------------
export type WireId = 'anthropic-messages' | 'openai-chat' | 'openai-responses' | 'gemini';
export const WIRES: readonly WireId[] = ['anthropic-messages', 'openai-chat', 'openai-responses', 'gemini'];

export interface Localized {
  readonly zh: string;
  readonly en: string;
}

export type ProvenanceKind = 'captured' | 'docs' | 'reconstructed' | 'synthetic';
export interface Provenance {
  readonly kind: ProvenanceKind;
  readonly source?: string;
  readonly url?: string;
  readonly notes?: string;
}

export interface ToolSpec {
  readonly name: string;
  readonly concurrencySafe?: boolean;
  readonly durationMs?: number;
}

export type Verdict = 'ok' | 'fail' | 'n/a';

export interface RecordingHeader {
  readonly streamscope: 1;
  readonly title?: Localized;
  readonly description?: Localized;
  readonly wire?: WireId;
  readonly provenance?: Provenance;
  readonly server?: string;
  readonly model?: string;
  readonly tools?: readonly ToolSpec[];
  /** Expected verdict per strategy id, for the shipped recordings' self-test. */
  readonly expect?: Readonly<Record<string, Verdict>>;
  /** Unknown header fields are kept but ignored. */
  [extra: string]: unknown;
}

/** Bytes received from the network at `time` (absolute ms since the recording started). */
export interface Chunk {
  readonly time: Ms;
  readonly bytes: Uint8Array;
}

/**
 * A turn's network chunks as columns (built by the loaders; read with the functions of `core/chunk-table.ts`):
 * chunk k is `bytes[ends[k-1] .. ends[k])` (from 0 for k = 0), received at `times[k]` (absolute ms, an `Ms`).
 * `times` and `ends` have one entry per chunk; `ends` is non-decreasing and its last entry is `bytes.length` (an
 * empty table has empty arrays). Plain typed arrays: structured-cloneable, and their buffers transferable.
 * `bytes` may be a view into a larger buffer (the loaded file's, or one buffer shared by a recording's turns).
 */
export interface ChunkTable {
  readonly bytes: Uint8Array;
  readonly times: Float64Array;
  readonly ends: Float64Array;
}

export type EndStatus = 'complete' | 'aborted' | 'error';

export interface ToolRun {
  readonly time: Ms;
  readonly turn: TurnIndex;
  readonly callId: string;
  readonly name: string;
  readonly durationMs: number;
}

export interface Mark {
  readonly time: Ms;
  readonly label: Localized;
}

export interface Turn {
  readonly index: TurnIndex;
  /** When the request was sent (absolute). Turn-relative times are measured from here. */
  readonly requestAt: Ms;
  readonly request?: unknown;
  /** Its network chunks (see ChunkTable). */
  readonly chunks: ChunkTable;
  readonly end?: { readonly time: Ms; readonly status: EndStatus; readonly note?: string };
  /** The assembled message as the recorder's client saw it (self-check oracle). */
  readonly final?: { readonly time: Ms; readonly message: unknown };
}

export type SourceFormat = 'jsonl' | 'sse' | 'har' | 'ndjson';

/** A problem found while loading a readable file. Loading goes on. */
/** A problem met while reading a file: its English is core/load/english.ts `english(issue)`. */
export interface LoadIssue {
  readonly code: string;
  /** Only on an issue made without a template of the loaders' (it then says it all). */
  readonly message?: string;
  readonly line?: number;
  readonly byteOffset?: number;
  /** The variable parts of the message (field, type token, excerpt, parser message...; `variant` picks the wording). */
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface Recording {
  readonly header: RecordingHeader;
  readonly format: SourceFormat;
  /** False for raw .sse text: frames are spaced evenly and the UI says the file has no timing. */
  readonly timed: boolean;
  readonly turns: readonly Turn[];
  readonly tools: readonly ToolRun[];
  readonly marks: readonly Mark[];
  readonly issues: readonly LoadIssue[];
}

/** An unreadable file: one message naming what and where. */
/** Why a file could not be read: coded (worded by core/load/english.ts `english`, or the app's catalogs), or not. */
export interface LoadFailure {
  /** The sentence of a failure without a code (a fault, an analysis that threw); a coded one has none. */
  readonly message?: string;
  readonly line?: number;
  readonly byteOffset?: number;
  /** A stable code for the UI to word the failure in the reader's language (absent: only `message` is known). */
  readonly code?: string;
  /** The variable parts of the message, as for LoadIssue. */
  readonly params?: Readonly<Record<string, string | number>>;
}

export type LoadResult = { ok: true; recording: Recording } | { ok: false; error: LoadFailure };

// ---------------------------------------------------------------------------------------------------------------
// Frames (sse)
// ---------------------------------------------------------------------------------------------------------------
/** One dispatched SSE event. */
export interface Frame {
  readonly index: FrameIndex;
  readonly turn: TurnIndex;
  /** Absolute time at which its terminating blank line arrived. */
  readonly time: Ms;
  /** The event type (`message` when the stream named none). */
  readonly event: string;
  readonly data: string;
  /** The last event ID in force (sticky, per WHATWG), if any. */
  readonly id?: string;
  /** Network chunks (indices into the turn's `chunks`) that carried it: first and last. */
  readonly chunks: readonly [number, number];
  /** Character range of the raw event text (fields through the terminating blank line) in the turn's decoded text. */
  readonly charStart: number;
  readonly charEnd: number;
  /** Byte range in the turn's byte stream. */
  readonly byteStart: number;
  readonly byteEnd: number;
}

/**
 * Every frame of a recording as columns (see sse/frame-table.ts for the layout and the accessors `frameData`,
 * `frameEvent`, `frameAt`...). Plain data: typed arrays and strings.
 */
export interface FrameTable {
  readonly count: number;
  readonly turn: Uint32Array;
  readonly time: Float64Array;
  readonly chunkFirst: Uint32Array;
  readonly chunkLast: Uint32Array;
  readonly charStart: Uint32Array;
  readonly charEnd: Uint32Array;
  readonly byteStart: Uint32Array;
  readonly byteEnd: Uint32Array;
  /** Index into `events`. */
  readonly event: Uint32Array;
  readonly events: readonly string[];
  /** Index into `pieces`, plus SIDE when the data is in `side`. */
  readonly piece: Uint32Array;
  readonly dataStart: Uint32Array;
  readonly dataEnd: Uint32Array;
  readonly pieces: readonly string[];
  readonly pieceTurn: Uint32Array;
  readonly pieceChar: Float64Array;
  /**
   * The turn-relative byte offset where piece p's bytes start, or -1 when its text is not a range of its turn's
   * bytes (a table made by hand). Piece p is then exactly its bytes up to the next piece of its turn (or the turn's
   * end) decoded by one `TextDecoder('utf-8', { ignoreBOM: true })` call, so a page holding the turns' chunk tables
   * can decode it again rather than be sent it (worker/piece-text.ts).
   */
  readonly pieceByte: Float64Array;
  /** The data of frames whose data is not a slice of a piece, back to back. */
  readonly side: string;
  readonly idFrom: Uint32Array;
  readonly idValue: readonly string[];
}

/** The fields of a frame that the wire adapters and the ground-truth readers read (`frameFields` in sse/frame-table.ts). */
export type FrameFields = Pick<Frame, 'index' | 'turn' | 'event' | 'data'>;

/** What the SSE layer hands to the rest, per turn. */
export interface DecodedTurn {
  readonly turn: TurnIndex;
  /** An unterminated final event (never dispatched), if any. */
  readonly unterminated?: { readonly charStart: number; readonly charEnd: number; readonly text: string };
  /** U+FFFD replacements made by the decoder (invalid UTF-8), as char offsets. */
  readonly invalidUtf8At: readonly number[];
}

// ---------------------------------------------------------------------------------------------------------------
// Signals (wire)
// ---------------------------------------------------------------------------------------------------------------
/** A call's key within a turn: Anthropic block index, Chat tool_calls[].index, Responses output_index, Gemini part position. */
export type CallKey = string;

/** Identifies one tool call of a session across panels, the timeline and the waterfall. */
export interface CallRef {
  readonly turn: TurnIndex;
  readonly key: CallKey;
}

export type Signal =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'reasoning'; readonly text: string }
  | { readonly kind: 'call-start'; readonly key: CallKey; readonly id?: string; readonly name?: string }
  | { readonly kind: 'args'; readonly key: CallKey; readonly text: string }
  | { readonly kind: 'call-end'; readonly key: CallKey; readonly args?: string }
  | { readonly kind: 'call-complete'; readonly key: CallKey; readonly id: string; readonly name: string; readonly args: string }
  | { readonly kind: 'finish'; readonly reason: string }
  | { readonly kind: 'usage'; readonly inputTokens?: number; readonly outputTokens?: number }
  | { readonly kind: 'error'; readonly message: string; readonly errorType?: string }
  | { readonly kind: 'ignored'; readonly why: string };

export type SignalKind = Signal['kind'];

/** Per frame, what it means on its wire. Frames that carry several things (a Chat chunk) yield several signals. */
export interface FrameSignals {
  readonly frame: FrameIndex;
  readonly signals: readonly Signal[];
}

/** The colour/shape class of a frame on the timeline. */
export type FrameKind = 'reasoning' | 'text' | 'args' | 'other';

/** Every frame's signals as columns (wire/signal-table.ts: layout, `signalsAt`, column readers). */
export type { SignalTable } from './wire/signal-table';
import type { SignalTable } from './wire/signal-table';

// ---------------------------------------------------------------------------------------------------------------
// Strategies (./strategy-types.ts)
// ---------------------------------------------------------------------------------------------------------------
export * from './strategy-types';
import type { StrategyId, StrategyRun } from './strategy-types';

// ---------------------------------------------------------------------------------------------------------------
// Ground truth: the calls the stream carried
// ---------------------------------------------------------------------------------------------------------------
export interface CarriedCall {
  readonly turn: TurnIndex;
  readonly key: CallKey;
  readonly id: string;
  readonly name: string;
  readonly argsText: string;
  readonly startFrame: FrameIndex;
  /** The frame of its end signal, or undefined when the stream never ended it (a cut stream). */
  readonly endFrame?: FrameIndex;
  readonly valid: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Session: everything derived, computed once per (recording, faults), immutable
// ---------------------------------------------------------------------------------------------------------------
export interface Session {
  readonly recording: Recording;
  readonly wire: WireId;
  /** How the wire was known: named in the header, or detected from the first events. */
  readonly wireSource: 'header' | 'detected';
  readonly frames: FrameTable;
  readonly decoded: readonly DecodedTurn[];
  /** Signals of frame i: `signalsAt(signals, i)` (wire/signal-table.ts). */
  readonly signals: SignalTable;
  /** Frame kind codes (`frameKindAt(kinds, i)`, wire/signal-table.ts). */
  readonly kinds: Uint8Array;
  readonly carried: readonly CarriedCall[];
  /**
   * Whether the recording carried at least one call and each carried call's arguments arrived in a single frame (the
   * ground truth's count, kept so the page need not trace every frame again for it); absent on sessions made by hand.
   */
  readonly argsWhole?: boolean;
  readonly strategies: Readonly<Record<StrategyId, StrategyRun>>;
  readonly timings: readonly TurnTiming[];
  /** All anomalies, sorted by turn then frame. */
  readonly anomalies: readonly Anomaly[];
}
