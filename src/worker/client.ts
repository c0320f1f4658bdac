/**
 * The page side of analysis: small inputs are analysed inline (after yielding once so the loading state paints),
 * large ones in a Web Worker that posts progress and is terminated on cancel.
 *
 * Contract: `createAnalyzer(options)` returns an analyzer `(input, name, {onProgress, signal}) => Promise<result>`
 * matching the store's `Analyzer`. It resolves with the core's result (ok or a load failure), rejects only when the
 * worker itself breaks or the load is aborted (the store ignores a stale or aborted load), and never leaves a worker
 * running after it settles. Faults (`hooks.faults`, `hooks.seed`) are applied after loading, in the worker or inline,
 * so the resolved session's recording is the faulted one. A byte input over INPUT_PIECE bytes is posted in pieces,
 * one per task (./protocol.ts), so handing a large file to the worker never blocks the page for long.
 */
import type { AnalyzeTextResult } from '../core/session/session';
import { INPUT_PIECE, type AnalyzeRequest, type InputPiece, type WorkerReply } from './protocol';
import { nextTask } from './tasks';

/** Inputs larger than this many bytes (or UTF-16 units) go to the worker. */
export const WORKER_THRESHOLD = 512 * 1024;

export interface AnalyzerHooks {
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
  /** Fault specs applied in order after loading (the instructor lab), and their seed. */
  faults?: readonly string[];
  seed?: number;
}

export interface AnalyzerOptions {
  /** Analyses a small input without faults (tests inject it). Faulted inputs always go through core's analyzeText. */
  inline: (input: string | Uint8Array, name: string) => AnalyzeTextResult;
  threshold?: number;
  createWorker?: () => Worker;
  /** Byte inputs longer than this go to the worker in pieces of this size (default INPUT_PIECE; tests lower it). */
  pieceBytes?: number;
}

const defaultWorker = () => new Worker(new URL('./analyze.worker.ts', import.meta.url), { type: 'module', name: 'streamscope-analyze' });

const abortError = () => new DOMException('analysis cancelled', 'AbortError');

async function inWorker(create: () => Worker, input: string | Uint8Array, name: string, hooks: AnalyzerHooks, pieceBytes: number): Promise<AnalyzeTextResult> {
  // the page side of the sliced transfer comes with the first worker analysis, not with the page (small
  // recordings, the default one included, are analysed inline)
  const { createAssembler } = await import('./assemble');
  return new Promise((resolve, reject) => {
    if (hooks.signal.aborted) return reject(abortError());
    const worker = create();
    let settled = false;
    const finish = () => {
      settled = true;
      worker.terminate();
      hooks.signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(abortError());
    };
    hooks.signal.addEventListener('abort', onAbort);
    // each part is joined as it arrives (./assemble.ts), so no message's handling takes long
    const assembler = createAssembler();
    worker.addEventListener('message', (e: MessageEvent<WorkerReply>) => {
      const reply = e.data;
      try {
        if (reply.type === 'progress') hooks.onProgress(reply.fraction);
        else if (reply.type === 'part') assembler.add(reply.part);
        else if (reply.type === 'done') {
          finish();
          const result = reply.result.ok ? { ...reply.result, session: assembler.finish(reply.result.session) } : reply.result;
          // settle in a task of its own: installing the session then does not add to this message's deserialization
          setTimeout(() => (hooks.signal.aborted ? reject(abortError()) : resolve(result)), 0);
        } else {
          finish();
          reject(new Error(reply.message));
        }
      } catch (err) {
        finish();
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
    worker.addEventListener('error', (e) => {
      finish();
      reject(new Error(e.message || 'the analysis worker failed to start'));
    });
    const request = (sent: AnalyzeRequest['input']): AnalyzeRequest => ({
      type: 'analyze',
      input: sent,
      name,
      ...(hooks.faults?.length && { faults: [...hooks.faults] }),
      ...(hooks.seed !== undefined && { seed: hooks.seed }),
    });
    // copied, not transferred: the store keeps the user's file to reopen it
    if (typeof input === 'string' || input.byteLength <= pieceBytes) worker.postMessage(request(input));
    else {
      postPieces(worker, input, pieceBytes, () => settled || hooks.signal.aborted).then(
        (pieces) => pieces > 0 && worker.postMessage(request({ pieces })),
        (err: unknown) => {
          finish();
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    }
  });
}

/**
 * Posts a large input to the worker as copies of `size` bytes, each transferred, one per task: copying the
 * whole file in one postMessage would hold the page's main thread for as long as the copy takes. Resolves with the
 * number of pieces, or 0 when `stopped()` says the analysis has ended meanwhile (aborted, or the worker failed: it
 * is gone then).
 */
async function postPieces(worker: Worker, input: Uint8Array, size: number, stopped: () => boolean): Promise<number> {
  let pieces = 0;
  for (let at = 0; at < input.byteLength; at += size) {
    if (stopped()) return 0;
    const bytes = input.slice(at, at + size);
    const piece: InputPiece = { type: 'input-piece', bytes };
    worker.postMessage(piece, [bytes.buffer]);
    pieces++;
    await nextTask();
  }
  return stopped() ? 0 : pieces;
}

export function createAnalyzer(options: AnalyzerOptions) {
  const threshold = options.threshold ?? WORKER_THRESHOLD;
  const create = options.createWorker ?? defaultWorker;
  return async (input: string | Uint8Array, name: string, hooks: AnalyzerHooks): Promise<AnalyzeTextResult> => {
    const size = typeof input === 'string' ? input.length : input.byteLength;
    if (size > threshold && typeof Worker !== 'undefined') return inWorker(create, input, name, hooks, options.pieceBytes ?? INPUT_PIECE);
    // let the loading state paint before the (short) inline analysis
    await nextTask();
    if (hooks.signal.aborted) throw abortError();
    const faults = hooks.faults ?? [];
    if (faults.length > 0) {
      // core/faults comes with the first faulted analysis, not with the page (the instructor lab is opt-in)
      const { analyzeText } = await import('../core/session/analyze');
      return analyzeText(input, name, { faults, ...(hooks.seed !== undefined && { seed: hooks.seed }) });
    }
    return options.inline(input, name);
  };
}
