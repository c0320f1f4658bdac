/**
 * The partial-json-preview strategy's previews (./partial-json-preview.ts), apart from its fold: the page loads this
 * module (and the partial parser) only when that strategy's previews are shown, and the workers never do.
 *
 * Contract: `previewAt(run, bufferId, frame)` is the partial parse (./partial-json.ts) of the buffer's prefix at
 * frame f, or undefined when the buffer does not exist; memoized per buffer and prefix length (at most
 * CACHE_PER_BUFFER lengths per buffer, then the buffer's memo starts again). Pure apart from the memo.
 */
import { bufferLengthAt } from '../session/view';
import type { BufferLog, FrameIndex, StrategyRun } from '../types';
import { bufferRows } from './buffers';
import { parsePartialJson, type PartialJson } from './partial-json';

const cache = new WeakMap<BufferLog, Map<number, PartialJson>>();
const CACHE_PER_BUFFER = 256;

/** The preview of buffer `bufferId` at frame f (undefined when the buffer does not exist). */
export function previewAt(run: StrategyRun, bufferId: number, frame: FrameIndex): PartialJson | undefined {
  // the table's rows, made once per run: the memo is per row object
  const buffer = bufferRows(run.buffers)[bufferId];
  if (!buffer) return undefined;
  const length = bufferLengthAt(run, buffer, frame);
  let perLength = cache.get(buffer);
  if (!perLength) {
    perLength = new Map();
    cache.set(buffer, perLength);
  }
  const hit = perLength.get(length);
  if (hit) return hit;
  const preview = parsePartialJson(buffer.text.slice(0, length));
  if (perLength.size >= CACHE_PER_BUFFER) perLength.clear();
  perLength.set(length, preview);
  return preview;
}
