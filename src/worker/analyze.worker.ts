/**
 * The analysis Web Worker: loads and analyses one file off the main thread (./job.ts), posting progress by stage.
 *
 * Contract: answers one `analyze` request (see ./protocol.ts) with progress messages, the session's large pieces as
 * `part` slices (./slice.ts, their buffers transferred) and one `done` (or `failed`); never leaves the page waiting:
 * anything thrown becomes `failed` with its message.
 */
import type { AnalyzeRequest, WorkerReply } from './protocol';
import { runAnalysis } from './job';

const scope = self as unknown as { postMessage(m: WorkerReply, t: Transferable[]): void };

self.addEventListener('message', (event: MessageEvent<AnalyzeRequest>) => {
  const req = event.data;
  if (!req || req.type !== 'analyze') return;
  runAnalysis(req, (reply, transfer = []) => scope.postMessage(reply, transfer));
});
