/**
 * What an assembly strategy is: a declarative object folded over one turn's signals at a time.
 *
 * Contract: `init(turn)` makes a fresh per-turn state; `step` is called for every signal of every frame of the turn,
 * in order (when the strategy declares `reads`, only for signals of those kinds: the runner skips the others
 * without building them); `endTurn` is called once after the turn's last frame (the stream end). A strategy writes
 * what it does (buffers, parse attempts, ready calls) to `ctx.log` and never throws on bad input: a parse failure is
 * logged. `step` reads its signal `i` in place from the signal table's columns (wire/signal-table.ts: the kind code
 * `signals.kind[i]`, `signalKey`, `signalText`...): no signal object is built per signal and strategy, and a text is
 * sliced only when the strategy keeps it. Strategies see normalized signals only; the wire id is there for the few
 * rules that differ per wire.
 */
import type { FrameIndex, NaReason, SignalKind, SignalTable, StrategyId, TurnIndex, WireId } from '../types';
import type { RunLog } from './run-log';

export interface StrategyContext {
  wire: WireId;
  turn: TurnIndex;
  log: RunLog;
}

export interface EndContext extends StrategyContext {
  /** The turn's last frame (the stream end), or undefined when the turn has no frame. */
  endFrame: FrameIndex | undefined;
}

export interface Strategy<S = unknown> {
  /** The strategy's code; the catalogs word it (`strategy.<id>.label`, `strategy.<id>.explain`). */
  id: StrategyId;
  /** True, or the code of the reason it does not apply (e.g. 'no-complete-items'). */
  appliesTo(wire: WireId): true | NaReason;
  init(turn: TurnIndex): S;
  /** The signal kinds `step` acts on; the runner skips the rest without building them. Absent: every kind. */
  reads?: readonly SignalKind[];
  /** Steps over signal `i` of `signals` (of frame `frame`). */
  step(state: S, signals: SignalTable, i: number, frame: FrameIndex, ctx: StrategyContext): S;
  endTurn(state: S, ctx: EndContext): void;
}

/** Declares a strategy with its state type checked, stored in the registry with the state erased. */
export const defineStrategy = <S>(s: Strategy<S>): Strategy => s as unknown as Strategy;
