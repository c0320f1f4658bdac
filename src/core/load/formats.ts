/**
 * The readers of raw SSE text, HAR and NDJSON, for ./read.ts.
 *
 * Contract: `install()` hands them to `installFormats` (idempotent). ./index.ts calls it, so every importer of
 * core/load (the CLI, the workers, the lab, the tests) reads every format; a page imports this module on demand,
 * when a file is not plainly a v1 recording (core/session/lazy.ts), so its first chunks carry only the v1 reader.
 */
import { loadHar } from './har';
import { loadNdjson } from './ndjson';
import { installFormats } from './read';
import { recordingFromSse } from './sse-text';

export function install(): void {
  installFormats({ har: loadHar, ndjson: loadNdjson, sse: (input) => recordingFromSse(input) });
}
