/**
 * The columnar signal table: every signal of a recording (what the wire adapters made of each frame) as typed-array
 * columns plus a few strings, and the frame kinds as one byte per frame.
 *
 * Contract: a `SignalTable` is PLAIN DATA (typed arrays, strings, arrays of strings; no class, no method), so it
 * survives `structuredClone` and postMessage, and a worker can transfer its typed arrays (`signalTableBuffers`).
 * The signals of frame f are the indices [start[f], start[f + 1]) (`start` has `frames + 1` entries, non-decreasing,
 * the last one `count`), in the order the adapter gave them. Signal i has, in the columns at index i:
 * - `kind`: its kind's code (`SIGNAL_KINDS[kind[i]]`);
 * - `key`: its call key as an index into `strings` (NONE for kinds without a key);
 * - `ref`: by kind, an index into `strings`: call-start / call-complete id, finish reason, error type (NONE when
 *   absent); for usage, the pair `usage[2 * ref[i]]` (input) and `usage[2 * ref[i] + 1]` (output), NaN when absent;
 * - `name`: call-start / call-complete name, an index into `strings` (NONE when absent);
 * - its text, where it has one (text, reasoning, args, call-end args, call-complete args, error message, ignored
 *   why): characters [textStart[i], textEnd[i]) of `pieces[piece[i]]`; `piece[i]` is NONE when it has none (and
 *   for a call-end without args). Texts may share a range (a repeated `why` is written once).
 * `strings` is a string pool (keys, names, reasons, types interned; call ids, one per call, as they come).
 * `pieces` are the texts back to back, each piece below PIECE_CHARS characters unless one text is longer.
 * The free functions read one signal without building it; `signalsAt` builds today's `Signal` objects on demand.
 * Frame kinds (`FrameKind`) are coded as `FRAME_KINDS` indices in a Uint8Array (`Session.kinds`; `frameKindAt`).
 */
import type { FrameKind, Signal, SignalKind } from '../types';

export interface SignalTable {
  /** Frames (so `start.length === frames + 1`). */
  readonly frames: number;
  /** Signals. */
  readonly count: number;
  readonly start: Uint32Array;
  readonly kind: Uint8Array;
  readonly key: Uint32Array;
  readonly ref: Uint32Array;
  readonly name: Uint32Array;
  readonly piece: Uint32Array;
  readonly textStart: Uint32Array;
  readonly textEnd: Uint32Array;
  readonly usage: Float64Array;
  readonly strings: readonly string[];
  readonly pieces: readonly string[];
}

/** "No value" in the index columns. */
export const NONE = 0xffffffff;
/** A piece is cut once it holds this many characters (a text never spans two pieces). */
export const PIECE_CHARS = 1 << 20;

export const SIGNAL_KINDS: readonly SignalKind[] = ['text', 'reasoning', 'call-start', 'args', 'call-end', 'call-complete', 'finish', 'usage', 'error', 'ignored'];
/** Signal kind codes (indices into SIGNAL_KINDS). */
export const SK = {
  text: 0,
  reasoning: 1,
  callStart: 2,
  args: 3,
  callEnd: 4,
  callComplete: 5,
  finish: 6,
  usage: 7,
  error: 8,
  ignored: 9,
} as const;

export const FRAME_KINDS: readonly FrameKind[] = ['reasoning', 'text', 'args', 'other'];
/** Frame kind codes (indices into FRAME_KINDS). */
export const FK = { reasoning: 0, text: 1, args: 2, other: 3 } as const;

/** The kind of frame f in a `Session.kinds` column ('other' outside it). */
export function frameKindAt(kinds: Uint8Array, f: number): FrameKind {
  return FRAME_KINDS[kinds[f] ?? FK.other] ?? 'other';
}

/** The first signal of frame f. */
export const firstSignal = (t: SignalTable, f: number): number => t.start[f] ?? t.count;
/** One past the last signal of frame f. */
export const endSignal = (t: SignalTable, f: number): number => t.start[f + 1] ?? t.count;

export function signalKindCode(t: SignalTable, i: number): number {
  return t.kind[i] as number;
}

export function signalKind(t: SignalTable, i: number): SignalKind {
  return SIGNAL_KINDS[t.kind[i] as number] as SignalKind;
}

/** A string of the pool, or undefined for NONE. */
function pooled(t: SignalTable, ref: number | undefined): string | undefined {
  return ref === undefined || ref === NONE ? undefined : t.strings[ref];
}

/** The call key of signal i (undefined for kinds without one). */
export function signalKey(t: SignalTable, i: number): string | undefined {
  return pooled(t, t.key[i]);
}

/** Whether signal i has a text (call-end: whether it carries args). */
export function hasText(t: SignalTable, i: number): boolean {
  return t.piece[i] !== NONE;
}

/** The text of signal i ('' when it has none: see `hasText`). */
export function signalText(t: SignalTable, i: number): string {
  const p = t.piece[i] as number;
  if (p === NONE) return '';
  return (t.pieces[p] as string).slice(t.textStart[i], t.textEnd[i]);
}

/** The length of signal i's text, without reading it. */
export function textLength(t: SignalTable, i: number): number {
  return t.piece[i] === NONE ? 0 : (t.textEnd[i] as number) - (t.textStart[i] as number);
}

/** Whether signal i's text is exactly `s`, read in place. */
export function textIs(t: SignalTable, i: number, s: string): boolean {
  const p = t.piece[i] as number;
  if (p === NONE) return false;
  const a = t.textStart[i] as number;
  return (t.textEnd[i] as number) - a === s.length && (t.pieces[p] as string).startsWith(s, a);
}

/** Whether signal i's text starts with `s`, read in place. */
export function textStartsWith(t: SignalTable, i: number, s: string): boolean {
  const p = t.piece[i] as number;
  if (p === NONE) return false;
  const a = t.textStart[i] as number;
  return (t.textEnd[i] as number) - a >= s.length && (t.pieces[p] as string).startsWith(s, a);
}

/** The pooled value of signal i: the id (call-start, call-complete), the reason (finish), the type (error). */
export function signalRef(t: SignalTable, i: number): string | undefined {
  return t.kind[i] === SK.usage ? undefined : pooled(t, t.ref[i]);
}

/** The name of a call-start or call-complete signal, when it has one. */
export function signalName(t: SignalTable, i: number): string | undefined {
  return pooled(t, t.name[i]);
}

/** A usage signal's tokens (undefined when absent; not a usage signal: both undefined). */
export function usageOf(t: SignalTable, i: number): { inputTokens?: number; outputTokens?: number } {
  const out: { inputTokens?: number; outputTokens?: number } = {};
  if (t.kind[i] !== SK.usage) return out;
  const r = (t.ref[i] as number) * 2;
  const input = t.usage[r] as number;
  const output = t.usage[r + 1] as number;
  if (!Number.isNaN(input)) out.inputTokens = input;
  if (!Number.isNaN(output)) out.outputTokens = output;
  return out;
}

/** Signal i as the object the UI and the strategies read (built on demand; keys in the adapters' order). */
export function signalAt(t: SignalTable, i: number): Signal {
  switch (t.kind[i]) {
    case SK.text:
      return { kind: 'text', text: signalText(t, i) };
    case SK.reasoning:
      return { kind: 'reasoning', text: signalText(t, i) };
    case SK.callStart: {
      const s: { kind: 'call-start'; key: string; id?: string; name?: string } = { kind: 'call-start', key: signalKey(t, i) as string };
      const id = pooled(t, t.ref[i]);
      const name = pooled(t, t.name[i]);
      if (id !== undefined) s.id = id;
      if (name !== undefined) s.name = name;
      return s;
    }
    case SK.args:
      return { kind: 'args', key: signalKey(t, i) as string, text: signalText(t, i) };
    case SK.callEnd:
      return hasText(t, i) ? { kind: 'call-end', key: signalKey(t, i) as string, args: signalText(t, i) } : { kind: 'call-end', key: signalKey(t, i) as string };
    case SK.callComplete:
      return { kind: 'call-complete', key: signalKey(t, i) as string, id: pooled(t, t.ref[i]) ?? '', name: pooled(t, t.name[i]) ?? '', args: signalText(t, i) };
    case SK.finish:
      return { kind: 'finish', reason: pooled(t, t.ref[i]) ?? '' };
    case SK.usage:
      return { kind: 'usage', ...usageOf(t, i) };
    case SK.error: {
      const errorType = pooled(t, t.ref[i]);
      return errorType === undefined ? { kind: 'error', message: signalText(t, i) } : { kind: 'error', message: signalText(t, i), errorType };
    }
    default:
      return { kind: 'ignored', why: signalText(t, i) };
  }
}

/** The signals of frame f as objects ([] outside the table). */
export function signalsAt(t: SignalTable, f: number): Signal[] {
  if (!(f >= 0 && f < t.frames)) return [];
  const a = firstSignal(t, f);
  const b = endSignal(t, f);
  const out = new Array<Signal>(b - a);
  for (let i = a; i < b; i++) out[i - a] = signalAt(t, i);
  return out;
}

/** Every frame's signals as objects (tests, small tools; O(count) objects). */
export function signalLists(t: SignalTable): Signal[][] {
  const out = new Array<Signal[]>(t.frames);
  for (let f = 0; f < t.frames; f++) out[f] = signalsAt(t, f);
  return out;
}

/** A frame's class on the timeline from its signals' kinds: tool-call signals win over text, text over reasoning. */
export function frameKindCode(t: SignalTable, f: number): number {
  let text = false;
  let reasoning = false;
  const b = endSignal(t, f);
  for (let i = firstSignal(t, f); i < b; i++) {
    const k = t.kind[i];
    if (k === SK.args || k === SK.callStart || k === SK.callComplete) return FK.args;
    if (k === SK.text) text = true;
    else if (k === SK.reasoning) reasoning = true;
  }
  return text ? FK.text : reasoning ? FK.reasoning : FK.other;
}

/** Frame kind codes for the whole table (the Session's `kinds`). */
export function frameKindCodes(t: SignalTable): Uint8Array {
  const out = new Uint8Array(t.frames);
  for (let f = 0; f < t.frames; f++) out[f] = frameKindCode(t, f);
  return out;
}

/** The typed arrays' buffers, to transfer with postMessage (each column owns its buffer). */
export function signalTableBuffers(t: SignalTable): ArrayBuffer[] {
  const cols = [t.start, t.kind, t.key, t.ref, t.name, t.piece, t.textStart, t.textEnd, t.usage];
  const out: ArrayBuffer[] = [];
  for (const c of cols) if (!out.includes(c.buffer as ArrayBuffer)) out.push(c.buffer as ArrayBuffer);
  return out;
}

/** A table of `frames` frames without a signal. */
export function emptySignalTable(frames = 0): SignalTable {
  const u = (): Uint32Array => new Uint32Array(0);
  return {
    frames,
    count: 0,
    start: new Uint32Array(frames + 1),
    kind: new Uint8Array(0),
    key: u(),
    ref: u(),
    name: u(),
    piece: u(),
    textStart: u(),
    textEnd: u(),
    usage: new Float64Array(0),
    strings: [],
    pieces: [],
  };
}

/** Kinds as the Session's codes (fixtures; the analysis computes them with `frameKindCodes`). */
export function kindCodes(kinds: readonly FrameKind[]): Uint8Array {
  return Uint8Array.from(kinds, (k) => FRAME_KINDS.indexOf(k));
}
