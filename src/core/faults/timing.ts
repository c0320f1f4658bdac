/**
 * Faults that cut, remove or delay bytes: `cut:F`, `drop:F`, `stall:F:MS`, `bursts:MS`.
 *
 * Contract: pure; frames are found by global index (see segment.ts) and the caller has checked that F exists.
 * `cut`: the turn of frame F keeps its bytes through that frame's terminating blank line; its end becomes
 * `aborted` at the frame's time; later turns, their tool runs and marks after that time are dropped.
 * `drop`: frame F's bytes (its whole event block) are removed; the other chunks keep their boundaries and times.
 * `cut` and `drop` remove the changed turn's recorded `final` message: it no longer describes these bytes.
 * `stall`: a silence of MS before frame F: the chunk holding F's first byte is split there, and from that point on
 * everything in the turn (chunks, end, final, its tool runs) and in later turns, and every mark after the last
 * chunk before that point, moves MS later. `bursts`: a buffering proxy that delivers every MS ms: each chunk's time is rounded up to
 * the next multiple of MS counted from the turn's request, chunks landing in one burst are merged, the end is
 * rounded up the same way, and the delay this adds to the turn's end moves everything after it (its tool runs,
 * later turns, marks after its old end) later.
 */
import { ms, type Chunk, type Ms, type Mutable, type Recording, type Turn } from '../types';
import { chunkList, lastChunkTime, retimed, tableOf } from '../chunk-table';
import { concatChunks, removeRange, sliceChunks, splitAt } from './bytes';
import type { FrameLocation } from './segment';

const add = (t: Ms, delta: number): Ms => ms(t + delta);

function shiftTurn(turn: Turn, delta: number): Turn {
  const out: Mutable<Turn> = { ...turn, requestAt: add(turn.requestAt, delta), chunks: retimed(turn.chunks, (_k, t) => add(t, delta)) };
  if (turn.end) out.end = { ...turn.end, time: add(turn.end.time, delta) };
  if (turn.final) out.final = { ...turn.final, time: add(turn.final.time, delta) };
  return out;
}

/** Moves turns after `t`, tool runs of turns after `t` and marks after `from` by `delta`. */
function shiftAfter(recording: Recording, t: number, from: number, delta: number, turns: Turn[]): Recording {
  const turnIndex = recording.turns[t]?.index ?? t;
  return {
    ...recording,
    turns: turns.map((turn, i) => (i > t ? shiftTurn(turn, delta) : turn)),
    tools: recording.tools.map((r) => (r.turn > turnIndex ? { ...r, time: add(r.time, delta) } : r)),
    marks: recording.marks.map((m) => (m.time > from ? { ...m, time: add(m.time, delta) } : m)),
  };
}

function withoutFinal(turn: Turn, chunks: Chunk[]): Turn {
  const { final: _final, ...rest } = turn;
  return { ...rest, chunks: tableOf(chunks) };
}

export function cutAt(recording: Recording, at: FrameLocation): Recording {
  const turn = recording.turns[at.turn] as Turn;
  const cutTurn: Turn = {
    ...withoutFinal(turn, sliceChunks(chunkList(turn.chunks), 0, at.block.end)),
    end: { time: at.block.time, status: 'aborted' },
  };
  const turns = [...recording.turns.slice(0, at.turn), cutTurn];
  return {
    ...recording,
    turns,
    tools: recording.tools.filter((r) => r.turn <= turn.index),
    marks: recording.marks.filter((m) => m.time <= at.block.time),
  };
}

export function dropAt(recording: Recording, at: FrameLocation): Recording {
  const turns = recording.turns.map((turn, i) =>
    i === at.turn ? withoutFinal(turn, removeRange(chunkList(turn.chunks), at.block.start, at.block.end)) : turn,
  );
  return { ...recording, turns };
}

export function stallAt(recording: Recording, at: FrameLocation, delay: number): Recording {
  const turn = recording.turns[at.turn] as Turn;
  const chunks = splitAt(chunkList(turn.chunks), at.block.start);
  let offset = 0;
  let from: number = turn.requestAt; // the last moment before the silence
  const moved = chunks.map((c) => {
    const start = offset;
    offset += c.bytes.length;
    if (start >= at.block.start) return { ...c, time: add(c.time, delay) };
    from = c.time;
    return c;
  });
  const stalled: Mutable<Turn> = { ...turn, chunks: tableOf(moved) };
  if (turn.end) stalled.end = { ...turn.end, time: add(turn.end.time, delay) };
  if (turn.final) stalled.final = { ...turn.final, time: add(turn.final.time, delay) };
  const turns = recording.turns.map((x, i) => (i === at.turn ? stalled : x));
  const shifted = shiftAfter(recording, at.turn, from, delay, turns);
  return {
    ...shifted,
    tools: shifted.tools.map((r) => (r.turn === turn.index ? { ...r, time: add(r.time, delay) } : r)),
  };
}

function burstTurn(turn: Turn, every: number): Mutable<Turn> {
  const up = (t: Ms): Ms => {
    const k = Math.max(0, Math.ceil((t - turn.requestAt) / every - 1e-9));
    return ms(Math.max(t, turn.requestAt + k * every));
  };
  const groups: { time: Ms; parts: Uint8Array[] }[] = [];
  for (const c of chunkList(turn.chunks)) {
    const time = up(c.time);
    const last = groups[groups.length - 1];
    if (last && last.time === time) last.parts.push(c.bytes);
    else groups.push({ time, parts: [c.bytes] });
  }
  const chunks: Chunk[] = groups.map(({ time, parts }) => ({ time, bytes: parts.length === 1 ? (parts[0] as Uint8Array) : concatChunks(parts.map((bytes) => ({ time, bytes }))).bytes }));
  const out: Mutable<Turn> = { ...turn, chunks: tableOf(chunks) };
  if (turn.end) out.end = { ...turn.end, time: ms(Math.max(up(turn.end.time), chunks[chunks.length - 1]?.time ?? 0)) };
  return out;
}

/** The time a turn's response ended: its end event, else its last chunk, else its request. */
const endOf = (turn: Turn): number => turn.end?.time ?? lastChunkTime(turn.chunks) ?? turn.requestAt;

export function bursts(recording: Recording, every: number): Recording {
  let rec = recording;
  for (let t = 0; t < rec.turns.length; t++) {
    const turn = rec.turns[t] as Turn;
    const burst = burstTurn(turn, every);
    const delay = endOf(burst) - endOf(turn);
    if (turn.final && delay > 0) burst.final = { ...turn.final, time: add(turn.final.time, delay) };
    const turns = rec.turns.map((x, i) => (i === t ? burst : x));
    rec = delay > 0 ? shiftAfter(rec, t, endOf(turn), delay, turns) : { ...rec, turns };
    if (delay > 0) rec = { ...rec, tools: rec.tools.map((r) => (r.turn === turn.index ? { ...r, time: add(r.time, delay) } : r)) };
  }
  return rec;
}
