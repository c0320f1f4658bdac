/**
 * Frame ranges per turn.
 *
 * Contract: frames are numbered across the recording in turn order (the sse layer's guarantee); `turnRanges`
 * returns, for each turn index 0..turnCount-1, the half-open range [start, end) of its frames in the array
 * (start === end for a turn with no frame). One pass, no copying.
 */
import type { Frame } from '../types';

export interface TurnRange {
  start: number;
  end: number;
}

export function turnRanges(frames: readonly Frame[], turnCount: number): TurnRange[] {
  const out: TurnRange[] = Array.from({ length: turnCount }, () => ({ start: 0, end: 0 }));
  let i = 0;
  while (i < frames.length) {
    const turn = (frames[i] as Frame).turn;
    let j = i + 1;
    while (j < frames.length && (frames[j] as Frame).turn === turn) j++;
    const r = out[turn];
    if (r && r.start === r.end) {
      r.start = i;
      r.end = j;
    }
    i = j;
  }
  return out;
}
