/**
 * The worker side of the page's analyzer (./client.ts): a large input analysed in a Web Worker that posts progress
 * and the session in parts, terminated on cancel. Loaded with the first analysis that needs it, not with the page.
 *
 * Contract: `inWorker(createWorker, input, name, hooks, pieceBytes)` resolves with the core's result (ok or a load
 * failure) and rejects only when the worker itself breaks or the load is aborted; it never leaves a worker running
 * after it settles. A byte input over `pieceBytes` is posted in pieces, one per task, at most PIECES_IN_FLIGHT of them
 * out at once (./pieces.ts).
 */
import type { AnalyzeTextResult } from '../core/session/session';
import { createAssembler } from './assemble';
import { abortError, type AnalyzerHooks } from './client';
import type { AnalyzeRequest, InputPiece, WorkerReply } from './protocol';
import { createPiecePool, type PiecePool } from './pieces';
import { nextTask } from './tasks';

/** Pieces out at once (posted, not yet sent back): the page holds at most this many copies of a piece's size. */
const PIECES_IN_FLIGHT = 3;

const defaultWorker = () => new Worker(new URL('./analyze.worker.ts', import.meta.url), { type: 'module', name: 'streamscope-analyze' });

export async function inWorker(createWorker: (() => Worker) | undefined, input: string | Uint8Array, name: string, hooks: AnalyzerHooks, pieceBytes: number): Promise<AnalyzeTextResult> {
  return new Promise((resolve, reject) => {
    if (hooks.signal.aborted) return reject(abortError());
    const worker = (createWorker ?? defaultWorker)();
    let settled = false;
    const pool = createPiecePool(PIECES_IN_FLIGHT);
    const finish = () => {
      settled = true;
      pool.close();
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
        else if (reply.type === 'piece-back') pool.give(reply.bytes);
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
      postPieces(worker, input, pieceBytes, pool, () => settled || hooks.signal.aborted).then(
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
 * whole file in one postMessage would hold the page's main thread for as long as the copy takes. The copies go into
 * the pool's buffers, which the worker sends back (./pieces.ts). Resolves with the number of pieces, or 0 when
 * `stopped()` says the analysis has ended meanwhile (aborted, or the worker failed: it is gone then).
 */
async function postPieces(worker: Worker, input: Uint8Array, size: number, pool: PiecePool, stopped: () => boolean): Promise<number> {
  let pieces = 0;
  for (let at = 0; at < input.byteLength; at += size) {
    await pool.ready();
    if (stopped()) return 0;
    const bytes = pool.take(Math.min(size, input.byteLength - at));
    bytes.set(input.subarray(at, at + bytes.byteLength));
    const piece: InputPiece = { type: 'input-piece', bytes, total: input.byteLength };
    worker.postMessage(piece, [bytes.buffer]);
    pieces++;
    await nextTask();
  }
  return stopped() ? 0 : pieces;
}

