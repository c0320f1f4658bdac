/**
 * The analysis Web Worker: loads and analyses one file off the main thread (./job.ts), posting progress by stage.
 *
 * Contract: keeps the `input-piece` messages it gets (in order) and answers one `analyze` request (see ./protocol.ts) with progress messages, the session's large pieces as
 * `part` slices (./slice.ts, their buffers transferred) and one `done` (or `failed`); never leaves the page waiting:
 * anything thrown becomes `failed` with its message.
 */
import type { PageMessage, WorkerReply } from './protocol';
import { runAnalysis } from './job';
import { enableLargeInputPaths } from '../core/large-inputs';

// large inputs come here: the large-input paths (core/large-inputs.ts) pay for themselves on them
enableLargeInputPaths();

const scope = self as unknown as { postMessage(m: WorkerReply, t: Transferable[]): void };
/** The pieces of a large input, as they arrive (./protocol.ts InputPiece). */
const pieces: Uint8Array[] = [];

self.addEventListener('message', (event: MessageEvent<PageMessage>) => {
  const msg = event.data;
  if (msg?.type === 'input-piece') pieces.push(msg.bytes);
  else if (msg?.type === 'analyze') runAnalysis(msg, (reply, transfer = []) => scope.postMessage(reply, transfer), pieces.splice(0));
});
