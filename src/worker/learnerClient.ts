/**
 * The page side of the exercise sandbox: runs the learner's code over a session's turns in a fresh exercise worker
 * (learner.worker.ts) and gives back its outcome, read as untrusted data.
 *
 * Contract: `runLearnerCode(code, turns, opts)` uses one worker per call (the spare `prewarmLearnerWorker` started,
 * when it is ready, so the run starts at once; else a new one); once the worker is ready, it posts the run and starts
 * the time limit (default 1.5 s): at the limit it terminates the worker and resolves with a
 * 'timeout' error; a worker that fails to load or dies resolves with 'crashed'. It terminates the worker in every
 * case, never rejects, and keeps nothing of the reply but the fields `learnerRun` reads (and an error whose fields
 * have the right types).
 */
import { emptyLearnerTrace, type LearnerError, type LearnerErrorKind, type LearnerOutcome, type LearnerTurn } from '../core/strategies/learner';
import type { LearnerReply, LearnerRunRequest } from './learner.worker';

export const TIME_LIMIT_MS = 1500;
/** How long the worker may take to load before the run is given up (a slow first load on a busy machine). */
const LOAD_LIMIT_MS = 20_000;

export interface LearnerRunOptions {
  timeLimitMs?: number;
  createWorker?: () => Worker;
  signal?: AbortSignal;
}

export interface LearnerResult {
  outcome: LearnerOutcome;
  /** Globals the sandbox could not remove (none expected). */
  left: string[];
  /** The run's time on the page's clock, from posting the code to the reply (or the limit). */
  ms: number;
}

/** A worker started ahead, loaded and waiting for a run (one per page; a worker is used for one run only). */
let spare: { worker: Worker; ready: Promise<boolean> } | null = null;

/** Starts the spare worker, if there is none: the next run then needs no load time. */
export function prewarmLearnerWorker(): void {
  if (spare || typeof Worker === 'undefined') return;
  let worker: Worker;
  try {
    worker = defaultWorker();
  } catch {
    return;
  }
  const ready = new Promise<boolean>((resolve) => {
    worker.onmessage = (e: MessageEvent<LearnerReply>) => resolve((e.data as LearnerReply | null)?.type === 'ready');
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      resolve(false);
    };
  });
  spare = { worker, ready };
}

/** The spare worker if it is loaded (taken: the next prewarm starts another), else null. */
async function takeSpare(): Promise<Worker | null> {
  const s = spare;
  spare = null;
  if (!s) return null;
  if (await s.ready) return s.worker;
  s.worker.terminate();
  return null;
}

const defaultWorker = () => new Worker(new URL('./learner.worker.ts', import.meta.url), { type: 'module', name: 'streamscope-exercise' });

const KINDS: readonly LearnerErrorKind[] = ['syntax', 'exception', 'timeout', 'output', 'no-assemble', 'forbidden', 'eval-blocked', 'crashed'];
const posInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x > 0;

/** The reply's error, if it is one of the right shape (else a 'crashed' one saying the reply was unreadable). */
export function readError(raw: unknown): LearnerError | undefined {
  if (raw === undefined) return undefined;
  const e = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (!KINDS.includes(e.kind as LearnerErrorKind) || typeof e.message !== 'string') return { kind: 'crashed', message: 'unreadable reply' };
  return {
    kind: e.kind as LearnerErrorKind,
    message: e.message.slice(0, 2000),
    ...(posInt(e.line) && { line: e.line }),
    ...(posInt(e.column) && { column: e.column }),
    ...(typeof e.turn === 'number' && Number.isInteger(e.turn) && e.turn >= 0 && { turn: e.turn }),
    ...(typeof e.frame === 'number' && Number.isInteger(e.frame) && e.frame >= 0 && { frame: e.frame }),
  };
}

export async function runLearnerCode(code: string, turns: LearnerTurn[], opts: LearnerRunOptions = {}): Promise<LearnerResult> {
  const warm = opts.createWorker ? null : await takeSpare();
  return run(code, turns, opts, warm);
}

function run(code: string, turns: LearnerTurn[], opts: LearnerRunOptions, warm: Worker | null): Promise<LearnerResult> {
  const limit = opts.timeLimitMs ?? TIME_LIMIT_MS;
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = warm ?? (opts.createWorker ?? defaultWorker)();
    } catch (e) {
      resolve({ outcome: { trace: emptyLearnerTrace(), error: { kind: 'crashed', message: e instanceof Error ? e.message : String(e) }, finished: 0 }, left: [], ms: 0 });
      return;
    }
    let started = 0;
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => finish({ kind: 'crashed', message: 'the exercise worker did not start' }), LOAD_LIMIT_MS);
    const finish = (error: LearnerError | null, reply?: Extract<LearnerReply, { type: 'done' }>) => {
      clearTimeout(timer);
      timer = undefined;
      worker.terminate();
      opts.signal?.removeEventListener('abort', onAbort);
      const ms = started ? performance.now() - started : 0;
      if (error || !reply) {
        resolve({ outcome: { trace: emptyLearnerTrace(), error: error ?? { kind: 'crashed', message: 'no reply' }, finished: 0 }, left: [], ms });
        return;
      }
      const o = (typeof reply.outcome === 'object' && reply.outcome !== null ? reply.outcome : {}) as Partial<LearnerOutcome>;
      const readErr = readError(o.error);
      resolve({
        outcome: { trace: o.trace ?? emptyLearnerTrace(), finished: typeof o.finished === 'number' ? o.finished : 0, ...(readErr && { error: readErr }) },
        left: Array.isArray(reply.left) ? reply.left.filter((x): x is string => typeof x === 'string') : [],
        ms,
      });
    };
    const onAbort = () => finish({ kind: 'crashed', message: 'aborted' });
    opts.signal?.addEventListener('abort', onAbort);
    const begin = () => {
      clearTimeout(timer);
      started = performance.now();
      timer = setTimeout(() => finish({ kind: 'timeout', message: String(limit) }), limit);
      const req: LearnerRunRequest = { type: 'run', code, turns };
      worker.postMessage(req);
    };
    worker.onmessage = (e: MessageEvent<LearnerReply>) => {
      if (timer === undefined) return;
      const m = e.data as LearnerReply | null;
      if (m?.type === 'ready' && !started) begin();
      else if (m?.type === 'done' && started) finish(null, m);
    };
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      finish({ kind: 'crashed', message: e.message || 'the exercise worker failed' });
    };
    if (warm) begin();
  });
}
