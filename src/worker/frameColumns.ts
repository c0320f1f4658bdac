/**
 * A slice of frames sent as columns instead of objects: their numbers in one Float64Array, their data joined in one
 * string with the end offsets, event names as indices into a small table, ids only when a frame has one. The page
 * deserializes a few large values instead of thousands of objects and strings, and rebuilds each frame with its
 * data as a slice of the joined string: less work per message and far less for the page's garbage collector
 * (thousands of short-lived objects per message make long young-generation collections on the page).
 *
 * Contract: `fitsColumns(frame)` says whether a frame has exactly the shape core's SSE layer makes (these keys in
 * this order, `id` last and only when set; numbers, strings and a [first, last] pair); `encodeFrames(frames)` needs
 * every frame to fit (the caller sends the others as plain items) and returns the columns and the buffers to
 * transfer; `decodeFrames(columns)` gives frames deep-equal to the encoded ones, keys in the same order. It refuses
 * columns whose sizes disagree with an Error naming what, instead of a wrong frame. Pure.
 */
import type { Frame, FrameIndex, Ms, Mutable, TurnIndex } from '../core/types';

export interface FrameColumns {
  count: number;
  /** Per frame: index, turn, time, chunks[0], chunks[1], charStart, charEnd, byteStart, byteEnd. */
  nums: Float64Array;
  /** Every frame's data, back to back, and where each ends. */
  data: string;
  dataEnds: Float64Array;
  /** Distinct event names and each frame's index into them. */
  events: string[];
  eventOf: Uint16Array;
  /** Each frame's id (null when it has none); absent when no frame in the slice has one. */
  ids?: (string | null)[];
}

const WIDTH = 9;
const KEYS = ['index', 'turn', 'time', 'event', 'data', 'chunks', 'charStart', 'charEnd', 'byteStart', 'byteEnd'];
const NUMBER_KEYS = ['index', 'turn', 'time', 'charStart', 'charEnd', 'byteStart', 'byteEnd'] as const;

export function fitsColumns(frame: unknown): frame is Frame {
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) return false;
  const keys = Object.keys(frame);
  if (keys.length !== KEYS.length && !(keys.length === KEYS.length + 1 && keys[KEYS.length] === 'id')) return false;
  for (let i = 0; i < KEYS.length; i++) if (keys[i] !== KEYS[i]) return false;
  const f = frame as Record<string, unknown>;
  for (const k of NUMBER_KEYS) if (typeof f[k] !== 'number') return false;
  const chunks = f.chunks;
  return (
    typeof f.event === 'string' &&
    typeof f.data === 'string' &&
    (keys.length === KEYS.length || typeof f.id === 'string') &&
    Array.isArray(chunks) &&
    chunks.length === 2 &&
    Object.keys(chunks).length === 2 &&
    typeof chunks[0] === 'number' &&
    typeof chunks[1] === 'number'
  );
}

export function encodeFrames(frames: readonly Frame[]): { columns: FrameColumns; transfer: Transferable[] } {
  const count = frames.length;
  const nums = new Float64Array(count * WIDTH);
  const dataEnds = new Float64Array(count);
  const eventOf = new Uint16Array(count);
  const events: string[] = [];
  const eventIndex = new Map<string, number>();
  const data: string[] = [];
  let ids: (string | null)[] | undefined;
  let end = 0;
  for (let i = 0; i < count; i++) {
    const f = frames[i] as Frame;
    const o = i * WIDTH;
    nums[o] = f.index;
    nums[o + 1] = f.turn;
    nums[o + 2] = f.time;
    nums[o + 3] = f.chunks[0];
    nums[o + 4] = f.chunks[1];
    nums[o + 5] = f.charStart;
    nums[o + 6] = f.charEnd;
    nums[o + 7] = f.byteStart;
    nums[o + 8] = f.byteEnd;
    data.push(f.data);
    dataEnds[i] = end += f.data.length;
    let e = eventIndex.get(f.event);
    if (e === undefined) {
      e = events.length;
      if (e > 0xffff) throw new Error(`frames: more than ${0xffff + 1} distinct event names in one slice`);
      events.push(f.event);
      eventIndex.set(f.event, e);
    }
    eventOf[i] = e;
    if (f.id !== undefined) (ids ??= new Array<string | null>(count).fill(null))[i] = f.id;
  }
  const columns: FrameColumns = { count, nums, data: data.join(''), dataEnds, events, eventOf, ...(ids && { ids }) };
  return { columns, transfer: [nums.buffer, dataEnds.buffer, eventOf.buffer] };
}

export function decodeFrames(c: FrameColumns): Frame[] {
  const { count, nums, data, dataEnds, events, eventOf, ids } = c;
  if (nums.length !== count * WIDTH || dataEnds.length !== count || eventOf.length !== count || (ids && ids.length !== count))
    throw new Error(`frames: columns of ${count} frames do not match their sizes (${nums.length} numbers, ${dataEnds.length} data ends, ${eventOf.length} events)`);
  const out: Frame[] = new Array<Frame>(count);
  let start = 0;
  for (let i = 0; i < count; i++) {
    const o = i * WIDTH;
    const end = dataEnds[i] as number;
    const event = events[eventOf[i] as number];
    if (event === undefined || !(end >= start && end <= data.length)) throw new Error(`frames: frame ${i} of a slice of ${count} points outside its columns`);
    const frame: Mutable<Frame> = {
      index: nums[o] as FrameIndex,
      turn: nums[o + 1] as TurnIndex,
      time: nums[o + 2] as Ms,
      event,
      data: data.slice(start, end),
      chunks: [nums[o + 3] as number, nums[o + 4] as number],
      charStart: nums[o + 5] as number,
      charEnd: nums[o + 6] as number,
      byteStart: nums[o + 7] as number,
      byteEnd: nums[o + 8] as number,
    };
    const id = ids?.[i];
    if (id !== undefined && id !== null) frame.id = id;
    out[i] = frame;
    start = end;
  }
  return out;
}
