/**
 * Frame ranges per turn.
 *
 * Contract: frames are numbered across the recording in turn order (the sse layer's guarantee); `turnRanges`
 * returns, for each turn index 0..turnCount-1, the half-open range [start, end) of its frames in the array
 * (start === end for a turn with no frame). One pass, no copying.
 */
import type { FrameTable } from '../types';

export interface TurnRange {
  start: number;
  end: number;
}

export function turnRanges(frames: FrameTable, turnCount: number): TurnRange[] {
  const out: TurnRange[] = Array.from({ length: turnCount }, () => ({ start: 0, end: 0 }));
  const n = frames.count;
  const turnOf = frames.turn;
  let i = 0;
  while (i < n) {
    const turn = turnOf[i] as number;
    let j = i + 1;
    while (j < n && turnOf[j] === turn) j++;
    const r = out[turn];
    if (r && r.start === r.end) {
      r.start = i;
      r.end = j;
    }
    i = j;
  }
  return out;
}
