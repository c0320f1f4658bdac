/**
 * The page side of the strategy matrix: fetches each shipped recording and has it analysed off the page's main
 * work, in the matrix worker (one at a time), or, where there is no Worker, one recording per macrotask so that
 * input and painting get in between.
 *
 * Contract: `computeMatrix(items, hooks)` calls `hooks.onRow` once per item, in order (a fetch failure becomes an
 * unreadable row naming the error), and resolves when all are done or the signal aborts; it terminates its
 * worker either way and never rejects.
 */
import { matrixRow, type MatrixRow } from './matrixRow';
import type { MatrixReply, MatrixRequest } from './matrix.worker';
import { nextTask } from './tasks';

export interface MatrixItem {
  id: string;
  /** Where to fetch the recording from. */
  url: string;
  name: string;
  /** Fault specs applied to the recording before it is analysed (the matrix's fault rows), in order. */
  faults?: readonly string[];
}

export interface MatrixHooks {
  onRow: (row: MatrixRow) => void;
  signal: AbortSignal;
  fetchText?: (url: string, signal: AbortSignal) => Promise<string>;
  /** null: analyse on the page in slices (tests); default: the matrix worker when Worker exists. */
  createWorker?: (() => Worker) | null;
}

const defaultFetch = async (url: string, signal: AbortSignal) => {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.text();
};

const defaultWorker = () => new Worker(new URL('./matrix.worker.ts', import.meta.url), { type: 'module', name: 'streamscope-matrix' });

function viaWorker(worker: Worker, id: string, input: string, name: string, faults: readonly string[]): Promise<MatrixRow> {
  return new Promise((resolve) => {
    const onMessage = (e: MessageEvent<MatrixReply>) => {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      resolve(e.data.row);
    };
    const onError = (e: ErrorEvent) => {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      resolve({ id, ok: false, message: e.message || 'the matrix worker failed' });
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    const req: MatrixRequest = { type: 'row', id, input, name, faults };
    worker.postMessage(req);
  });
}


export async function computeMatrix(items: readonly MatrixItem[], hooks: MatrixHooks): Promise<void> {
  const fetchText = hooks.fetchText ?? defaultFetch;
  const create = hooks.createWorker === undefined ? (typeof Worker !== 'undefined' ? defaultWorker : null) : hooks.createWorker;
  let worker: Worker | null = null;
  try {
    worker = create ? create() : null;
  } catch {
    worker = null;
  }
  try {
    for (const item of items) {
      if (hooks.signal.aborted) return;
      let text: string;
      try {
        text = await fetchText(item.url, hooks.signal);
      } catch (e) {
        if (hooks.signal.aborted) return;
        hooks.onRow({ id: item.id, ok: false, message: e instanceof Error ? e.message : String(e) });
        continue;
      }
      let row: MatrixRow;
      const faults = item.faults ?? [];
      if (worker) row = await viaWorker(worker, item.id, text, item.name, faults);
      else {
        await nextTask();
        row = matrixRow(item.id, text, item.name, faults);
      }
      if (hooks.signal.aborted) return;
      hooks.onRow(row);
    }
  } finally {
    worker?.terminate();
  }
}
