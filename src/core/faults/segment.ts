/**
 * Where frames and event blocks are in a turn's bytes, for the faults.
 *
 * Contract: pure. Frames are found exactly as the analysis numbers them, through `decodeRecording` (so `cut:F` cuts
 * the frame the UI shows as F); `locateFrame` gives the turn's position in `recording.turns`, the frame's byte range
 * (its whole event block, through its terminating blank line) and its time. `segmentTurn` cuts a turn's bytes into
 * event blocks with the SSE layer's `segmentBytes` (every block, also those that dispatch nothing, so a rewrite can
 * keep comments); a block's time is that of the chunk holding its terminating blank line, as a frame's is.
 */
import { decodeRecording, frameAt, segmentBytes } from '../sse';
import type { FrameTable, Ms, Recording, Turn } from '../types';
import { chunkCount, chunkTime } from '../chunk-table';
import { chunkAt, turnBytes, type TurnBytes } from './bytes';

export interface Block {
  start: number;
  end: number;
  time: Ms;
}

export interface SegmentedTurn extends TurnBytes {
  blocks: Block[];
  /** Start of the unterminated tail (== bytes.length when there is none). */
  tailStart: number;
}

export function segmentTurn(turn: Turn): SegmentedTurn {
  const { bytes, starts } = turnBytes(turn.chunks);
  const n = chunkCount(turn.chunks);
  const blocks: Block[] = [];
  const tailStart = segmentBytes(bytes, (start, blankAt, end) => {
    const k = Math.max(0, chunkAt(starts, blankAt));
    const time = k < n ? chunkTime(turn.chunks, k) : turn.requestAt;
    blocks.push({ start, end, time });
  });
  return { bytes, starts, blocks, tailStart };
}

export interface FrameLocation {
  /** Position of the frame's turn in `recording.turns`. */
  turn: number;
  block: Block;
}

export function decodeFrames(recording: Recording): FrameTable {
  return decodeRecording(recording).frames;
}

/** Where global frame `frame` is, or null when there is no such frame. */
export function locateFrame(recording: Recording, frame: number, frames = decodeFrames(recording)): FrameLocation | null {
  if (!(frame >= 0 && frame < frames.count)) return null;
  const f = frameAt(frames, frame);
  const byIndex = recording.turns.findIndex((t) => t.index === f.turn);
  const turn = byIndex >= 0 ? byIndex : f.turn;
  if (!recording.turns[turn]) return null;
  return { turn, block: { start: f.byteStart, end: f.byteEnd, time: f.time } };
}
