/**
 * A page's analysis of a small recording, fetching only the code of the wire it is in.
 *
 * Contract: `analyzeInputLazily(input, name?, opts?)` = load -> decode -> the wire's code (core/wires `loadWire`,
 * once per page) -> the rest of the analysis (./pipeline.ts): the same Session as ./session.ts `analyzeInput`, for
 * any input. It resolves with a load failure as `analyzeInput` does; it rejects only when the wire's code could not
 * be fetched (the page's chunk is gone or the network is), with the import's error, and a later call fetches again.
 */
import { load } from '../load';
import { loadWire } from '../wires';
import { analyzeDecoded, decodeStage, type AnalyzeOptions, type AnalyzeTextResult } from './pipeline';

export async function analyzeInputLazily(input: string | Uint8Array, name?: string, opts?: AnalyzeOptions): Promise<AnalyzeTextResult> {
  const loaded = load(input, name);
  if (!loaded.ok) return loaded;
  const stage = decodeStage(loaded.recording, opts);
  await loadWire(stage.wire);
  return { ok: true, session: analyzeDecoded(loaded.recording, stage, opts) };
}
