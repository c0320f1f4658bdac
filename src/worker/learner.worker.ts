/**
 * The exercise sandbox: the one place the learner's own code is evaluated. A dedicated worker, one per run, made by
 * the page from this bundled file of the site (learnerClient.ts), and terminated by it after the run or at the time
 * limit.
 *
 * Why evaluating code here does not weaken the page: the page's Content-Security-Policy (a meta tag, vite.config.ts)
 * stays as it is, without 'unsafe-eval'. A dedicated worker started from a network URL does not inherit its
 * creator's policy: it gets the policy of its own script's response (HTML's "initialize the worker's policy
 * container" from the response; CSP 3), which is none for a site that only sets the page's meta tag, so the
 * worker may evaluate code while the page still may not (test/e2e/exercise-sandbox.test.ts checks both in
 * Chromium). The learner's code cannot reach the page: a worker has no DOM and no handle on the page's realm; the
 * only channel is this worker's postMessage, which is taken away from the learner's code (captured here first),
 * and the page reads the reply as untrusted data (core/strategies/learner.ts). No network: before the code is
 * evaluated, `lockDown` deletes every web API from this realm (fetch, XMLHttpRequest, WebSocket, EventSource,
 * importScripts, Worker, caches, indexedDB, ...) and every way to make code from a string (eval, Function, the
 * async and generator constructors), and a text with the word `import` is refused, so no module can be fetched.
 * Time: the page terminates this worker at its limit; the loop runs here, never on the page's thread.
 *
 * Protocol: posts `{ type: 'ready' }` once loaded; receives one `{ type: 'run', code, turns }`; posts one
 * `{ type: 'done', outcome, left }` (`left`: names lockDown could not remove).
 */
import type { LearnerError, LearnerOutcome, LearnerTurn } from '../core/strategies/learner';
import { LEARNER_FILE, describeThrown, forbiddenWord, lockDown, runTurns, type Assemble } from './learnerSandbox';

export interface LearnerRunRequest {
  type: 'run';
  code: string;
  turns: LearnerTurn[];
}

export type LearnerReply = { type: 'ready' } | { type: 'done'; outcome: LearnerOutcome; left: string[] };

// Captured before anything of the learner's runs: the channel, the parser and the evaluator it must not reach.
const scope = self as unknown as { postMessage(m: LearnerReply): void; eval(code: string): unknown };
const post = scope.postMessage.bind(scope);
const evaluate = scope.eval.bind(undefined);
const parse = JSON.parse.bind(JSON);
const stringify = JSON.stringify.bind(JSON) as (v: unknown) => string | undefined;
const NestedWorker = Worker;
const TextBlob = Blob;
const objectUrl = URL.createObjectURL.bind(URL);
const timer = setTimeout.bind(self);

const noTrace = () => ({ buffers: [], attempts: [], calls: [], thrown: [] });

/**
 * Where a syntax error is: V8 names no line for an eval'd text, but reports one for a worker's script. A throwaway
 * worker is given the text with `throw 0;` before it on its first line: the same parse as the eval that failed (a
 * script), so it fails the same way and nothing of it runs (and were it to parse, the throw runs before any of it).
 */
function locate(code: string): Promise<{ line: number; column: number } | undefined> {
  return new Promise((resolve) => {
    const w = new NestedWorker(objectUrl(new TextBlob([`throw 0;${code}`], { type: 'text/javascript' })));
    const done = (at: { line: number; column: number } | undefined) => {
      w.terminate();
      resolve(at);
    };
    w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      done(e.lineno > 0 ? { line: e.lineno, column: e.lineno === 1 ? Math.max(1, e.colno - 8) : e.colno } : undefined);
    };
    timer(() => done(undefined), 1000);
  });
}

async function run(req: LearnerRunRequest): Promise<{ outcome: LearnerOutcome; left: string[] }> {
  const fail = (error: LearnerError) => ({ outcome: { trace: noTrace(), error, finished: 0 }, left: [] as string[] });
  const word = forbiddenWord(req.code);
  if (word) return fail({ kind: 'forbidden', message: 'import', ...word });
  const left = lockDown(self);
  let assemble: unknown;
  try {
    assemble = evaluate(`${req.code}\n;(typeof assemble === 'function' ? assemble : undefined)\n//# sourceURL=${LEARNER_FILE}`);
  } catch (e) {
    const d = describeThrown(e);
    if (e instanceof SyntaxError) return { ...fail({ kind: 'syntax', message: d.message, ...((await locate(req.code)) ?? {}) }), left };
    if (e instanceof EvalError) return { ...fail({ kind: 'eval-blocked', message: d.message }), left };
    return { ...fail({ kind: 'exception', ...d }), left };
  }
  if (typeof assemble !== 'function') return { ...fail({ kind: 'no-assemble', message: 'assemble' }), left };
  return { outcome: runTurns(assemble as Assemble, req.turns, parse, stringify), left };
}

let started = false;
self.onmessage = (event: MessageEvent<LearnerRunRequest>) => {
  const req = event.data;
  if (started || !req || req.type !== 'run' || typeof req.code !== 'string' || !Array.isArray(req.turns)) return;
  started = true;
  void run(req).then(
    ({ outcome, left }) => post({ type: 'done', outcome, left }),
    (e: unknown) => post({ type: 'done', outcome: { trace: noTrace(), error: { kind: 'crashed', message: describeThrown(e).message }, finished: 0 }, left: [] }),
  );
};
post({ type: 'ready' });
