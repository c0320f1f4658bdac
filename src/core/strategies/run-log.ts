/**
 * The append-only log a strategy writes while it folds over a recording's signals.
 *
 * Contract: buffers grow by fragments; a buffer's text is accumulated as parts and joined ONCE, when the run is
 * finished (`finish()`), or when a strategy asks for the current text to parse it (`textOf`, which caches the join
 * until the next append). Attempts and ready calls are logged in the order they happen, which is frame order
 * because strategies are folded frame by frame. Nothing here throws on bad input: parse failures are data.
 * An attempt whose input `cannotBeJson` (json.ts: cut short, brackets open) is logged failed without calling
 * JSON.parse, so without a message (`error` absent); `attemptError` (session/view.ts) derives JSON.parse's own
 * message for it when a view or the verdict asks. Parse-each-fragment fails on nearly every fragment: a thrown
 * SyntaxError each would cost more than the rest of its run.
 */
import type { BufferLog, CallKey, FrameIndex, Mutable, ParseAttempt, ReadyCall, StrategyNote, TurnIndex } from '../types';
import { cannotBeJson, parseJson } from './json';

export type { StrategyNote };

interface BufferDraft {
  log: Mutable<BufferLog>;
  parts: string[];
  length: number;
  joined: string | null;
}

/** What a strategy learns from an attempt: the value, or that it failed (the message is derived when shown). */
export type AttemptOutcome = { ok: true; value: unknown } | { ok: false };

const FAILED: AttemptOutcome = { ok: false };

export interface RunLog {
  /** Opens a buffer. With no text yet, an empty fragment at `frame` marks it as existing from that frame. */
  openBuffer(turn: TurnIndex, key: CallKey | null, frame: FrameIndex, callId?: string, name?: string): number;
  /** Appends a fragment; returns its [start, end) range in the buffer. */
  append(bufferId: number, frame: FrameIndex, text: string): { start: number; end: number };
  setCall(bufferId: number, callId: string | undefined, name: string | undefined): void;
  /** The buffer's text so far (joined lazily; cached until the next append). */
  textOf(bufferId: number): string;
  lengthOf(bufferId: number): number;
  /**
   * Parses `input` (which is buffer[start, end) or, with `text`, a whole event's payload) and logs the attempt; with
   * `emptyMeansNoArgs`, an empty input parses as {} (see json.ts). `a` becomes the logged attempt (callers pass a
   * fresh object literal; it is not copied).
   */
  attempt(a: Omit<ParseAttempt, 'ok' | 'error'>, input: string, emptyMeansNoArgs?: boolean): AttemptOutcome;
  ready(call: ReadyCall): void;
  note(n: StrategyNote): void;
  finish(): { buffers: BufferLog[]; attempts: ParseAttempt[]; calls: ReadyCall[]; notes: StrategyNote[] };
}

export function createRunLog(): RunLog {
  const drafts: BufferDraft[] = [];
  const attempts: ParseAttempt[] = [];
  const calls: ReadyCall[] = [];
  const notes: StrategyNote[] = [];

  const draft = (id: number): BufferDraft => {
    const d = drafts[id];
    if (!d) throw new Error(`run-log: no buffer ${id}`);
    return d;
  };

  const textOf = (bufferId: number): string => {
    const d = draft(bufferId);
    if (d.joined === null) {
      d.joined = d.parts.join('');
      d.parts = d.joined.length > 0 ? [d.joined] : [];
    }
    return d.joined;
  };

  return {
    openBuffer(turn, key, frame, callId, name) {
      const id = drafts.length;
      const log: Mutable<BufferLog> = { id, turn, key, text: '', fragments: [], openedAt: frame };
      if (callId !== undefined) log.callId = callId;
      if (name !== undefined) log.name = name;
      drafts.push({ log, parts: [], length: 0, joined: '' });
      return id;
    },
    append(bufferId, frame, text) {
      const d = draft(bufferId);
      const start = d.length;
      const end = start + text.length;
      d.log.fragments.push({ frame, start, end });
      if (text.length > 0) {
        d.parts.push(text);
        d.length = end;
        d.joined = null;
      }
      return { start, end };
    },
    setCall(bufferId, callId, name) {
      const log = draft(bufferId).log;
      if (callId !== undefined) log.callId = callId;
      if (name !== undefined) log.name = name;
    },
    textOf,
    lengthOf(bufferId) {
      return draft(bufferId).length;
    },
    attempt(a, input, emptyMeansNoArgs = false) {
      const logged = a as Mutable<ParseAttempt>;
      if (emptyMeansNoArgs && input === '') {
        logged.ok = true;
        attempts.push(logged);
        return { ok: true, value: {} };
      }
      if (cannotBeJson(input)) {
        logged.ok = false;
        attempts.push(logged);
        return FAILED;
      }
      const outcome = parseJson(input);
      logged.ok = outcome.ok;
      if (!outcome.ok) logged.error = outcome.error;
      attempts.push(logged);
      return outcome.ok ? outcome : FAILED;
    },
    ready(call) {
      calls.push(call);
    },
    note(n) {
      notes.push(n);
    },
    finish() {
      const buffers = drafts.map((d, i) => {
        d.log.text = textOf(i);
        return d.log;
      });
      // Folding is frame-ordered already; a stable sort guards the invariant the view's binary searches rely on.
      attempts.sort((x, y) => x.frame - y.frame);
      calls.sort((x, y) => x.readyFrame - y.readyFrame);
      return { buffers, attempts, calls, notes };
    },
  };
}
