/**
 * The analysis Web Worker: loads and analyses one file off the main thread (./job.ts), posting progress by stage.
 *
 * Contract: answers one `analyze` request (see ./protocol.ts) with progress messages, the session's large pieces as
 * `part` slices (./slice.ts, their buffers transferred) and one `done` (or `failed`); never leaves the page waiting:
 * anything thrown becomes `failed` with its message. The fault code is imported only for a request with faults.
 */
import type { AnalyzeRequest, WorkerReply } from './protocol';
import { runAnalysis, type Post } from './job';
import { DEFAULT_SIZES } from './slice';

const scope = self as unknown as { postMessage(m: WorkerReply, t: Transferable[]): void };

self.addEventListener('message', (event: MessageEvent<AnalyzeRequest>) => {
  const req = event.data;
  if (!req || req.type !== 'analyze') return;
  const post: Post = (reply, transfer = []) => scope.postMessage(reply, transfer);
  if (!req.faults?.length) return runAnalysis(req, post);
  // the fault code (core/faults) is imported only for a faulted request (the instructor lab is opt-in)
  import('../core/session/analyze').then(
    ({ loadFaulted }) => runAnalysis(req, post, DEFAULT_SIZES, loadFaulted),
    (e: unknown) => post({ type: 'failed', message: e instanceof Error ? e.message : String(e) }),
  );
});
