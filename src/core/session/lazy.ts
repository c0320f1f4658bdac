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
 * and a later call fetches again.
 */
import { load } from '../load/read';
import { ReaderMissing } from '../load/readers';
import type { LoadInput } from '../load/source';
import { retryingImport } from '../retryImport';
import { installGeneralPath, ParserMissing } from '../sse/decode';
import { loadWire } from '../wires';
import type { LoadResult, Recording } from '../types';
import { analyzeDecoded, decodeStage, type AnalyzeOptions, type AnalyzeTextResult, type Decoded } from './pipeline';

const importFormats = retryingImport(() => import('../load/formats'));
const importGeneralPath = retryingImport(() => import('../sse/general'));

/** `load`; when the file needs a reader that is not in yet, after fetching them (core/load/readers.ts). */
async function loadWithReaders(input: LoadInput, name?: string): Promise<LoadResult> {
  try {
    return load(input, name);
  } catch (e) {
    if (!(e instanceof ReaderMissing)) throw e;
    (await importFormats()).install();
    return load(input, name);
  }
}

/** The decode stage; when the recording needs the SSE general path and it is not in yet, after fetching it (core/sse/decode.ts). */
async function decodeWithParser(recording: Recording, opts?: AnalyzeOptions): Promise<Decoded> {
  try {
    return decodeStage(recording, opts);
  } catch (e) {
    if (!(e instanceof ParserMissing)) throw e;
    installGeneralPath((await importGeneralPath()).generalPath);
    return decodeStage(recording, opts);
  }
}

export async function analyzeInputLazily(input: string | Uint8Array, name?: string, opts?: AnalyzeOptions): Promise<AnalyzeTextResult> {
  const loaded = await loadWithReaders(input, name);
  if (!loaded.ok) return loaded;
  const stage = await decodeWithParser(loaded.recording, opts);
  await loadWire(stage.wire);
  return { ok: true, session: analyzeDecoded(loaded.recording, stage, opts) };
}
