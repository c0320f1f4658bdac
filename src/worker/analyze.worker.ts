/**
 * The analysis Web Worker: loads and analyses one file off the main thread (./job.ts), posting progress by stage.
 *
 * Contract: joins the `input-piece` messages it gets (in order), sending each piece's buffer back, and answers one `analyze` request (see ./protocol.ts) with progress messages, the session's large pieces as
 * `part` slices (./slice.ts, their buffers transferred) and one `done` (or `failed`); never leaves the page waiting:
 * anything thrown becomes `failed` with its message.
 */
import type { PageMessage, WorkerReply } from './protocol';
import { runAnalysis } from './job';
import { enableLargeInputPaths } from '../core/large-inputs';
import { createJoiner } from './pieces';

// large inputs come here: the large-input paths (core/large-inputs.ts) pay for themselves on them
enableLargeInputPaths();

const scope = self as unknown as { postMessage(m: WorkerReply, t: Transferable[]): void };
/** A large input, joined as its pieces arrive (./protocol.ts InputPiece); each piece's buffer goes back to the page. */
const joiner = createJoiner();

self.addEventListener('message', (event: MessageEvent<PageMessage>) => {
  const msg = event.data;
  if (msg?.type === 'input-piece') {
    joiner.add(msg);
    scope.postMessage({ type: 'piece-back', bytes: msg.bytes }, [msg.bytes.buffer]);
  } else if (msg?.type === 'analyze') runAnalysis(msg, (reply, transfer = []) => scope.postMessage(reply, transfer), joiner);
});
