/**
 * The reference strategies' input, made from a session: per turn, the adapter's signals that assembly acts on, as
 * plain events (ts/trace.ts `RefEvent`), and the frame the turn's stream ended at. `runReference` runs one reference
 * strategy over every turn and returns its trace; `traceOf` writes a core strategy run in the same shape, so the two
 * can be compared as data (test/reference). A turn without frames is left out, as the core runner leaves it out.
 *
 * Contract: pure; the events are in frame order and, within a frame, in signal order, exactly the signals a core
 * strategy steps over (call-start, args, call-end, call-complete, finish).
 */
import { signalsAt } from '../core/wire/signal-table';
import { bufferRows } from '../core/strategies/buffers';
import { fragmentList } from '../core/strategies/fragments';
import type { BuiltinStrategyId, Session, StrategyRun } from '../core/types';
import type { RefEvent, RefTurn, Trace } from './ts/trace';
import { record } from './ts/trace';
import { REFERENCES } from './ts/registry';

export function refTurns(session: Session): RefTurn[] {
  const turns: RefTurn[] = [];
  const { frames, signals, wire } = session;
  for (let f = 0; f < frames.count; f++) {
    const turn = frames.turn[f] as number;
    let current = turns[turns.length - 1];
    if (!current || current.turn !== turn) {
      current = { turn, wire, events: [], end: f };
      turns.push(current);
    }
    current.end = f;
    for (const s of signalsAt(signals, f)) {
      const e = eventOf(f, s);
      if (e) current.events.push(e);
    }
  }
  return turns;
}

function eventOf(frame: number, s: ReturnType<typeof signalsAt>[number]): RefEvent | null {
  switch (s.kind) {
    case 'call-start':
      return { frame, kind: 'start', key: s.key, ...(s.id !== undefined && { id: s.id }), ...(s.name !== undefined && { name: s.name }) };
    case 'args':
      return { frame, kind: 'args', key: s.key, text: s.text };
    case 'call-end':
      return { frame, kind: 'end', key: s.key, ...(s.args !== undefined && { text: s.args }) };
    case 'call-complete':
      return { frame, kind: 'complete', key: s.key, id: s.id, name: s.name, text: s.args };
    case 'finish':
      return { frame, kind: 'finish', key: '' };
    default:
      return null;
  }
}

export const emptyTrace = (): Trace => ({ buffers: [], attempts: [], calls: [] });

/** The reference strategy's trace over the turns (empty where it does not apply). */
export function runReference(id: BuiltinStrategyId, turns: readonly RefTurn[]): Trace {
  const trace = emptyTrace();
  const ref = REFERENCES[id];
  for (const turn of turns) if (ref.applies(turn.wire)) ref.run(turn, record(trace, turn.turn));
  return trace;
}

/** A core run's buffers, attempts and ready calls in the trace's shape. */
export function traceOf(run: StrategyRun): Trace {
  const a = run.attempts;
  const attempts: Trace['attempts'] = [];
  for (let i = 0; i < a.count; i++) attempts.push([a.frame[i] as number, a.turn[i] as number, a.buffer[i] as number, a.start[i] as number, a.end[i] as number, a.ok[i] === 1]);
  return {
    buffers: bufferRows(run.buffers).map((b) => ({ turn: b.turn, key: b.key, id: b.callId ?? '', name: b.name ?? '', text: b.text, fragments: fragmentList(run.fragments, b.id).map((f) => [f.frame, f.start, f.end] as [number, number, number]) })),
    attempts,
    calls: run.calls.map((c) => [c.turn, c.key, c.id, c.name, c.argsText, c.readyFrame] as [number, string, string, string, string, number]),
  };
}
