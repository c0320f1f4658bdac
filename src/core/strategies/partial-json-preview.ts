/**
 * partial-json-preview: per-call buffers exactly as per-call-buffer (same final parse at the call's end signal),
 * plus a best-effort preview of each buffer at every frame, like the SDKs' live `input` snapshots.
 *
 * Contract: previews are NOT stored per fragment (that would copy strings per frame): the UI asks
 * `previewAt(run, bufferId, frame)` (./preview.ts, loaded with the preview's view), which partially parses the
 * buffer's prefix at that frame, memoized per buffer and prefix length. Previews are not parse attempts; only the
 * final parse is logged. A preview such as `{"path": "REA"}` is exactly what must never be executed.
 */
import { perCallBuffer } from './per-call-buffer';
import type { Strategy } from './types';

/** per-call-buffer's fold under its own id (registry.ts SAME_FOLD). */
export const partialJsonPreview: Strategy = { ...perCallBuffer, id: 'partial-json-preview' };
