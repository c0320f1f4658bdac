// Hand-built frames and signals for strategy tests: one entry per frame, turn boundaries by `turn`.
import type { CarriedCall, Frame, Signal, BuiltinStrategyId, WireId } from '../../../src/core/types';
import { frameIndex, ms, turnIndex } from '../../../src/core/types';
import { STRATEGIES } from '../../../src/core/strategies/registry';
import { runStrategy, type RunResult } from '../../../src/core/strategies/run';
import { carriedCalls } from '../../../src/core/strategies/truth';
import { wireData } from './wire-data';
import { frameTableOf } from '../../../src/core/sse';
import { signalTableOf } from '../../../src/core/wire';

export interface Step {
  turn?: number;
  signals: Signal[];
  /** Frame data (only matters to wire terminal detection in truth: Chat `[DONE]`). */
  data?: string;
}

/** Frames whose data is the wire event carrying each step's signals (the ground truth reads that, not the signals). */
export function frames(steps: readonly Step[], wire: WireId = 'openai-chat'): { frames: Frame[]; signals: Signal[][] } {
  const fs = steps.map(
    (s, i): Frame => ({
      index: frameIndex(i),
      turn: turnIndex(s.turn ?? 0),
      time: ms(i * 10),
      event: 'message',
      data: s.data ?? wireData(wire, s.signals).data,
      chunks: [i, i],
      charStart: 0,
      charEnd: 0,
      byteStart: 0,
      byteEnd: 0,
    }),
  );
  return { frames: fs, signals: steps.map((s) => s.signals) };
}

export interface Outcome {
  run: RunResult;
  carried: CarriedCall[];
}

export function run(id: BuiltinStrategyId, wire: WireId, steps: readonly Step[]): Outcome {
  const { frames: fs, signals } = frames(steps, wire);
  const carried = carriedCalls(wire, frameTableOf(fs));
  const turns = [...new Set(fs.map((f) => f.turn))];
  return { run: runStrategy(STRATEGIES[id], { wire, frames: frameTableOf(fs), signals: signalTableOf(signals), carried, turns }), carried };
}

// Signal shorthands
export const start = (key: string, id?: string, name?: string): Signal => ({
  kind: 'call-start',
  key,
  ...(id !== undefined && { id }),
  ...(name !== undefined && { name }),
});
export const args = (key: string, text: string): Signal => ({ kind: 'args', key, text });
export const end = (key: string, a?: string): Signal => (a === undefined ? { kind: 'call-end', key } : { kind: 'call-end', key, args: a });
export const complete = (key: string, id: string, name: string, a: string): Signal => ({ kind: 'call-complete', key, id, name, args: a });
export const finish = (reason: string): Signal => ({ kind: 'finish', reason });
export const text = (t: string): Signal => ({ kind: 'text', text: t });
export const ignoredSig = (why: string): Signal => ({ kind: 'ignored', why });
