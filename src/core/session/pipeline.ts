/**
 * The Session: everything derived from a recording, computed once, immutable (src/core/README.md).
 *
 * Contract: `analyze(recording, opts?)` runs decode -> wire (the header's, else detected, else 'openai-chat' with a
 * 'wire-not-detected' issue) -> signals -> kinds -> carried calls -> strategies -> timings -> anomalies (sorted by
 * turn, then frame). It never throws: each stage is guarded, a failing stage leaves an 'internal:<stage>' issue on
 * the session's recording and an empty result for that stage (no signal and kind 'other' for every frame), and a
 * strategy that throws fails its turns instead of crashing. The Session is plain data (structured-cloneable: a Web
 * Worker can post it; its frame and signal tables and kinds are typed arrays it can transfer).
 * With `opts.strategies`, only those strategies are run; the others hold a placeholder run (`isPending`) until
 * `withStrategies(session, ids)` computes them, so the app can paint the selected strategy first. Strategies with the
 * same fold (registry.ts `SAME_FOLD`) are folded once: the second is the first's run under its own id (shared data).
 * `runsInTurn(session, ids)` gives the runs one at a time, each computed when the next is asked for and not kept, for
 * a caller done with a run before the next (`inspect --json`: its peak memory holds one strategy's run, not six).
 * `analyzeInput(input, name?, opts?)` = load -> analyze, for a page that shows a recording without faults: this
 * module does not import core/faults, so the first page load does not carry the instructor lab's fault code
 * (analyze.ts adds the faults: `analyzeText`, `loadFaulted`).
 * A small recording (strategies/truth.ts `readsPlainly`: under 256 frames) is read plainly, with no envelope
 * templates and no ground-truth shapes: the same session, without learning what would serve only a few events.
 * This module installs no wire: the recording's wire must have its adapter and its ground truth installed (core/wires)
 * before `analyze` or `analyzeDecoded`, else the session says so in an 'internal:wire' (or 'internal:truth')
 * issue. ./session.ts is this module with all four installed; ./lazy.ts decodes first (`decodeStage`), loads the one wire it found, then analyses.
 */
import type { FaultError } from '../faults';
import { load } from '../load/read';
import { decodeRecording, emptyFrameTable, ParserMissing } from '../sse/decode';
import { emptyAttempts } from '../strategies/attempts';
import { NO_BUFFERS } from '../strategies/buffers';
import { NO_FRAGMENTS } from '../strategies/fragments';
import { SAME_FOLD, STRATEGIES } from '../strategies/registry';
import { runStrategy } from '../strategies/run';
import { readsPlainly, traceCalls, traceOptions, type CallTrace } from '../strategies/truth';
import { computeTimings, sortAnomalies } from '../timeline';
import type { BuiltinStrategyId, LoadFailure, LoadIssue, NaReason, Recording, Session, SignalTable, StrategyId, StrategyRun, TurnTiming, WireId } from '../types';
import { LEARNER_ID, STRATEGY_IDS, WIRES, turnIndex } from '../types';
import { adaptFrames, detectWire, emptySignalTable, FK, frameKinds } from '../wire/base';

export interface AnalyzeOptions {
  /** Run only these strategies now (the others are pending). Default: all. */
  strategies?: readonly BuiltinStrategyId[];
  /** Force a wire (overrides the header and detection). */
  wire?: WireId;
  gapThresholdMs?: number;
  /** Fault specs (`rechunk:3`, `cut:12`, ...) applied in order to the loaded recording (analyzeText only). */
  faults?: readonly string[];
  /** The faults' random seed (analyzeText only). Default 1. */
  seed?: number;
  /** Called once every turn is decoded, before the rest: nothing after decoding reads the chunks' bytes (the CLI
   * lets them go there, core/README.md). */
  onDecoded?: () => void;
  /** How a piece of bytes becomes text (sse/index.ts DecodeOptions.decodeText; the CLI passes cli/node-text.ts's). */
  decodeText?: (bytes: Uint8Array) => string;
}

/** The naReason of a placeholder run whose strategy has not been computed yet. */
export const PENDING_REASON: NaReason = 'pending';

export const isPending = (run: StrategyRun): boolean => !run.applicable && run.naReason === PENDING_REASON;

const pendingRun = (id: StrategyId, naReason: NaReason = PENDING_REASON): StrategyRun => ({
  id,
  applicable: false,
  naReason,
  buffers: NO_BUFFERS,
  fragments: NO_FRAGMENTS,
  attempts: emptyAttempts(),
  calls: [],
  verdicts: [],
  verdict: 'n/a',
});

function guard<T>(issues: LoadIssue[], stage: string, fn: () => T, fallback: T, passes?: (e: unknown) => boolean): T {
  try {
    return fn();
  } catch (e) {
    if (passes?.(e)) throw e;
    issues.push({ code: `internal:${stage}`, message: e instanceof Error ? e.message : String(e) });
    return fallback;
  }
}

/** A recording decoded, and its wire (named or detected): what `analyzeDecoded` goes on from. */
export interface Decoded {
  frames: Session['frames'];
  decoded: Session['decoded'];
  wire: WireId;
  wireSource: Session['wireSource'];
  /** Problems met so far (they join the recording's issues). */
  issues: LoadIssue[];
}

/** Decoding and the wire: the first stage of `analyze`. Throws only core/sse/decode.ts `ParserMissing` (a page, before it has the parser). */
export function decodeStage(recording: Recording, opts: AnalyzeOptions = {}): Decoded {
  const issues: LoadIssue[] = [];
  const { frames, decoded } = guard(issues, 'sse', () => decodeRecording(recording, opts.decodeText ? { decodeText: opts.decodeText } : {}), { frames: emptyFrameTable(), decoded: [] }, (e) => e instanceof ParserMissing);
  opts.onDecoded?.();

  let wire: WireId = 'openai-chat';
  let wireSource: Session['wireSource'] = 'detected';
  const named = opts.wire ?? recording.header.wire;
  if (named !== undefined && WIRES.includes(named)) {
    wire = named;
    wireSource = 'header';
  } else {
    const detected = guard(issues, 'detect', () => detectWire(frames), null);
    if (detected) wire = detected;
    else issues.push({ code: 'wire-not-detected', message: 'the wire format could not be detected; read as openai-chat' });
  }
  return { frames, decoded, wire, wireSource, issues };
}

export function analyze(recording: Recording, opts: AnalyzeOptions = {}): Session {
  return analyzeDecoded(recording, decodeStage(recording, opts), opts);
}

/** The rest of `analyze` after `decodeStage`: signals -> kinds -> carried calls -> strategies -> timings -> anomalies. */
export function analyzeDecoded(recording: Recording, stage: Decoded, opts: AnalyzeOptions = {}): Session {
  const { frames, decoded, wire, wireSource } = stage;
  const issues = [...stage.issues];
  // a small recording is read plainly: the adapters' envelopes and the truth's shapes pay only over many events
  const plain = readsPlainly(frames);
  const signals: SignalTable = guard(issues, 'wire', () => adaptFrames(wire, frames, plain ? { envelopes: false } : {}), emptySignalTable(frames.count));
  const kinds = guard(issues, 'kinds', () => frameKinds(signals), new Uint8Array(frames.count).fill(FK.other));
  const trace: CallTrace = guard(issues, 'truth', () => traceCalls(wire, frames, traceOptions(frames)), { carried: [], reused: [], argFrames: [], lastArgFrame: [], unread: [] });
  const timings: TurnTiming[] = guard(
    issues,
    'timeline',
    () =>
      computeTimings(recording, frames, signals, trace.carried, wire, {
        decoded,
        reused: trace.reused,
        trace,
        ...(opts.gapThresholdMs !== undefined && { gapThresholdMs: opts.gapThresholdMs }),
      }),
    [],
  );
  const anomalies = sortAnomalies(timings.flatMap((t) => t.anomalies));

  const strategies = Object.fromEntries(STRATEGY_IDS.map((id) => [id, pendingRun(id)])) as Record<StrategyId, StrategyRun>;
  // the learner's strategy (exercise mode) has no code until the page runs some: never pending, never computed here
  strategies[LEARNER_ID] = pendingRun(LEARNER_ID, 'no-code');
  const session: Session = {
    recording: issues.length > 0 ? { ...recording, issues: [...recording.issues, ...issues] } : recording,
    wire,
    wireSource,
    frames,
    decoded,
    signals,
    kinds,
    carried: trace.carried,
    argsWhole: trace.argFrames.length > 0 && trace.argFrames.every((n) => n <= 1),
    strategies,
    timings,
    anomalies,
  };
  const ids = opts.strategies ?? STRATEGY_IDS;
  for (const id of ids) strategies[id] = computeRun(session, id, strategies);
  return session;
}

/** The run of `id`: a copy of its SAME_FOLD twin's under its own id when that one is computed already, else folded. */
function computeRun(session: Session, id: BuiltinStrategyId, done: Readonly<Record<StrategyId, StrategyRun>>): StrategyRun {
  const twin = SAME_FOLD[id];
  const twinRun = twin === undefined ? undefined : done[twin];
  if (twinRun !== undefined && !isPending(twinRun)) return { ...twinRun, id };
  const turns = session.recording.turns.map((t, i) => (typeof t.index === 'number' ? t.index : turnIndex(i)));
  return runStrategy(STRATEGIES[id], {
    wire: session.wire,
    frames: session.frames,
    signals: session.signals,
    carried: session.carried,
    turns,
  });
}

/**
 * The runs of `ids` in turn, for a caller done with each before it asks for the next: `next()` gives the next id's
 * run, one computed already as it is, a pending one computed then and not kept on the session. A SAME_FOLD twin's
 * run is held only until its twin, later in `ids`, has been given (as a copy of it, as in `analyze`); nothing else
 * is held between two calls, so what the caller let go of is garbage before the next run is computed (`beforeRun`,
 * called then, may collect it).
 */
export function runsInTurn(session: Session, ids: readonly BuiltinStrategyId[], beforeRun?: () => void): { next(): StrategyRun | undefined } {
  let k = 0;
  let held: StrategyRun | undefined;
  return {
    next() {
      const id = ids[k++];
      if (id === undefined) return undefined;
      const later = ids.slice(k);
      const wanted = (r: StrategyRun | undefined): r is StrategyRun => r !== undefined && later.some((l) => SAME_FOLD[l] === r.id);
      if (!isPending(session.strategies[id])) {
        if (!wanted(held)) held = undefined;
        return session.strategies[id];
      }
      const done = held === undefined ? session.strategies : { ...session.strategies, [held.id]: held };
      const twin = SAME_FOLD[id];
      if (twin === undefined || isPending(done[twin])) beforeRun?.();
      const run = computeRun(session, id, done);
      held = wanted(run) ? run : wanted(held) ? held : undefined;
      return run;
    },
  };
}

/** A new Session with these strategies computed (the rest shared with `session`). */
export function withStrategies(session: Session, ids: readonly BuiltinStrategyId[] = STRATEGY_IDS): Session {
  const todo = ids.filter((id) => isPending(session.strategies[id]));
  if (todo.length === 0) return session;
  const strategies = { ...session.strategies };
  for (const id of todo) strategies[id] = computeRun(session, id, strategies);
  return { ...session, strategies };
}

/** A load or fault failure; `fault` is set when a fault could not be applied (the load itself was fine). */
export type AnalyzeFailure = { ok: false; error: LoadFailure; fault?: FaultError };

export type AnalyzeTextResult = { ok: true; session: Session; noEffect?: number[] } | AnalyzeFailure;

/** load -> analyze, no faults. Never throws. */
export function analyzeInput(input: string | Uint8Array, name?: string, opts?: AnalyzeOptions): AnalyzeTextResult {
  const loaded = load(input, name);
  if (!loaded.ok) return loaded;
  return { ok: true, session: analyze(loaded.recording, opts) };
}
