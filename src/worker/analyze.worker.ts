/**
 * The analysis Web Worker: loads and analyses one file off the main thread, posting progress by stage.
 *
 * Contract: answers one `analyze` request (see ./protocol.ts) with progress messages and one `done` (or `failed`);
 * never leaves the page waiting: anything thrown becomes `failed` with its message.
 */
import { load } from '../core/load';
import { analyze } from '../core/session/analyze';
import { PART_FIELDS, PART_SIZE, type AnalyzeRequest, type WorkerReply } from './protocol';

const post = (reply: WorkerReply) => (self as unknown as { postMessage(m: WorkerReply): void }).postMessage(reply);

self.addEventListener('message', (event: MessageEvent<AnalyzeRequest>) => {
  const req = event.data;
  if (!req || req.type !== 'analyze') return;
  try {
    post({ type: 'progress', fraction: 0.05 });
    const loaded = load(req.input, req.name);
    if (!loaded.ok) {
      post({ type: 'done', result: loaded });
      return;
    }
    post({ type: 'progress', fraction: 0.4 });
    const session = analyze(loaded.recording);
    post({ type: 'progress', fraction: 0.9 });
    for (const field of PART_FIELDS) {
      const all = session[field] as unknown[];
      for (let i = 0; i < all.length; i += PART_SIZE) post({ type: 'part', field, items: all.slice(i, i + PART_SIZE) });
    }
    post({ type: 'done', result: { ok: true, session: { ...session, frames: [], signals: [], kinds: [] } } });
  } catch (e) {
    post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
});
