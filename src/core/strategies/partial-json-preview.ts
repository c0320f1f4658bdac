/**
 * partial-json-preview: per-call buffers exactly as per-call-buffer (same final parse at the call's end signal),
 * plus a best-effort preview of each buffer at every frame, like the SDKs' live `input` snapshots.
 *
 * Contract: previews are NOT stored per fragment (that would copy strings per frame): the UI asks
 * `previewAt(run, bufferId, frame)`, which partially parses the buffer's prefix at that frame, memoized per buffer
 * and prefix length. Previews are not parse attempts; only the final parse is logged. A preview such as
 * `{"path": "REA"}` is exactly what must never be executed.
 */
import { bufferLengthAt } from '../session/view';
import type { BufferLog, FrameIndex, StrategyRun } from '../types';
import { parsePartialJson, type PartialJson } from './partial-json';
import { perCallBuffer } from './per-call-buffer';
import type { Strategy } from './types';

/** per-call-buffer's fold under its own id (registry.ts SAME_FOLD). */
export const partialJsonPreview: Strategy = { ...perCallBuffer, id: 'partial-json-preview' };

const cache = new WeakMap<BufferLog, Map<number, PartialJson>>();
const CACHE_PER_BUFFER = 256;

/** The preview of buffer `bufferId` at frame f (undefined when the buffer does not exist). */
export function previewAt(run: StrategyRun, bufferId: number, frame: FrameIndex): PartialJson | undefined {
  const buffer = run.buffers[bufferId];
  if (!buffer) return undefined;
  const length = bufferLengthAt(buffer, frame);
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
