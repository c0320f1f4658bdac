/**
 * Anomalies of one turn: the named things a learner should notice (src/core/README.md).
 *
 * Contract: pure, never throws; each anomaly is data (`code`, `turn`, optional `frame`, plain `detail`), no prose.
 * - finish-tool-calls-without-call: a finish reason `tool_calls` / `tool_use` in a turn that carried no call;
 * - no-terminal-event: no frame of the turn is its wire's terminal event (frame: the turn's last frame, if any);
 * - error-event: each error signal (detail: its message);
 * - unterminated-final-event: the decoder kept text after the last blank line (detail: its first 80 chars);
 * - invalid-arguments: each carried call whose args are not JSON (detail: the key);
 * - call-cut-off: each carried call the stream never ended (no end event before the stream stopped: max_tokens
 *   with no block stop, a cut connection), at the frame of its last argument piece, else its start (detail: key);
 * - call-without-name: each carried call with an empty name: no strategy can run it (detail: the key);
 * - arguments-lost: each carried call whose arguments came out empty ('' or {}) although frames carried pieces
 *   of them that could not be placed (Gemini partialArgs whose path cannot be read or that carry no value)
 *   (detail: the key);
 * - reused-index: each call-start that reused an open key with another id (detail: the key);
 * - unknown-event / invalid-json: ignored signals `unknown-event:<type>` (detail: the type) / `invalid-json`;
 * - time-goes-back: a network chunk earlier than the one before it (detail: the chunk index);
 * - invalid-utf8: per frame holding U+FFFD replacements made by the decoder (detail: how many);
 * - too-deep: each carried call whose args nest deeper than DEEP_NESTING levels (detail: how deep). The analysis
 *   itself copes with any depth; the anomaly says why the app shows such arguments shortened.
 */
import { DEEP_NESTING, jsonTextDepth } from '../strategies/json';
import { isTerminalAt } from '../wire/base';
import { signalRef as signalRef_, signalText as signalText_, SK as SK_, textIs as textIs_, textStartsWith as textStartsWith_, type SignalTable } from '../wire/signal-table';

// Module-level copies of what runs per signal (see timeline/index.ts on imported bindings).
const SK = { ...SK_ };
const signalRef = signalRef_;
const signalText = signalText_;
const textIs = textIs_;
const textStartsWith = textStartsWith_;
import { frameIndex, type Anomaly, type CarriedCall, type DecodedTurn, type FrameIndex, type FrameTable, type Mutable, type Turn, type WireId } from '../types';
import type { ReusedKey } from '../strategies/truth';
import type { TurnRange } from './turns';

export interface TurnAnomalyInput {
  wire: WireId;
  turn: Turn;
  frames: FrameTable;
  signals: SignalTable;
  range: TurnRange;
  carried: readonly CarriedCall[];
  reused: readonly ReusedKey[];
  decoded?: DecodedTurn;
  /** The argument pieces of a carried call, when known. */
  pieces?: (c: CarriedCall) => CallPieces | undefined;
  /** The turn's per-frame facts when the caller gathered them (`frameFact` on every finish, error and ignored signal, in order); else read here. */
  facts?: FrameFacts;
}

/** What the signals of a turn's frames say for its anomalies: the first tool finish, and the event anomalies in order. */
export interface FrameFacts {
  toolFinish: FrameIndex | undefined;
  events: Anomaly[];
}

/** What the ground truth saw of a call's argument pieces. */
export interface CallPieces {
  argFrames: number;
  lastArgFrame?: FrameIndex;
  /** Pieces the ground truth could not place. */
  unread: number;
}

const TOOL_FINISH = new Set(['tool_calls', 'tool_use']);

function anomaly(code: Anomaly['code'], turn: Anomaly['turn'], frame?: FrameIndex, detail?: string): Anomaly {
  const a: Mutable<Anomaly> = { code, turn };
  if (frame !== undefined) a.frame = frame;
  if (detail !== undefined) a.detail = detail;
  return a;
}

const UNKNOWN = 'unknown-event:';
const INVALID = 'invalid-json';

/**
 * Adds what signal `i` of the table (one of frame `f`'s) says to the turn's facts (finish, error and ignored
 * signals; others say nothing). Ignored reasons are compared in place: most frames' say nothing.
 */
export function frameFact(facts: FrameFacts, turn: Anomaly['turn'], f: FrameIndex, t: SignalTable, i: number): void {
  const kind = t.kind[i];
  if (kind === SK.finish) {
    if (facts.toolFinish === undefined && TOOL_FINISH.has(signalRef(t, i) ?? '')) facts.toolFinish = f;
  } else if (kind === SK.error) facts.events.push(anomaly('error-event', turn, f, signalText(t, i)));
  else if (kind === SK.ignored) {
    if (textStartsWith(t, i, UNKNOWN)) facts.events.push(anomaly('unknown-event', turn, f, signalText(t, i).slice(UNKNOWN.length)));
    else if (textIs(t, i, INVALID)) facts.events.push(anomaly('invalid-json', turn, f));
    else if (textStartsWith(t, i, INVALID + ':')) facts.events.push(anomaly('invalid-json', turn, f, signalText(t, i).slice(INVALID.length + 1)));
  }
}

function readFacts(x: TurnAnomalyInput): FrameFacts {
  const facts: FrameFacts = { toolFinish: undefined, events: [] };
  for (let i = x.range.start; i < x.range.end; i++) {
    const f = frameIndex(i);
    const end = x.signals.start[i + 1] as number;
    for (let k = x.signals.start[i] as number; k < end; k++) frameFact(facts, x.turn.index, f, x.signals, k);
  }
  return facts;
}

/** Whether a frame of the turn is its wire's terminal event (searched from the end, where it is). */
function hasTerminal(x: TurnAnomalyInput): boolean {
  for (let i = x.range.end - 1; i >= x.range.start; i--) if (isTerminalAt(x.wire, x.signals, i)) return true;
  return false;
}

export function turnAnomalies(x: TurnAnomalyInput): Anomaly[] {
  const turn = x.turn.index;
  const facts = x.facts ?? readFacts(x);
  const out: Anomaly[] = facts.events.slice();
  const add = (code: Anomaly['code'], frame?: FrameIndex, detail?: string) => {
    out.push(anomaly(code, turn, frame, detail));
  };
  const toolFinish = facts.toolFinish;
  if (toolFinish !== undefined && x.carried.length === 0) add('finish-tool-calls-without-call', toolFinish);
  if (!hasTerminal(x)) add('no-terminal-event', x.range.end > x.range.start ? frameIndex(x.range.end - 1) : undefined);
  for (const c of x.carried) if (!c.valid) add('invalid-arguments', c.endFrame ?? c.startFrame, c.key);
  for (const c of x.carried) {
    // the depth cannot exceed the text's length (one bracket per level)
    if (c.argsText.length <= DEEP_NESTING) continue;
    const depth = jsonTextDepth(c.argsText);
    if (depth > DEEP_NESTING) add('too-deep', c.endFrame ?? c.startFrame, String(depth));
  }
  for (const r of x.reused) add('reused-index', r.frame, r.key);
  timeGoesBack(x, add);
  callShapes(x, add);
  if (x.decoded?.unterminated) add('unterminated-final-event', undefined, x.decoded.unterminated.text.slice(0, 80));
  invalidUtf8(x, add);
  return out;
}

type Add = (code: Anomaly['code'], frame?: FrameIndex, detail?: string) => void;

/** call-cut-off, call-without-name and arguments-lost, per carried call. */
function callShapes(x: TurnAnomalyInput, add: Add): void {
  for (const c of x.carried) {
    // the pieces only when an anomaly may need them (most calls ended with arguments)
    const empty = c.argsText === '' || (c.argsText.length < 16 && c.argsText.replace(/\s+/g, '') === '{}');
    const p = c.endFrame === undefined || empty ? x.pieces?.(c) : undefined;
    if (c.endFrame === undefined) add('call-cut-off', p?.lastArgFrame ?? c.startFrame, c.key);
    if (c.name === '') add('call-without-name', c.startFrame, c.key);
    if ((p?.unread ?? 0) > 0 && empty) add('arguments-lost', p?.lastArgFrame ?? c.startFrame, c.key);
  }
}

function timeGoesBack(x: TurnAnomalyInput, add: Add): void {
  const chunks = x.turn.chunks;
  let fi = x.range.start;
  const times = chunks.times;
  for (let c = 1; c < times.length; c++) {
    if ((times[c] as number) >= (times[c - 1] as number)) continue;
    // the first frame whose last chunk is at or after this one is where it shows
    while (fi < x.range.end && (x.frames.chunkLast[fi] as number) < c) fi++;
    add('time-goes-back', fi < x.range.end ? frameIndex(fi) : undefined, String(c));
  }
}

function invalidUtf8(x: TurnAnomalyInput, add: Add): void {
  const at = x.decoded?.invalidUtf8At ?? [];
  if (at.length === 0) return;
  let fi = x.range.start;
  let current: FrameIndex | undefined;
  let count = 0;
  let outside = 0;
  const flush = () => {
    if (count > 0) add('invalid-utf8', current, String(count));
    count = 0;
  };
  for (const offset of at) {
    while (fi < x.range.end && (x.frames.charEnd[fi] as number) <= offset) fi++;
    const frame = fi < x.range.end ? { index: frameIndex(fi), charStart: x.frames.charStart[fi] as number } : undefined;
    const inside = frame !== undefined && frame.charStart <= offset;
    if (!inside) {
      outside++;
      continue;
    }
    if (frame.index !== current) {
      flush();
      current = frame.index;
    }
    count++;
  }
  flush();
  if (outside > 0) add('invalid-utf8', undefined, String(outside));
}
