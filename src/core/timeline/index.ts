/**
 * Timing per turn (src/core/README.md): marks measured from the turn's request, gaps, usage, finish, anomalies.
 *
 * Contract: `computeTimings` is pure and never throws; one pass over the frames. All `...Ms` fields are
 * turn-relative (frame time - turn.requestAt), null when absent. first tool-call frame = the first frame with a
 * call-start, args or call-complete signal. endMs is the recording's `end` event. finishReason and usage are the
 * last seen (usage field by field: Anthropic's input comes from message_start, its output is cumulative). A gap is
 * a silence between consecutive frames of the turn longer than `gapThresholdMs` (default 250; the wait before the
 * first frame is not a gap); longestGapMs is the longest silence between consecutive frames, under the threshold
 * too (null with fewer than two frames). Anomalies: see anomalies.ts (their per-frame facts are gathered in the
 * same pass over a turn's frames and signals). Linear in frames + turns + calls.
 */
import { traceCalls, type CallTrace, type ReusedKey } from '../strategies/truth';
import { byTurn } from '../strategies/verdict';
import type {
  Anomaly,
  CarriedCall,
  DecodedTurn,
  FrameIndex,
  FrameTable,
  Gap,
  Ms,
  ReadyCall,
  Recording,
  SignalTable,
  TurnIndex,
  TurnMs,
  TurnTiming,
  WireId,
} from '../types';
import { frameTime } from '../sse/frame-table';
import { signalRef as signalRef_, SK as SK_, usageOf as usageOf_ } from '../wire/signal-table';
import { frameFact as frameFact_, turnAnomalies, type CallPieces, type FrameFacts } from './anomalies';

// Module-level copies of what the per-signal loop reads: an imported binding is a live binding, read through its
// module's cell on every access and not hoisted out of a loop by V8's optimizing compiler (a 50M-iteration loop on
// Node 20: 74 ms reading imports, 45 ms reading module-level copies).
const SK = { ...SK_ };
const signalRef = signalRef_;
const usageOf = usageOf_;
const frameFact = frameFact_;
import { frameIndex, ms, sinceRequest, turnMs } from '../types';
import { turnRanges } from './turns';

export { turnRanges, type TurnRange } from './turns';
export { turnAnomalies } from './anomalies';

export const DEFAULT_GAP_THRESHOLD_MS = 250;

export interface TimingOptions {
  gapThresholdMs?: number;
  /** The sse layer's per-turn decoding facts (unterminated final event, invalid UTF-8). */
  decoded?: readonly DecodedTurn[];
  /** Reused keys from `traceCalls`; recomputed when absent. */
  reused?: readonly ReusedKey[];
  /** The whole trace (argument pieces per call, for call-cut-off and arguments-lost); recomputed when absent. */
  trace?: CallTrace;
}

export function computeTimings(
  recording: Recording,
  frames: FrameTable,
  signals: SignalTable,
  carried: readonly CarriedCall[],
  wire: WireId,
  opts: TimingOptions = {},
): TurnTiming[] {
  const threshold = opts.gapThresholdMs ?? DEFAULT_GAP_THRESHOLD_MS;
  const trace = opts.trace ?? traceCalls(wire, frames);
  const reused = opts.reused ?? trace.reused;
  const pieces = piecesOf(trace);
  const ranges = turnRanges(frames, recording.turns.length);
  // grouped once: a filter per turn would make many turns quadratic
  const carriedBy = byTurn(carried);
  const reusedBy = byTurn(reused);
  return recording.turns.map((turn, t) => {
    const range = ranges[t] ?? { start: 0, end: 0 };
    const at = turn.requestAt;
    const rel = (time: Ms): TurnMs => sinceRequest(time, at);
    const pass = scanTurn(frames.time, signals.start, signals.kind, range.start, range.end, threshold);
    const gaps: Gap[] = [];
    for (let g = 0; g < pass.gaps.length; g += 3) gaps.push({ frame: frameIndex(pass.gaps[g] as number), fromMs: rel(pass.gaps[g + 1] as Ms), lengthMs: pass.gaps[g + 2] as number });
    const longest = pass.gapCount > 0 ? pass.longest : null;
    let finishReason: string | null = null;
    let usage: { inputTokens?: number; outputTokens?: number } | null = null;
    // the anomalies' per-frame facts, gathered in the same pass (anomalies.ts FrameFacts)
    const facts: FrameFacts = { toolFinish: undefined, events: [] };
    for (let r = 0; r < pass.rare.length; r += 2) {
      const k = pass.rare[r] as number;
      const index = frameIndex(pass.rare[r + 1] as number);
      const kind = signals.kind[k];
      if (kind === SK.usage) {
        const s = usageOf(signals, k);
        const next: { inputTokens?: number; outputTokens?: number } = usage === null ? {} : { ...(usage as object) };
        if (s.inputTokens !== undefined) next.inputTokens = s.inputTokens;
        if (s.outputTokens !== undefined) next.outputTokens = s.outputTokens;
        usage = next;
        continue;
      }
      if (kind === SK.finish) finishReason = signalRef(signals, k) ?? '';
      frameFact(facts, turn.index, index, signals, k);
    }
    const timeOf = (i: number): Ms | null => (i < 0 ? null : frameTime(frames, i));
    const firstReasoning = timeOf(pass.firstReasoning);
    const firstText = timeOf(pass.firstText);
    const firstTool = timeOf(pass.firstTool);
    const has = range.end > range.start;
    const first = has ? { index: frameIndex(range.start), time: frameTime(frames, range.start) } : undefined;
    const last = has ? { index: frameIndex(range.end - 1), time: frameTime(frames, range.end - 1) } : undefined;
    const anomalies: Anomaly[] = turnAnomalies({
      wire,
      turn,
      frames,
      signals,
      range,
      carried: carriedBy.get(turn.index) ?? [],
      pieces,
      reused: reusedBy.get(turn.index) ?? [],
      facts,
      ...(opts.decoded?.[t] !== undefined && { decoded: opts.decoded[t] }),
    });
    sortAnomalies(anomalies);
    return {
      turn: turn.index,
      requestAt: at,
      frames: first && last ? [first.index, last.index] : null,
      frameCount: range.end - range.start,
      firstFrameMs: first ? rel(first.time) : null,
      firstReasoningMs: firstReasoning === null ? null : rel(firstReasoning),
      firstTextMs: firstText === null ? null : rel(firstText),
      firstToolCallMs: firstTool === null ? null : rel(firstTool),
      lastFrameMs: last ? rel(last.time) : null,
      endMs: turn.end ? rel(turn.end.time) : null,
      endStatus: turn.end?.status ?? null,
      finishReason,
      usage,
      gaps,
      longestGapMs: longest,
      anomalies,
    };
  });
}

/** What `scanTurn` finds in a turn's frames: the first frames with a signal of a kind (-1: none), gaps, rare signals. */
interface TurnPass {
  firstReasoning: number;
  firstText: number;
  firstTool: number;
  /** The longest silence between consecutive frames, of `gapCount` (every silence, under the threshold too). */
  longest: number;
  gapCount: number;
  /** Per gap over the threshold: its frame, the time it starts, its length. */
  gaps: number[];
  /** Per finish, usage, error or ignored signal, in order: the signal and its frame. */
  rare: number[];
}

const K_REASONING = SK.reasoning;
const K_TEXT = SK.text;
const K_CALL_START = SK.callStart;
const K_ARGS = SK.args;
const K_CALL_COMPLETE = SK.callComplete;
const K_FINISH = SK.finish;
const K_USAGE = SK.usage;
const K_ERROR = SK.error;
const K_IGNORED = SK.ignored;

/**
 * The per-frame pass over frames [from, to) of a turn. It reads only typed arrays and numbers: its optimized code
 * embeds no object of a run, so a collection between two runs does not throw it away (a closure over the run's
 * tables was deoptimized by every full collection and ran its next 200,000 frames unoptimized).
 */
function scanTurn(time: Float64Array, starts: Uint32Array, kinds: Uint8Array, from: number, to: number, threshold: number): TurnPass {
  let firstReasoning = -1;
  let firstText = -1;
  let firstTool = -1;
  let longest = 0;
  const gaps: number[] = [];
  const rare: number[] = [];
  let prevTime = 0;
  for (let i = from; i < to; i++) {
    const t = time[i] as number;
    if (i > from) {
      const length = t - prevTime;
      if (i === from + 1 || length > longest) longest = length;
      if (length > threshold) gaps.push(i, prevTime, length);
    }
    prevTime = t;
    const end = starts[i + 1] as number;
    for (let k = starts[i] as number; k < end; k++) {
      const kind = kinds[k];
      if (kind === K_TEXT) {
        if (firstText < 0) firstText = i;
      } else if (kind === K_REASONING) {
        if (firstReasoning < 0) firstReasoning = i;
      } else if (kind === K_CALL_START || kind === K_ARGS || kind === K_CALL_COMPLETE) {
        if (firstTool < 0) firstTool = i;
      } else if (kind === K_FINISH || kind === K_USAGE || kind === K_ERROR || kind === K_IGNORED) rare.push(k, i);
    }
  }
  return { firstReasoning, firstText, firstTool, longest, gapCount: to - from - 1, gaps, rare };
}

/** The argument pieces of a carried call, from the trace (found by object, else by turn, key and start). */
function piecesOf(trace: CallTrace): (c: CarriedCall) => CallPieces | undefined {
  let at: Map<CarriedCall, number> | undefined;
  // callers may pass carried calls that are not the trace's objects (tests): matched by turn, key and start
  let byStart: Map<string, number> | undefined;
  const startKey = (c: CarriedCall): string => `${c.turn}\u0000${c.key}\u0000${c.startFrame}`;
  return (c) => {
    if (at === undefined) {
      const m = new Map<CarriedCall, number>();
      trace.carried.forEach((x, j) => m.set(x, j));
      at = m;
    }
    let i = at.get(c);
    if (i === undefined) {
      if (byStart === undefined) {
        const m = new Map<string, number>();
        trace.carried.forEach((x, j) => m.set(startKey(x), j));
        byStart = m;
      }
      i = byStart.get(startKey(c));
      if (i === undefined) return undefined;
    }
    const last = trace.lastArgFrame[i];
    return { argFrames: trace.argFrames[i] ?? 0, unread: trace.unread[i] ?? 0, ...(last !== undefined && { lastArgFrame: last }) };
  };
}

/** Sorts anomalies by turn, then frame (anomalies without a frame last within their turn). Stable. */
export function sortAnomalies(list: Anomaly[]): Anomaly[] {
  return list.sort((a, b) => a.turn - b.turn || (a.frame ?? Infinity) - (b.frame ?? Infinity));
}

export interface ReadyTime {
  call: ReadyCall;
  /** Time of the ready frame from the turn's request. */
  readyMs: TurnMs;
}

/** Each ready call's time from its turn's request (for the waterfall and the what-if schedules). */
export function readyTimes(recording: Recording, frames: FrameTable, calls: readonly ReadyCall[]): ReadyTime[] {
  return calls.map((call) => ({ call, readyMs: readyMs(recording, frames, call.readyFrame, call.turn) }));
}

export function readyMs(recording: Recording, frames: FrameTable, frame: FrameIndex, turn: TurnIndex): TurnMs {
  const requestAt = recording.turns[turn]?.requestAt ?? ms(0);
  return frame >= 0 && frame < frames.count ? sinceRequest(frameTime(frames, frame), requestAt) : turnMs(Number.NaN);
}
