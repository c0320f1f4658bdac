/**
 * The append-only log a strategy writes while it folds over a recording's signals.
 *
 * Contract: buffers grow by fragments; a buffer's text is accumulated by concatenation (the engine keeps it as a
 * rope until it is read) and read whole when the run is finished (`finish()`) or when a strategy asks for the
 * current text to parse it (`textOf`). Attempts and ready calls are logged in the order they happen, which is frame
 * order because strategies are folded frame by frame. Nothing here throws on bad input: parse failures are data.
 * An attempt whose input `cannotBeJson` (json.ts: cut short, brackets open) is logged failed without calling
 * JSON.parse, so without a message (`error` absent); `attemptError` (session/view.ts) derives JSON.parse's own
 * message for it when a view or the verdict asks. Parse-each-fragment fails on nearly every fragment: a thrown
 * SyntaxError each would cost more than the rest of its run.
 * Cost: a fragment is one record and one concatenation; no per-fragment object beyond the logged ones.
 */
import type { BufferLog, CallKey, FrameIndex, Mutable, ParseAttempt, ReadyCall, StrategyNote, TurnIndex } from '../types';
import { cannotBeJson, parseJson } from './json';

export type { StrategyNote };

type Fragment = BufferLog['fragments'][number];

/** What a strategy learns from an attempt: the value, or that it failed (the message is derived when shown). */
export type AttemptOutcome = { ok: true; value: unknown } | { ok: false };

const FAILED: AttemptOutcome = { ok: false };

/** A buffer's fragments before its first one: shared, never written (`append` replaces it). */
const NO_FRAGMENTS = Object.freeze([]) as unknown as Fragment[];

export interface RunLog {
  /** Opens a buffer. With no text yet, an empty fragment at `frame` marks it as existing from that frame. */
  openBuffer(turn: TurnIndex, key: CallKey | null, frame: FrameIndex, callId?: string, name?: string): number;
  /** Appends a fragment; returns its start in the buffer (its end is start + text.length). */
  append(bufferId: number, frame: FrameIndex, text: string): number;
  /** Sets the buffer's call id and name (each only when defined). */
  setCall(bufferId: number, callId: string | undefined, name: string | undefined): void;
  /** The buffer's text so far. */
  textOf(bufferId: number): string;
  lengthOf(bufferId: number): number;
  /**
   * Parses `input`, which is buffer[start, end) of `bufferId`, and logs the attempt `{frame, turn, key, bufferId,
   * start, end, ok}` (with JSON.parse's `error` when it parsed and failed); with `emptyMeansNoArgs`, an empty input
   * parses as {} (see json.ts). `whole`: the input is a call's whole buffer, which usually parses, so JSON.parse is
   * tried first and the scan only decides, on a failure, whether the attempt keeps a message; the logged attempt
   * is the same either way (the scan rejects only what JSON.parse rejects).
   */
  attempt(
    frame: FrameIndex,
    turn: TurnIndex,
    key: CallKey | null,
    bufferId: number,
    start: number,
    input: string,
    emptyMeansNoArgs?: boolean,
    whole?: boolean,
  ): AttemptOutcome;
  ready(call: ReadyCall): void;
  note(n: StrategyNote): void;
  finish(): { buffers: BufferLog[]; attempts: ParseAttempt[]; calls: ReadyCall[]; notes: StrategyNote[] };
}

export function createRunLog(): RunLog {
  // Per buffer, by id: its log (text filled in by `finish`) and its text so far.
  const logs: Mutable<BufferLog>[] = [];
  const texts: string[] = [];
  const attempts: ParseAttempt[] = [];
  const calls: ReadyCall[] = [];
  const notes: StrategyNote[] = [];
  // Whether the logs are frame-ordered as written (they are, folded frame by frame; checked, not assumed).
  let attemptsSorted = true;
  let callsSorted = true;

  const check = (id: number): number => {
    if (id >= 0 && id < texts.length) return id;
    throw new Error(`run-log: no buffer ${id}`);
  };
  const logAttempt = (a: ParseAttempt): void => {
    const last = attempts[attempts.length - 1];
    if (last !== undefined && last.frame > a.frame) attemptsSorted = false;
    attempts.push(a);
  };

  return {
    openBuffer(turn, key, frame, callId, name) {
      const id = logs.length;
      // One literal per case: properties added after the literal would each cost the object a second allocation.
      const fragments = NO_FRAGMENTS;
      const log: Mutable<BufferLog> =
        callId === undefined
          ? name === undefined
            ? { id, turn, key, text: '', fragments, openedAt: frame }
            : { id, turn, key, text: '', fragments, openedAt: frame, name }
          : name === undefined
            ? { id, turn, key, text: '', fragments, openedAt: frame, callId }
            : { id, turn, key, text: '', fragments, openedAt: frame, callId, name };
      logs.push(log);
      texts.push('');
      return id;
    },
    append(bufferId, frame, text) {
      const log = logs[check(bufferId)] as Mutable<BufferLog>;
      const start = (texts[bufferId] as string).length;
      const fragment: Fragment = { frame, start, end: start + text.length };
      // A buffer's first fragment makes its array at its size (a buffer often keeps one fragment: next-index-closes
      // on interleaved calls opens one per fragment); an array grown from empty would reserve room for 16.
      if (log.fragments === NO_FRAGMENTS) log.fragments = [fragment];
      else (log.fragments as Fragment[]).push(fragment);
      if (text.length > 0) texts[bufferId] += text;
      return start;
    },
    setCall(bufferId, callId, name) {
      const log = logs[check(bufferId)] as Mutable<BufferLog>;
      if (callId !== undefined && log.callId !== callId) log.callId = callId;
      if (name !== undefined && log.name !== name) log.name = name;
    },
    textOf(bufferId) {
      return texts[check(bufferId)] as string;
    },
    lengthOf(bufferId) {
      return (texts[check(bufferId)] as string).length;
    },
    attempt(frame, turn, key, bufferId, start, input, emptyMeansNoArgs = false, whole = false) {
      const end = start + input.length;
      if (emptyMeansNoArgs && input === '') {
        logAttempt({ frame, turn, key, bufferId, start, end, ok: true });
        return { ok: true, value: {} };
      }
      if (whole) {
        const outcome = parseJson(input);
        if (outcome.ok) logAttempt({ frame, turn, key, bufferId, start, end, ok: true });
        else if (cannotBeJson(input)) logAttempt({ frame, turn, key, bufferId, start, end, ok: false });
        else logAttempt({ frame, turn, key, bufferId, start, end, ok: false, error: outcome.error });
        return outcome.ok ? outcome : FAILED;
      }
      if (cannotBeJson(input)) {
        logAttempt({ frame, turn, key, bufferId, start, end, ok: false });
        return FAILED;
      }
      const outcome = parseJson(input);
      if (outcome.ok) {
        logAttempt({ frame, turn, key, bufferId, start, end, ok: true });
        return outcome;
      }
      logAttempt({ frame, turn, key, bufferId, start, end, ok: false, error: outcome.error });
      return FAILED;
    },
    ready(call) {
      const last = calls[calls.length - 1];
      if (last !== undefined && last.readyFrame > call.readyFrame) callsSorted = false;
      calls.push(call);
    },
    note(n) {
      notes.push(n);
    },
    finish() {
      for (let i = 0; i < logs.length; i++) {
        const log = logs[i] as Mutable<BufferLog>;
        log.text = texts[i] as string;
        if (log.fragments === NO_FRAGMENTS) log.fragments = [];
      }
      // Folding is frame-ordered already; a stable sort guards the invariant the view's binary searches rely on.
      if (!attemptsSorted) attempts.sort((x, y) => x.frame - y.frame);
      if (!callsSorted) calls.sort((x, y) => x.readyFrame - y.readyFrame);
      return { buffers: logs, attempts, calls, notes };
    },
  };
}
