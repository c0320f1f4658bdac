/**
 * The paths that make large inputs fast, installed by what analyses them: the analysis and matrix workers, the CLI
 * and the bench. The page analyses at most 512 KiB inline (worker/client.ts) and does without them, so their code
 * is not in its first chunks (vite.config.ts keeps these modules out of the `analysis` chunk).
 *
 * Contract: `enableLargeInputPaths()` installs, idempotently: the envelope templates' one-match-per-frame readers
 * (wire/template-match.ts), the loader's block scanner (load/block-scanner.ts: raw SSE's block ends plus what the
 * scan saw) and the decoder's block path that reads those notes (sse/block-path.ts). Each gives exactly what the
 * path it replaces gives (property tests compare them); only the speed changes.
 */
import { installBlockScanner } from './load/blocks';
import { scanBlockEnds } from './load/block-scanner';
import { installBlockPath } from './sse';
import { decodeBlocks } from './sse/block-path';
import { noteScan, scanOf } from './sse/block-scan';
import { enableHoleMatchers } from './wire/template-match';

export function enableLargeInputPaths(): void {
  enableHoleMatchers();
  installBlockScanner((bytes) => scanBlockEnds(bytes));
  installBlockPath({ scanOf, noteScan, decodeBlocks });
}
