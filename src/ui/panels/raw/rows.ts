/**
 * Pure helpers for the raw-events list: per-row facts derived in O(1) from the session's frames.
 *
 * Contract: no allocation proportional to the recording per call; bad or missing data gives a neutral value
 * (an empty preview, time 0), never a throw.
 */
import type { Frame, FrameKind, FrameTable, Session } from '../../../core/types';

/** A glyph per frame kind, so kinds differ without colour. */
export const KIND_GLYPH: Record<FrameKind, string> = { reasoning: '◇', text: '¶', args: '{', other: '·' };

export function turnRelativeMs(session: Session, frame: Frame): number {
  const turns = session.recording.turns;
  const turn = turns[frame.turn]?.index === frame.turn ? turns[frame.turn] : turns.find((x) => x.index === frame.turn);
  return frame.time - (turn?.requestAt ?? 0);
}

/** One line of the data, at most `max` characters; line breaks shown as ⏎. */
export function dataPreview(data: string, max = 96): string {
  const head = data.length > max ? `${data.slice(0, max)}…` : data;
  return head.replace(/\r\n|\r|\n/g, '⏎');
}

export interface ChunkInfo {
  first: number;
  last: number;
  /** The event was split across several network chunks. */
  split: boolean;
  /** Its chunk also carried another event (before or after it). */
  shared: boolean;
  /** It is the first event of its turn to begin in a new chunk (a chunk boundary falls before it). */
  newChunk: boolean;
}

export function chunkInfo(frames: FrameTable, i: number): ChunkInfo | null {
  if (!(Number.isInteger(i) && i >= 0 && i < frames.count)) return null;
  const first = frames.chunkFirst[i] as number;
  const last = frames.chunkLast[i] as number;
  const turn = frames.turn[i];
  const prevSame = i > 0 && frames.turn[i - 1] === turn;
  const nextSame = i + 1 < frames.count && frames.turn[i + 1] === turn;
  const sharesBefore = prevSame && frames.chunkLast[i - 1] === first;
  const sharesAfter = nextSame && frames.chunkFirst[i + 1] === last;
  return { first, last, split: last > first, shared: sharesBefore || sharesAfter, newChunk: !sharesBefore };
}

/**
 * The widths, in characters, of the index and event columns for a session: wide enough for the largest frame number
 * and the longest event name (so no name is ever cut), capped so one odd name cannot take the whole row. One pass
 * over the table's distinct event names (at most as many as the frames).
 */
/**
 * The largest turn-relative time of any frame (ms; 0 for none), for the width of the time column: one pass over
 * the time and turn columns, nothing allocated unless turns are numbered other than by their place (one map of the
 * turns, then).
 */
export function latestTurnMs(session: Session): number {
  const { frames } = session;
  const turns = session.recording.turns;
  let latest = 0;
  let turn = -1;
  let base = 0;
  // turns numbered other than by their place are found through one map, made when first needed
  let byIndex: Map<number, number> | undefined;
  for (let i = 0; i < frames.count; i++) {
    const t = frames.turn[i] as number;
    if (t !== turn) {
      turn = t;
      const here = turns[t];
      if (here?.index === t) base = here.requestAt;
      else base = (byIndex ??= new Map(turns.map((x) => [x.index as number, x.requestAt as number]))).get(t) ?? 0;
    }
    const ms = (frames.time[i] as number) - base;
    if (ms > latest) latest = ms;
  }
  return latest;
}

export function columnWidths(frames: FrameTable): { index: number; event: number } {
  let event = 5;
  for (const name of frames.events) if (name.length > event) event = name.length;
  return { index: Math.max(2, String(Math.max(0, frames.count - 1)).length), event: Math.min(event, 48) };
}
