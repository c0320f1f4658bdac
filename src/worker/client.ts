/**
 * The page side of analysis: small inputs are analysed inline (after yielding once so the loading state paints),
 * large ones in a Web Worker that posts progress and is terminated on cancel.
 *
 * Contract: `createAnalyzer(options)` returns an analyzer `(input, name, {onProgress, signal}) => Promise<result>`
 * matching the store's `Analyzer`. It resolves with the core's result (ok or a load failure), rejects only when the
 * worker itself breaks or the load is aborted (the store ignores a stale or aborted load), and never leaves a worker
 * running after it settles. Faults (`hooks.faults`, `hooks.seed`) are applied after loading, in the worker or inline,
 * so the resolved session's recording is the faulted one. A byte input over INPUT_PIECE bytes is posted in pieces,
 * one per task (./protocol.ts), so handing a large file to the worker never blocks the page for long. The worker
 * side of this (./inWorker.ts) is loaded with the first analysis that needs it: small recordings, the default one
 * included, are analysed inline. A session from the worker resolves once the page has its wire's code too
 * (core/wires: the page reads the session's calls again for its conclusion).
 */
import type { AnalyzeTextResult } from '../core/session/session';
import { loadWire } from '../core/wires';
import { INPUT_PIECE } from './protocol';
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
  inline: (input: string | Uint8Array, name: string) => AnalyzeTextResult | Promise<AnalyzeTextResult>;
  threshold?: number;
  createWorker?: () => Worker;
  /** Byte inputs longer than this go to the worker in pieces of this size (default INPUT_PIECE; tests lower it). */
  pieceBytes?: number;
}

/** The error an analysis cancelled by its signal rejects with (here and in ./inWorker.ts). */
export const abortError = (): DOMException => new DOMException('analysis cancelled', 'AbortError');

export function createAnalyzer(options: AnalyzerOptions) {
  const threshold = options.threshold ?? WORKER_THRESHOLD;
  return async (input: string | Uint8Array, name: string, hooks: AnalyzerHooks): Promise<AnalyzeTextResult> => {
    const size = typeof input === 'string' ? input.length : input.byteLength;
    if (size > threshold && typeof Worker !== 'undefined') {
      const { inWorker } = await import('./inWorker');
      const result = await inWorker(options.createWorker, input, name, hooks, options.pieceBytes ?? INPUT_PIECE);
      // the page reads the session's calls again for its conclusion (core/strategies/facts): its wire's code too
      if (result.ok) await loadWire(result.session.wire);
      return result;
    }
    // let the loading state paint before the (short) inline analysis
    await nextTask();
    if (hooks.signal.aborted) throw abortError();
    const faults = hooks.faults ?? [];
    if (faults.length > 0) {
      // core/faults comes with the first faulted analysis, not with the page (the instructor lab is opt-in)
      const { analyzeText } = await import('../core/session/analyze');
      return analyzeText(input, name, { faults, ...(hooks.seed !== undefined && { seed: hooks.seed }) });
    }
    const result = await options.inline(input, name);
    // and let the page show the result in a task of its own: on a phone (4x slower) the analysis of a shipped
    // recording and its first render are each about 50 to 100 ms, one long task of both (docs/performance.md)
    await nextTask();
    return result;
  };
}
