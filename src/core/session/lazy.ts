/**
 * A page's analysis of a small recording, fetching only the code of the wire it is in (and of its format, when it
 * is not a v1 recording).
 *
 * Contract: `analyzeInputLazily(input, name?, opts?)` = load (with the readers of raw SSE, HAR, NDJSON and base64
 * `bytes` events, fetched once per page, when the file needs one: core/load/readers.ts) -> decode (with the general path:
 * eventsource-parser and the CR segmenter, fetched once per page, when a recording needs it: core/sse/decode.ts) -> the wire's code
 * (core/wires `loadWire`, once per page) -> the rest of the analysis (./pipeline.ts): the same Session as
 * ./session.ts `analyzeInput`, for any input. It resolves with a load failure as `analyzeInput` does; it rejects
 * only when some code could not be fetched (the page's chunk is gone or the network is), with the import's error,
 * and a later call fetches again. `pause`, when given, is awaited between the stages (after the load, after the
 * decode): the page passes one that yields a task (worker/tasks.ts `nextTask`), so the stages of a recording
 * analysed on the page's own thread are short tasks apart rather than one long one (core has no timers).
 */
import { load } from '../load/read';
import { ReaderMissing } from '../load/readers';
import { retryingImport } from '../retryImport';
import { installGeneralPath, ParserMissing } from '../sse/decode';
import { loadWire } from '../wires';
import { analyzeDecoded, decodeStage, type AnalyzeOptions, type AnalyzeTextResult } from './pipeline';

const importFormats = retryingImport(() => import('../load/formats'));
const importGeneralPath = retryingImport(() => import('../sse/general'));

/**
 * `run()`; when it throws `Missing` (code this page has not installed yet: core/load/readers.ts `ReaderMissing`,
 * core/sse/decode.ts `ParserMissing`), once more after `install()` has fetched and installed that code.
 */
async function withCode<T>(run: () => T, Missing: abstract new (...args: never[]) => Error, install: () => Promise<void>): Promise<T> {
  try {
    return run();
  } catch (e) {
    if (!(e instanceof Missing)) throw e;
    await install();
    return run();
  }
}

const installReaders = async (): Promise<void> => (await importFormats()).install();
const installGeneral = async (): Promise<void> => installGeneralPath((await importGeneralPath()).generalPath);

export async function analyzeInputLazily(input: string | Uint8Array, name?: string, opts?: AnalyzeOptions, pause?: () => Promise<void>): Promise<AnalyzeTextResult> {
  const loaded = await withCode(() => load(input, name), ReaderMissing, installReaders);
  if (!loaded.ok) return loaded;
  const recording = loaded.recording;
  await pause?.();
  const stage = await withCode(() => decodeStage(recording, opts), ParserMissing, installGeneral);
  await loadWire(stage.wire);
  await pause?.();
  return { ok: true, session: analyzeDecoded(recording, stage, opts) };
}
