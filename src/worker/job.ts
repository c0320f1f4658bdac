/**
 * One analysis as the worker runs it, apart from the worker's global scope (so tests can run it too).
 *
 * Contract: `runAnalysis(req, post, joiner?)` loads the request's input (or the pieces it names, joined by ./pieces.ts), applies its faults, analyses it and posts, in order:
 * progress fractions (non-decreasing, in [0, 1)), the session's large pieces as `part` messages with their buffers
 * to transfer (./slice.ts), then one `done` whose session is the skeleton; a load failure is one `done` with that
 * failure; anything thrown becomes one `failed` with its message. Never throws itself.
 */
import { loadFaulted } from '../core/session/analyze';
import { analyze } from '../core/session/session';
import { forgetSharedParse } from '../core/strategies/json';
import type { LoadInput } from '../core/load';
import { createJoiner, type PieceJoiner } from './pieces';
import type { AnalyzeRequest, WorkerReply } from './protocol';
import { countParts, DEFAULT_SIZES, partsOf, splitSession, type SliceSizes } from './slice';

export type Post = (reply: WorkerReply, transfer?: Transferable[]) => void;

export function runAnalysis(req: AnalyzeRequest, post: Post, joiner: PieceJoiner = createJoiner(), sizes: SliceSizes = DEFAULT_SIZES): void {
  try {
    post({ type: 'progress', fraction: 0.05 });
    const input = inputOf(req, joiner);
    const loaded = loadFaulted(input, req.name, { ...(req.faults && { faults: req.faults }), ...(req.seed !== undefined && { seed: req.seed }) });
    if (!loaded.ok) {
      post({ type: 'done', result: loaded });
      return;
    }
    post({ type: 'progress', fraction: 0.4 });
    const session = analyze(loaded.recording);
    // the strategies' shared parse of a large call (core/strategies/json.ts) is not kept past the analysis
    forgetSharedParse();
    post({ type: 'progress', fraction: 0.6 });
    // the large pieces go in slices, each joined on the page as it arrives; the skeleton comes last with `done`
    const { skeleton, pieces } = splitSession(session, sizes);
    const total = Math.max(1, countParts(pieces, sizes));
    let sent = 0;
    for (const { part, transfer } of partsOf(pieces, sizes)) {
      post({ type: 'part', part }, transfer);
      if (++sent % 4 === 0) post({ type: 'progress', fraction: Math.min(0.99, 0.6 + (0.4 * sent) / total) });
    }
    const noEffect = req.faults?.length ? { noEffect: loaded.noEffect } : {};
    post({ type: 'done', result: { ok: true, session: skeleton, ...noEffect } });
  } catch (e) {
    post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * The request's input; `{pieces: n}` names the n pieces that came before it, joined (a count or a size that differs
 * is a failure).
 */
function inputOf(req: AnalyzeRequest, pieces: PieceJoiner): LoadInput {
  if (typeof req.input === 'string' || req.input instanceof Uint8Array) return req.input;
  return pieces.take(req.input.pieces);
}
