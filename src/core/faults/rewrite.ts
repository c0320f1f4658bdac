/**
 * Rewriting a recording event by event: the frame for faults that change what the events say or their order.
 *
 * Contract: pure. `rewriteTurns` segments each turn into event blocks, hands them (with their fields read, for the
 * blocks that are frames) to a per-turn function, and when that function returns new blocks, re-emits the turn as
 * one chunk per block at the block's time, then the unterminated tail (if any) at the time of the turn's last
 * chunk. Blocks a fault keeps are re-emitted with their original bytes. Turns the function leaves alone (returns
 * null) keep their chunks exactly. `resolveWire` takes the header's wire, else the one `detectWire` finds.
 */
import { lastChunkTime, tableOf } from '../chunk-table';
import { WIRES, type Chunk, type FrameTable, type Ms, type Recording, type Turn, type WireId } from '../types';
import { detectWire } from '../wire/detect';
import { decodeUtf8, utf8 } from './bytes';
import { readBlock, type EventView } from './events';
import { segmentTurn, type Block } from './segment';

export interface EventBlock {
  block: Block;
  raw: Uint8Array;
  /** Read fields, for blocks that are frames. */
  view: EventView | null;
}

export interface OutBlock {
  bytes: Uint8Array;
  time: Ms;
}

export type TurnRewrite = (blocks: readonly EventBlock[], turn: Turn) => OutBlock[] | null;

export const keep = (b: EventBlock): OutBlock => ({ bytes: b.raw, time: b.block.time });
export const emit = (text: string, time: Ms): OutBlock => ({ bytes: utf8(text), time });

function eventBlocks(turn: Turn): { blocks: EventBlock[]; tail: Uint8Array } {
  const seg = segmentTurn(turn);
  const blocks = seg.blocks.map((block) => {
    const raw = seg.bytes.subarray(block.start, block.end);
    const view = readBlock(decodeUtf8(raw));
    return { block, raw, view: view.data === undefined ? null : view };
  });
  return { blocks, tail: seg.bytes.subarray(seg.tailStart) };
}

export interface Rewritten {
  recording: Recording;
  /** Indices (in `turns`) of the turns whose events changed. */
  changed: number[];
}

export function rewriteTurns(recording: Recording, fn: TurnRewrite): Rewritten {
  const changed: number[] = [];
  const turns = recording.turns.map((turn, t) => {
    const { blocks, tail } = eventBlocks(turn);
    const out = fn(blocks, turn);
    if (out === null) return turn;
    changed.push(t);
    const chunks: Chunk[] = out.filter((o) => o.bytes.length > 0).map((o) => ({ time: o.time, bytes: o.bytes }));
    if (tail.length > 0) chunks.push({ time: lastChunkTime(turn.chunks) ?? turn.requestAt, bytes: tail });
    return { ...turn, chunks: tableOf(chunks) };
  });
  return { recording: { ...recording, turns }, changed };
}

/** The recording's wire: the header's, else the one its first frames show (`detectWire`), else null. */
export function resolveWire(recording: Recording, frames: FrameTable): WireId | null {
  const named = recording.header.wire;
  if (named !== undefined && WIRES.includes(named)) return named;
  return detectWire(frames);
}

/** The string cut into pieces of `size` characters (code points, so no surrogate pair is split). */
export function pieces(text: string, size: number): string[] {
  const chars = Array.from(text);
  if (chars.length <= size) return [text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}
