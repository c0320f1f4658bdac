/**
 * The learner's own strategy (exercise mode, "Your strategy"): what its sandbox is given and what it hands back, and
 * the StrategyRun the panels show, made from that log and judged exactly as a built-in strategy's run.
 *
 * Contract: `learnerTurns(session)` is the input of the learner's `assemble(events, out)`: per turn with frames, its
 * SSE events in frame order as `{ frame, event, text }` (the sandbox parses `text` into `data`), and the turn's last
 * frame (the stream end). The sandbox (src/worker/learner.worker.ts) returns a `LearnerTrace`: plain data that is
 * not trusted (the learner's code ran in the realm that built it), so `learnerRun` reads it defensively: values of
 * the wrong type, frames outside their turn and buffer numbers that name no buffer are dropped, never thrown on.
 * `learnerRun(session, outcome)` is a `StrategyRun` with id 'yours': buffers with their fragments, the parse
 * attempts (sorted by frame, as columns), the ready calls (sorted by frame) and a verdict per turn from the same
 * `turnVerdict` as every strategy. A learner's call names no wire key: it takes the key and id of the stream's call
 * it stands for (its own id when it gave one, else the first unused carried call of that turn with the same name and
 * equal arguments, else of the same name), so the verdict compares it with that call; a call matching none is
 * extra. A turn whose `assemble` threw fails as a built-in strategy that throws does (reason 'wrong-call', error
 * 'strategy error: ...'); an outcome that stopped the whole run (a syntax error, the time or output limit) fails every
 * turn it did not finish with its message. Pure; never throws.
 */
import type { AttemptTable, BufferLog, CallKey, CarriedCall, FragmentTable, FrameIndex, ParseAttempt, ReadyCall, Session, StrategyRun, TurnIndex, TurnVerdict } from '../types';
import { LEARNER_ID } from '../types';
import { frameData, frameEvent } from '../sse/frame-table';
import { AttemptColumns, attemptAt, firstFailedByTurn } from './attempts';
import { bufferTableOf, bufferText } from './buffers';
import { fragmentCount, fragmentEnd, fragmentFrame, fragmentTableOf, type Fragment } from './fragments';
import { jsonEqual, parseJson } from './json';
import { overallVerdict, turnGroups, turnVerdict } from './verdict';

/** One SSE event as the sandbox receives it. */
export interface LearnerEvent {
  frame: number;
  event: string;
  text: string;
}

export interface LearnerTurn {
  turn: number;
  /** The turn's last frame (its stream end): what `out` stamps after the events are all read. */
  end: number;
  events: LearnerEvent[];
}

/** The learner's log. Buffers are per turn and named by the learner's key; fragments are [frame, start, end). */
export interface LearnerTrace {
  buffers: { turn: number; key: string; text: string; fragments: [number, number, number][] }[];
  /** Each parsed its buffer's text [0, end) as it was then. */
  attempts: { frame: number; turn: number; buffer: number; end: number; ok: boolean; error?: string }[];
  calls: { turn: number; frame: number; name: string; id: string; args: string }[];
  /** Turns whose `assemble` threw, with the first error's message. */
  thrown: { turn: number; message: string }[];
}

/** Why a run stopped or did not start (the editor words each kind around the engine's message). */
export type LearnerErrorKind = 'syntax' | 'exception' | 'timeout' | 'output' | 'no-assemble' | 'forbidden' | 'eval-blocked' | 'crashed';

export interface LearnerError {
  kind: LearnerErrorKind;
  /** The engine's own message (or, for our limits, the figure that was passed). */
  message: string;
  line?: number;
  column?: number;
  turn?: number;
  frame?: number;
}

/** What a run gives back: the log (partial when it stopped) and the first error, if any. */
export interface LearnerOutcome {
  trace: LearnerTrace;
  error?: LearnerError;
  /** The turns the run finished (every turn when it was not stopped). */
  finished: number;
}

export const emptyLearnerTrace = (): LearnerTrace => ({ buffers: [], attempts: [], calls: [], thrown: [] });

export function learnerTurns(session: Session): LearnerTurn[] {
  const turns: LearnerTurn[] = [];
  const { frames } = session;
  for (let f = 0; f < frames.count; f++) {
    const turn = frames.turn[f] as number;
    let current = turns[turns.length - 1];
    if (!current || current.turn !== turn) {
      current = { turn, end: f, events: [] };
      turns.push(current);
    }
    current.end = f;
    current.events.push({ frame: f, event: frameEvent(frames, f), text: frameData(frames, f) });
  }
  return turns;
}

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;
const str = (x: unknown): string => (typeof x === 'string' ? x : '');
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const rec = (x: unknown): Record<string, unknown> => (typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : {});

/** The frame range [first, last] of each turn with frames. */
function turnRanges(session: Session): Map<number, [number, number]> {
  const ranges = new Map<number, [number, number]>();
  const { frames } = session;
  for (let f = 0; f < frames.count; f++) {
    const turn = frames.turn[f] as number;
    const r = ranges.get(turn);
    if (r) r[1] = f;
    else ranges.set(turn, [f, f]);
  }
  return ranges;
}

/** The learner's buffers (null where one is not of the shape) and the table of their fragments. */
function readBuffers(trace: unknown, inTurn: (turn: number, frame: number) => boolean): { listed: (BufferLog | null)[]; fragments: FragmentTable } {
  const lists: Fragment[][] = [];
  const listed = list(rec(trace).buffers).map((raw, id): BufferLog | null => {
    const b = rec(raw);
    const text = str(b.text);
    lists[id] = [];
    if (!isInt(b.turn)) return null;
    const turn = b.turn;
    // in frame order, as the views read them: a fragment stamped before the one appended ahead of it (code that
    // reads the turn's events twice appends the second time at the frames of the first) arrived with that one
    let latest = 0;
    const fragments = list(b.fragments).flatMap((f) => {
      const [frame, start, end] = list(f);
      if (!(isInt(frame) && isInt(start) && isInt(end) && start <= end && end <= text.length && inTurn(turn, frame))) return [];
      latest = Math.max(latest, frame);
      return [{ frame: latest as FrameIndex, start, end }];
    });
    lists[id] = fragments;
    const first = fragments[0];
    return { id, turn: turn as TurnIndex, key: str(b.key) as CallKey, text, ...(first && { openedAt: first.frame }) };
  });
  return { listed, fragments: fragmentTableOf(lists) };
}

function readAttempts(trace: unknown, buffers: readonly (BufferLog | null)[], fragments: FragmentTable, inTurn: (turn: number, frame: number) => boolean): AttemptTable {
  const rows = list(rec(trace).attempts).flatMap((raw) => {
    const a = rec(raw);
    const buffer = isInt(a.buffer) ? buffers[a.buffer] : undefined;
    if (!buffer || !isInt(a.frame) || !inTurn(buffer.turn, a.frame)) return [];
    const end = isInt(a.end) && a.end <= buffer.text.length ? a.end : lengthAt(fragments, buffer, a.frame);
    return [{ frame: a.frame, buffer, end, ok: a.ok === true, error: typeof a.error === 'string' ? a.error : undefined }];
  });
  rows.sort((x, y) => x.frame - y.frame); // stable: the order they happened in within a frame
  const columns = new AttemptColumns();
  for (const r of rows) columns.push(r.frame as FrameIndex, r.buffer.turn, r.buffer.id, 0, r.end, r.ok, r.ok ? undefined : r.error);
  return columns.finish();
}

/** The buffer's length at the end of `frame` (an attempt whose end was not given parsed that much). */
function lengthAt(t: FragmentTable, b: BufferLog, frame: number): number {
  let end = 0;
  for (let i = 0, n = fragmentCount(t, b.id); i < n; i++) if (fragmentFrame(t, b.id, i) <= frame) end = Math.max(end, fragmentEnd(t, b.id, i));
  return end;
}

/** The learner's calls as ReadyCalls, each with the key and id of the stream's call it stands for. */
function readCalls(trace: unknown, carried: readonly CarriedCall[], inTurn: (turn: number, frame: number) => boolean): ReadyCall[] {
  const used = new Set<CarriedCall>();
  const byTurn = turnGroups(carried);
  const out: ReadyCall[] = [];
  let extra = 0;
  for (const raw of list(rec(trace).calls)) {
    const c = rec(raw);
    if (!isInt(c.turn) || !isInt(c.frame) || !inTurn(c.turn, c.frame)) continue;
    const name = str(c.name);
    const id = str(c.id);
    const argsText = str(c.args);
    const parsed = parseJson(argsText);
    const args = parsed.ok ? parsed.value : undefined;
    const mine = (byTurn.get(c.turn as TurnIndex) ?? []).filter((k) => !used.has(k));
    const stands =
      (id !== '' ? mine.find((k) => k.id === id) : undefined) ??
      mine.find((k) => k.name === name && sameArgs(k.argsText, argsText, args)) ??
      mine.find((k) => k.name === name);
    if (stands) used.add(stands);
    out.push({
      turn: c.turn as TurnIndex,
      key: stands ? stands.key : (`yours-${extra++}` as CallKey),
      id: id !== '' ? id : (stands?.id ?? ''),
      name,
      argsText,
      args,
      readyFrame: c.frame as FrameIndex,
    });
  }
  return out.sort((x, y) => x.readyFrame - y.readyFrame);
}

function sameArgs(carriedText: string, text: string, value: unknown): boolean {
  if (carriedText === text) return true;
  const c = parseJson(carriedText);
  return c.ok && value !== undefined && jsonEqual(c.value, value);
}

export function learnerRun(session: Session, outcome: LearnerOutcome): StrategyRun {
  const ranges = turnRanges(session);
  const inTurn = (turn: number, frame: number): boolean => {
    const r = ranges.get(turn);
    return r !== undefined && frame >= r[0] && frame <= r[1];
  };
  const { listed, fragments } = readBuffers(outcome.trace, inTurn);
  const attempts = readAttempts(outcome.trace, listed, fragments, inTurn);
  // a buffer of the wrong shape keeps its number (attempts name buffers by number) as an empty buffer of turn 0
  const buffers = bufferTableOf(listed.map((b) => b ?? { turn: 0 as TurnIndex, key: '' as CallKey, text: '' }));
  const calls = readCalls(outcome.trace, session.carried, inTurn);
  const thrown = new Map<number, string>();
  for (const raw of list(rec(outcome.trace).thrown)) {
    const t = rec(raw);
    if (isInt(t.turn) && !thrown.has(t.turn)) thrown.set(t.turn, str(t.message));
  }
  const stopped = outcome.error && outcome.error.kind !== 'exception' ? outcome.error.message : undefined;
  const turns = session.recording.turns.map((t, i) => (typeof t.index === 'number' ? t.index : (i as TurnIndex)));
  const learnerTurnList = [...ranges.keys()];
  const finishedTurns = new Set(learnerTurnList.slice(0, Math.max(0, outcome.finished)));
  const inputOf = (a: ParseAttempt): string => bufferText(buffers, a.bufferId).slice(a.start, a.end);
  const carriedBy = turnGroups(session.carried);
  const callsBy = turnGroups(calls);
  const firstFailed = firstFailedByTurn(attempts);
  const logged = { attempts, buffers };
  const verdicts: TurnVerdict[] = turns.map((turn) => {
    const message = thrown.get(turn) ?? (stopped !== undefined && ranges.has(turn) && !finishedTurns.has(turn) ? stopped : undefined);
    if (message !== undefined) return { turn, verdict: 'fail', reason: 'wrong-call', error: `strategy error: ${message}` };
    return turnVerdict({
      turn,
      endFrame: ranges.has(turn) ? ((ranges.get(turn) as [number, number])[1] as FrameIndex) : undefined,
      carried: carriedBy.get(turn) ?? [],
      produced: callsBy.get(turn) ?? [],
      failed: attemptAt(logged, firstFailed.get(turn) ?? -1),
      inputOf,
    });
  });
  return { id: LEARNER_ID, applicable: true, buffers, fragments, attempts, calls, verdicts, verdict: overallVerdict(true, verdicts), notes: [] };
}
