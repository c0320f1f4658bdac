/**
 * The append-only log a strategy writes while it folds over a recording's signals.
 *
 * Contract: buffers grow by fragments; a buffer's text is read whole when the run is finished (`finish()`) or when
 * a strategy asks for the current text to parse it (`textOf`). A fragment appended from a signal (`appendSignal`)
 * is a range of the signal table's pieces, read in place: while each fragment continues the previous one in the
 * same piece (one call's deltas in a row), the buffer's pending text is that one growing range, sliced once when
 * it is read or another fragment breaks the run; the text is the same as the fragments' concatenation. Attempts
 * (as columns, attempts.ts: no object per attempt) and ready calls are logged in the order they happen, which is
 * frame order because strategies are folded frame by frame. Nothing here throws on bad input: parse failures are data.
 * An attempt whose input `cannotBeJson` (json.ts: cut short, brackets open) is logged failed without calling
 * JSON.parse, so without a message (`error` absent); `attemptError` (session/view.ts) derives JSON.parse's own
 * message for it when a view or the verdict asks. Parse-each-fragment fails on nearly every fragment: a thrown
 * SyntaxError each would cost more than the rest of its run.
 * Cost: a fragment is one row of typed columns (fragments.ts), and at most one slice and one concatenation; an
 * attempt is one row of typed columns.
 */
import type { AttemptTable, BufferTable, CallKey, FragmentTable, FrameIndex, ReadyCall, SignalTable, StrategyNote, TurnIndex } from '../types';
import { AttemptColumns } from './attempts';
import { BufferColumns } from './buffers';
import { FragmentColumns } from './fragments';
import { keepAlive } from './ground-truth/keep';
import { cannotBeJson, parseJson, type ParseOutcome } from './json';
import { NONE as NO_TEXT } from '../wire/signal-table';

export type { StrategyNote };

/** What a strategy learns from an attempt: the value, or that it failed (the message is derived when shown). */
export type AttemptOutcome = { ok: true; value: unknown } | { ok: false };

const FAILED: AttemptOutcome = { ok: false };

/** A signal without a text (a module-level copy, read per fragment: see timeline/index.ts on imported bindings). */
const NONE = NO_TEXT;

export interface RunLog {
  /** Opens a buffer. With no text yet, an empty fragment at `frame` marks it as existing from that frame. */
  openBuffer(turn: TurnIndex, key: CallKey | null, frame: FrameIndex, callId?: string, name?: string): number;
  /** Appends signal `i`'s text ('' when it has none) as a fragment, read in place; returns its start in the buffer. */
  appendSignal(bufferId: number, frame: FrameIndex, t: SignalTable, i: number): number;
  /** Sets the buffer's call id and name (each only when defined). */
  setCall(bufferId: number, callId: string | undefined, name: string | undefined): void;
  /** The buffer's text so far. */
  textOf(bufferId: number): string;
  /**
   * Parses `input`, which is buffer[start, end) of `bufferId`, and logs the attempt (frame, turn, buffer, start, end,
   * ok, and JSON.parse's error when it parsed and failed; its call key is the buffer's); with `emptyMeansNoArgs`, an empty input
   * parses as {} (see json.ts). `whole`: the input is a call's whole buffer, which usually parses, so JSON.parse is
   * tried first and the scan only decides, on a failure, whether the attempt keeps a message; the logged attempt
   * is the same either way (the scan rejects only what JSON.parse rejects).
   */
  attempt(frame: FrameIndex, turn: TurnIndex, bufferId: number, start: number, input: string, emptyMeansNoArgs?: boolean, whole?: boolean): AttemptOutcome;
  ready(call: ReadyCall): void;
  note(n: StrategyNote): void;
  finish(): { buffers: BufferTable; fragments: FragmentTable; attempts: AttemptTable; calls: ReadyCall[]; notes: StrategyNote[] };
}

/**
 * The log, as a class: its methods are shared by every run (one function each, for the life of the program). A log
 * made of per-run closures left the optimized strategy code tied to one run's functions: a full collection after
 * the run dropped them and threw that code away, and the next run started in the interpreter again.
 */
class Log implements RunLog {
  /** The buffers (turn, key, call id, name, opening frame), as columns (buffers.ts). */
  readonly #buffers = new BufferColumns();
  /**
   * Per buffer, by id: its text so far, followed for the buffer `pending` (-1: none) by the range [from, to) of the
   * piece `piece`. One pending range is enough: fragments come in signal order, which is the pieces' order, so only
   * the buffer that got the last fragment can have its range continued by the next.
   */
  readonly #texts: string[] = [];
  #pending = -1;
  #piece = '';
  #from = 0;
  #to = 0;
  readonly #attempts = new AttemptColumns();
  readonly #fragments = new FragmentColumns();
  readonly #calls: ReadyCall[] = [];
  readonly #notes: StrategyNote[] = [];
  /** Whether the calls are frame-ordered as written (they are, folded frame by frame; checked, not assumed). */
  #callsSorted = true;

  openBuffer(turn: TurnIndex, key: CallKey | null, frame: FrameIndex, callId?: string, name?: string): number {
    this.#texts.push('');
    return this.#buffers.open(turn, key, frame, callId, name);
  }

  /** Buffer b's text so far, but for a pending range (ids come from `openBuffer`: another one throws). */
  #text(b: number): string {
    const text = this.#texts[b];
    if (text === undefined) throw new RangeError(`run log: no buffer ${b}`);
    return text;
  }

  /** Logs a fragment of `length` characters at the end of buffer b; returns its start. */
  #fragment(b: number, frame: FrameIndex, length: number): number {
    const start = this.#text(b).length + (b === this.#pending ? this.#to - this.#from : 0);
    this.#fragments.push(b, frame, start, start + length);
    return start;
  }

  /** Moves the pending range into its buffer's text. */
  #flush(): void {
    const b = this.#pending;
    if (b < 0) return;
    this.#texts[b] = this.#text(b) + this.#piece.slice(this.#from, this.#to);
    this.#pending = -1;
  }

  appendSignal(bufferId: number, frame: FrameIndex, t: SignalTable, i: number): number {
    const p = t.piece[i] as number;
    const a = t.textStart[i] as number;
    const e = t.textEnd[i] as number;
    const start = this.#fragment(bufferId, frame, p === NONE ? 0 : e - a);
    if (p === NONE || e === a) return start;
    const piece = t.pieces[p] as string;
    // the same piece (the same string: its content when two differ, and then the text is the same too)
    if (bufferId === this.#pending && a === this.#to && piece === this.#piece) this.#to = e;
    else {
      this.#flush();
      this.#pending = bufferId;
      this.#piece = piece;
      this.#from = a;
      this.#to = e;
    }
    return start;
  }

  setCall(bufferId: number, callId: string | undefined, name: string | undefined): void {
    this.#text(bufferId);
    this.#buffers.setCall(bufferId, callId, name);
  }

  textOf(bufferId: number): string {
    if (bufferId === this.#pending) this.#flush();
    return this.#text(bufferId);
  }

  attempt(frame: FrameIndex, turn: TurnIndex, bufferId: number, start: number, input: string, emptyMeansNoArgs = false, whole = false): AttemptOutcome {
    const end = start + input.length;
    // parsed (undefined: rejected by the scan, which runs first unless the input is a whole buffer)
    const outcome: ParseOutcome | undefined =
      emptyMeansNoArgs && input === '' ? { ok: true, value: {} } : whole || !cannotBeJson(input) ? parseJson(input) : undefined;
    if (outcome?.ok) {
      this.#attempts.push(frame, turn, bufferId, start, end, true);
      return outcome;
    }
    // a failure keeps JSON.parse's message only when the scan could not have rejected it
    if (outcome === undefined || (whole && cannotBeJson(input))) this.#attempts.push(frame, turn, bufferId, start, end, false);
    else this.#attempts.push(frame, turn, bufferId, start, end, false, outcome.error);
    return FAILED;
  }

  ready(call: ReadyCall): void {
    const last = this.#calls[this.#calls.length - 1];
    if (last !== undefined && last.readyFrame > call.readyFrame) this.#callsSorted = false;
    this.#calls.push(call);
  }

  note(n: StrategyNote): void {
    this.#notes.push(n);
  }

  finish(): { buffers: BufferTable; fragments: FragmentTable; attempts: AttemptTable; calls: ReadyCall[]; notes: StrategyNote[] } {
    const texts = this.#texts;
    const attempts = this.#attempts.finish();
    const calls = this.#calls;
    this.#flush();
    for (let b = 0; b < texts.length; b++) texts[b] = flat(texts[b] as string);
    const buffers = this.#buffers.finish(texts);
    const fragments = this.#fragments.finish(texts.length);
    // Folding is frame-ordered already; a stable sort guards the invariant the view's binary searches rely on.
    if (!this.#callsSorted) calls.sort((x, y) => x.readyFrame - y.readyFrame);
    return { buffers, fragments, attempts, calls, notes: this.#notes };
  }
}

/** Where `flat` puts what it reads (a read nobody uses could be optimized away, and the flattening with it). */
let _flatSink = 0;

/**
 * The same text, stored flat. A buffer's text is built by one concatenation per fragment that did not continue the
 * last one (interleaved calls), which V8 keeps as a rope: a node per concatenation over a string per fragment,
 * about three times the text's own size for short fragments (a 25-fragment call's arguments: 1.6 KB instead of
 * 0.5 KB). Reading it as a number (V8's ToNumber flattens its input in place; the garbage collector then drops the
 * rope) leaves one string. Measured on the 250,000-frame call-heavy stream, whose parse-each-fragment buffers are
 * never parsed whole (a parse would have flattened them): see docs/performance.md.
 */
function flat(text: string): string {
  _flatSink ^= Number(text) | 0;
  return text;
}

// A class's instances have their shape (the map V8 grew for the fields the constructor sets) only while one of them
// lives: one log is kept for the life of the program (ground-truth/keep.ts says why).
keepAlive(new Log());

export function createRunLog(): RunLog {
  return new Log();
}
