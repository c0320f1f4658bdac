/**
 * Calls in the order they began on the wire, which is the order an agent answers them in: a strategy's run keeps
 * its ready calls by ready frame (the view's binary searches need that), and this gives the order to list, export
 * and compare them in.
 *
 * Contract: pure; returns a new array, the input untouched. Calls are ordered by turn, then by the frame where the
 * stream began each call (the ground truth's `startFrame` for the call's key in that turn; a key the stream used
 * twice, a reused index, gives its n-th ready call the n-th start), then by ready frame; a call the ground truth
 * does not know comes at its ready frame. Stable for equal places. O(n log n) in the calls plus one pass over the
 * carried calls.
 */
import type { CarriedCall } from '../types';

interface Placed {
  readonly turn: number;
  readonly key: string;
  readonly readyFrame: number;
}

export function inWireOrder<C extends Placed>(calls: readonly C[], carried: readonly CarriedCall[]): C[] {
  const starts = new Map<string, number[]>();
  for (const c of carried) {
    const id = `${c.turn}\u0000${c.key}`;
    const list = starts.get(id);
    if (list) list.push(c.startFrame);
    else starts.set(id, [c.startFrame]);
  }
  const seen = new Map<string, number>();
  const placed = calls.map((call, i) => {
    const id = `${call.turn}\u0000${call.key}`;
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    const begun = starts.get(id)?.[n] ?? call.readyFrame;
    return { call, i, begun };
  });
  placed.sort((a, b) => a.call.turn - b.call.turn || a.begun - b.begun || a.call.readyFrame - b.call.readyFrame || a.i - b.i);
  return placed.map((p) => p.call);
}
