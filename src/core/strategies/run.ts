/**
 * Runs one strategy over a recording's signals and judges it: the StrategyRun the UI indexes by frame.
 *
 * Contract: folds `strategy` turn by turn (init, step for every signal of every frame in order whose kind the strategy
 * reads (`Strategy.reads`), read in place in the signal table, endTurn at the turn's last
 * frame), then computes per-turn verdicts against the carried calls. Never throws: a strategy that
 * throws while folding a turn gets that turn as `fail` with the error message (reason 'wrong-call', error
 * 'strategy error: ...'), and the other turns are still folded. A recording with no frame at all is never 'ok': every
 * strategy is `n/a` with naReason 'no-frames' (a strategy whose appliesTo throws: 'strategy-error'). The result is
 * plain, structured-cloneable data.
 */
import { frameIndex, type CarriedCall, type FrameIndex, type FrameTable, type NaReason, type ParseAttempt, type SignalTable, type StrategyNote, type StrategyRun, type TurnIndex, type TurnVerdict, type WireId } from '../types';
import { SIGNAL_KINDS } from '../wire/signal-table';
import { attemptAt, emptyAttempts, firstFailedByTurn } from './attempts';
import { bufferText, NO_BUFFERS } from './buffers';
import { NO_FRAGMENTS } from './fragments';
import { createRunLog } from './run-log';
import type { EndContext, Strategy } from './types';
import { naVerdicts, overallVerdict, turnGroups, turnVerdict } from './verdict';

export interface RunInput {
  wire: WireId;
  frames: FrameTable;
  signals: SignalTable;
  carried: readonly CarriedCall[];
  /** Every turn of the recording (turns without frames included). */
  turns: readonly TurnIndex[];
}

/** A StrategyRun whose notes are always present (possibly empty). */
export type RunResult = StrategyRun & { notes: StrategyNote[] };

/** The naReason of every strategy on a recording without a single frame: nothing was judged, so nothing is ok. */
export const NO_FRAMES_REASON: NaReason = 'no-frames';

export function runStrategy(strategy: Strategy, input: RunInput): RunResult {
  const applies = input.frames.count === 0 ? NO_FRAMES_REASON : safeApplies(strategy, input.wire);
  if (applies !== true) {
    return {
      id: strategy.id,
      applicable: false,
      naReason: applies,
      buffers: NO_BUFFERS,
      fragments: NO_FRAGMENTS,
      attempts: emptyAttempts(),
      calls: [],
      verdicts: naVerdicts(input.turns),
      verdict: 'n/a',
      notes: [],
    };
  }
  const log = createRunLog();
  const crashed = new Map<number, string>();
  const lastFrame = new Map<number, FrameIndex>();
  const { frames, signals, wire } = input;

  const n = frames.count;
  const turnOf = frames.turn;
  const starts = signals.start;
  const kindOf = signals.kind;
  // the kinds this strategy steps over (all when it does not say): the others are skipped before they are built
  const reads = new Uint8Array(SIGNAL_KINDS.length).fill(strategy.reads ? 0 : 1);
  for (const kind of strategy.reads ?? []) reads[SIGNAL_KINDS.indexOf(kind)] = 1;
  let i = 0;
  while (i < n) {
    const turn = turnOf[i] as TurnIndex;
    // one shape for the steps and endTurn (a spread copy for endTurn would make a shape that dies with the run, and
    // the code that saw it would be thrown away at the next full collection)
    const ctx: EndContext = { wire, turn, log, endFrame: undefined };
    let j = i;
    try {
      let state = strategy.init(turn);
      for (; j < n && turnOf[j] === turn; j++) {
        const f = frameIndex(j);
        const end = starts[j + 1] as number;
        for (let k = starts[j] as number; k < end; k++) if (reads[kindOf[k] as number] === 1) state = strategy.step(state, signals, k, f, ctx);
      }
      const endFrame = frameIndex(j - 1);
      lastFrame.set(turn, endFrame);
      ctx.endFrame = endFrame;
      strategy.endTurn(state, ctx);
    } catch (e) {
      crashed.set(turn, e instanceof Error ? e.message : String(e));
      while (j < n && turnOf[j] === turn) j++;
      lastFrame.set(turn, frameIndex(j - 1));
    }
    i = j;
  }

  const { buffers, fragments, attempts, calls, notes } = log.finish();
  const inputOf = (a: ParseAttempt): string => bufferText(buffers, a.bufferId).slice(a.start, a.end);
  const carriedBy = turnGroups(input.carried);
  const callsBy = turnGroups(calls);
  const firstFailed = firstFailedByTurn(attempts);
  const logged = { attempts, buffers };
  const verdicts: TurnVerdict[] = input.turns.map((turn) => {
    const message = crashed.get(turn);
    if (message !== undefined) return { turn, verdict: 'fail', reason: 'wrong-call', error: `strategy error: ${message}` };
    return turnVerdict({
      turn,
      endFrame: lastFrame.get(turn),
      carried: carriedBy.get(turn) ?? [],
      produced: callsBy.get(turn) ?? [],
      failed: attemptAt(logged, firstFailed.get(turn) ?? -1),
      inputOf,
    });
  });
  return { id: strategy.id, applicable: true, buffers, fragments, attempts, calls, verdicts, verdict: overallVerdict(true, verdicts), notes };
}

function safeApplies(strategy: Strategy, wire: WireId): true | NaReason {
  try {
    return strategy.appliesTo(wire);
  } catch {
    return 'strategy-error';
  }
}
