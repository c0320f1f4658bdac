/**
 * The readers of raw SSE text, HAR and NDJSON, and the base64 decoder of a v1 recording's `bytes` events.
 *
 * Contract: `install()` hands them to ./readers.ts `installReaders` (idempotent). ./index.ts calls it, so every
 * importer of core/load (the CLI, the workers, the lab, the tests) reads every format; a page imports this module
 * when a file first needs one of them (core/session/lazy.ts), so its first chunks carry only the v1 reader.
 */
import { decodeBase64 } from './base64';
import { loadHar } from './har';
import { loadNdjson } from './ndjson';
import { installReaders } from './readers';
import { recordingFromSse } from './sse-text';

export function install(): void {
  installReaders({ har: loadHar, ndjson: loadNdjson, sse: (input) => recordingFromSse(input), base64: decodeBase64 });
}
