/**
 * The data model of Streamscope's pipeline (see src/core/README.md).
 *
 * Contract: plain immutable data, no classes, no framework. Times are branded milliseconds, frame indices are
 * branded integers, so the two cannot be mixed. Everything a panel shows at frame f is derived from a `Session`
 * by the accessors in `session/view.ts`, in O(log n), without copying strings per frame.
 */

// ---------------------------------------------------------------------------------------------------------------
// Branded units
// ---------------------------------------------------------------------------------------------------------------
declare const msBrand: unique symbol;
declare const frameBrand: unique symbol;
/** Milliseconds. Absolute times are since the recording started; turn-relative times say so in their name. */
export type Ms = number & { readonly [msBrand]: true };
/** 0-based frame index across the whole recording (the same number as the URL's `f` and the CLI's frames). */
export type FrameIndex = number & { readonly [frameBrand]: true };
export const ms = (n: number): Ms => n as Ms;
export const frameIndex = (n: number): FrameIndex => n as FrameIndex;

// ---------------------------------------------------------------------------------------------------------------
// Recording (load)
// ---------------------------------------------------------------------------------------------------------------
export type WireId = 'anthropic-messages' | 'openai-chat' | 'openai-responses' | 'gemini';
export const WIRES: readonly WireId[] = ['anthropic-messages', 'openai-chat', 'openai-responses', 'gemini'];

export interface Localized {
  zh: string;
  en: string;
}

export type ProvenanceKind = 'captured' | 'docs' | 'reconstructed' | 'synthetic';
export interface Provenance {
  kind: ProvenanceKind;
  source?: string;
  url?: string;
  notes?: string;
}

export interface ToolSpec {
  name: string;
  concurrencySafe?: boolean;
  durationMs?: number;
}

export type Verdict = 'ok' | 'fail' | 'n/a';

export interface RecordingHeader {
  streamscope: 1;
  title?: Localized;
  description?: Localized;
  wire?: WireId;
  provenance?: Provenance;
  server?: string;
  model?: string;
  tools?: ToolSpec[];
  /** Expected verdict per strategy id, for the shipped recordings' self-test. */
  expect?: Record<string, Verdict>;
  /** Unknown header fields are kept but ignored. */
  [extra: string]: unknown;
}

/** Bytes received from the network at `time` (absolute ms since the recording started). */
export interface Chunk {
  time: Ms;
  bytes: Uint8Array;
}

export type EndStatus = 'complete' | 'aborted' | 'error';

export interface ToolRun {
  time: Ms;
  turn: number;
  callId: string;
  name: string;
  durationMs: number;
}

export interface Mark {
  time: Ms;
  label: Localized;
}

export interface Turn {
  index: number;
  /** When the request was sent (absolute). Turn-relative times are measured from here. */
  requestAt: Ms;
  request?: unknown;
  chunks: Chunk[];
  end?: { time: Ms; status: EndStatus; note?: string };
  /** The assembled message as the recorder's client saw it (self-check oracle). */
  final?: { time: Ms; message: unknown };
}

export type SourceFormat = 'jsonl' | 'sse' | 'har' | 'ndjson';

/** A problem found while loading a readable file. Loading goes on. */
export interface LoadIssue {
  code: string;
  message: string;
  line?: number;
  byteOffset?: number;
  /** The variable parts of the message (field, type token, excerpt, parser message...; `variant` picks the wording). */
  params?: Record<string, string | number>;
}

export interface Recording {
  header: RecordingHeader;
  format: SourceFormat;
  /** False for raw .sse text: frames are spaced evenly and the UI says the file has no timing. */
  timed: boolean;
  turns: Turn[];
  tools: ToolRun[];
  marks: Mark[];
  issues: LoadIssue[];
}

/** An unreadable file: one message naming what and where. */
export interface LoadFailure {
  message: string;
  line?: number;
  byteOffset?: number;
  /** A stable code for the UI to word the failure in the reader's language (absent: only `message` is known). */
  code?: string;
  /** The variable parts of the message, as for LoadIssue. */
  params?: Record<string, string | number>;
}

export type LoadResult = { ok: true; recording: Recording } | { ok: false; error: LoadFailure };

// ---------------------------------------------------------------------------------------------------------------
// Frames (sse)
// ---------------------------------------------------------------------------------------------------------------
/** One dispatched SSE event. */
export interface Frame {
  index: FrameIndex;
  turn: number;
  /** Absolute time at which its terminating blank line arrived. */
  time: Ms;
  /** The event type (`message` when the stream named none). */
  event: string;
  data: string;
  /** The last event ID in force (sticky, per WHATWG), if any. */
  id?: string;
  /** Network chunks (indices into the turn's `chunks`) that carried it: first and last. */
  chunks: [number, number];
  /** Character range of the raw event text (fields through the terminating blank line) in the turn's decoded text. */
  charStart: number;
  charEnd: number;
  /** Byte range in the turn's byte stream. */
  byteStart: number;
  byteEnd: number;
}

/** What the SSE layer hands to the rest, per turn. */
export interface DecodedTurn {
  turn: number;
  /** The turn's whole body decoded as UTF-8 (BOM stripped); frames' char ranges index into it. */
  text: string;
  /** An unterminated final event (never dispatched), if any. */
  unterminated?: { charStart: number; charEnd: number; text: string };
  /** U+FFFD replacements made by the decoder (invalid UTF-8), as char offsets. */
  invalidUtf8At: number[];
}

// ---------------------------------------------------------------------------------------------------------------
// Signals (wire)
// ---------------------------------------------------------------------------------------------------------------
/** A call's key within a turn: Anthropic block index, Chat tool_calls[].index, Responses output_index, Gemini part position. */
export type CallKey = string;

/** Identifies one tool call of a session across panels, the timeline and the waterfall. */
export interface CallRef {
  turn: number;
  key: CallKey;
}

export type Signal =
  | { kind: 'text'; text: string }
  | { kind: 'reasoning'; text: string }
  | { kind: 'call-start'; key: CallKey; id?: string; name?: string }
  | { kind: 'args'; key: CallKey; text: string }
  | { kind: 'call-end'; key: CallKey; args?: string }
  | { kind: 'call-complete'; key: CallKey; id: string; name: string; args: string }
  | { kind: 'finish'; reason: string }
  | { kind: 'usage'; inputTokens?: number; outputTokens?: number }
  | { kind: 'error'; message: string; errorType?: string }
  | { kind: 'ignored'; why: string };

export type SignalKind = Signal['kind'];

/** Per frame, what it means on its wire. Frames that carry several things (a Chat chunk) yield several signals. */
export interface FrameSignals {
  frame: FrameIndex;
  signals: Signal[];
}

/** The colour/shape class of a frame on the timeline. */
export type FrameKind = 'reasoning' | 'text' | 'args' | 'other';

// ---------------------------------------------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------------------------------------------
export type StrategyId =
  | 'parse-each-fragment'
  | 'shared-buffer'
  | 'per-call-buffer'
  | 'completed-item'
  | 'partial-json-preview'
  | 'next-index-closes';

export const STRATEGY_IDS: readonly StrategyId[] = [
  'parse-each-fragment',
  'shared-buffer',
  'per-call-buffer',
  'completed-item',
  'partial-json-preview',
  'next-index-closes',
];

/**
 * A buffer a strategy appends to. Its text is stored once (its final value); at frame f it holds the prefix of
 * length `lengthAt(f)` = the end of the last fragment with frame <= f.
 */
export interface BufferLog {
  id: number;
  turn: number;
  /** The call key, or null for the one shared buffer. */
  key: CallKey | null;
  callId?: string;
  name?: string;
  text: string;
  /** The frame at which the strategy opened it (a call's start), which may precede its first fragment. */
  openedAt?: FrameIndex;
  /** Fragments in arrival order: [frame, start, end) ranges into `text`. An empty fragment ('') is a real one. */
  fragments: { frame: FrameIndex; start: number; end: number }[];
}

export interface ParseAttempt {
  frame: FrameIndex;
  turn: number;
  key: CallKey | null;
  /** The input is `buffers[bufferId].text.slice(start, end)`, or `text` when it came whole from an event. */
  bufferId: number;
  start: number;
  end: number;
  text?: string;
  ok: boolean;
  /** The parser's own message (JSON.parse's), when it failed and was parsed; absent when the run rejected the input
   * without parsing (cut short): `attemptError` (session/view.ts) gives the message in both cases. */
  error?: string;
}

export interface ReadyCall {
  turn: number;
  key: CallKey;
  id: string;
  name: string;
  argsText: string;
  args: unknown;
  readyFrame: FrameIndex;
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
  turn: number;
  verdict: Verdict;
  reason?: VerdictReason;
  /** For `fail`: the first failing frame, the input and the parser's message, where a parse failed. */
  frame?: FrameIndex;
  input?: string;
  error?: string;
  /** For `fail` on a call mismatch: which call (key) is concerned. */
  key?: CallKey;
}

/** A strategy's remark that is neither an attempt nor a call (optional data; added for per-call-buffer). */
export interface StrategyNote {
  turn: number;
  key: CallKey;
  frame: FrameIndex;
  /** `end-args-differ`: the call's end event carried args that differ from the buffer the strategy parsed. */
  code: 'end-args-differ';
  /** The end event's args. */
  detail: string;
}

export interface StrategyRun {
  id: StrategyId;
  applicable: boolean;
  /** Why it does not apply (a message key for the i18n catalogs, e.g. 'na.completed-item.anthropic'). */
  naReason?: string;
  buffers: BufferLog[];
  /** Sorted by frame. */
  attempts: ParseAttempt[];
  /** Sorted by readyFrame. */
  calls: ReadyCall[];
  verdicts: TurnVerdict[];
  /** Overall: ok when every turn is ok, n/a when not applicable, else fail. */
  verdict: Verdict;
  /** Remarks in frame order (optional: absent on runs that made none or were not computed). */
  notes?: StrategyNote[];
}

// ---------------------------------------------------------------------------------------------------------------
// Ground truth: the calls the stream carried
// ---------------------------------------------------------------------------------------------------------------
export interface CarriedCall {
  turn: number;
  key: CallKey;
  id: string;
  name: string;
  argsText: string;
  startFrame: FrameIndex;
  /** The frame of its end signal, or undefined when the stream never ended it (a cut stream). */
  endFrame?: FrameIndex;
  valid: boolean;
}

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
  code: AnomalyCode;
  turn: number;
  frame?: FrameIndex;
  /** Plain detail (an event name, a key, an error message): data, not prose. */
  detail?: string;
}

export interface Gap {
  /** The frame after the silence. */
  frame: FrameIndex;
  /** Turn-relative start and length. */
  fromMs: Ms;
  lengthMs: Ms;
}

export interface TurnTiming {
  turn: number;
  requestAt: Ms;
  /** Frame range [first, last] of this turn, or null when it has no frame. */
  frames: [FrameIndex, FrameIndex] | null;
  frameCount: number;
  /** All turn-relative (ms from the turn's request); null when absent. */
  firstFrameMs: Ms | null;
  firstReasoningMs: Ms | null;
  firstTextMs: Ms | null;
  firstToolCallMs: Ms | null;
  lastFrameMs: Ms | null;
  endMs: Ms | null;
  endStatus: EndStatus | null;
  finishReason: string | null;
  usage: { inputTokens?: number; outputTokens?: number } | null;
  gaps: Gap[];
  longestGapMs: Ms | null;
  anomalies: Anomaly[];
}

// ---------------------------------------------------------------------------------------------------------------
// Session: everything derived, computed once per (recording, faults), immutable
// ---------------------------------------------------------------------------------------------------------------
export interface Session {
  recording: Recording;
  wire: WireId;
  /** How the wire was known: named in the header, or detected from the first events. */
  wireSource: 'header' | 'detected';
  frames: Frame[];
  decoded: DecodedTurn[];
  /** Signals of frame i are `signals[i]`. */
  signals: Signal[][];
  kinds: FrameKind[];
  carried: CarriedCall[];
  strategies: Record<StrategyId, StrategyRun>;
  timings: TurnTiming[];
  /** All anomalies, sorted by turn then frame. */
  anomalies: Anomaly[];
}
