/**
 * The analysis Web Worker: loads and analyses one file off the main thread, posting progress by stage.
 *
 * Contract: answers one `analyze` request (load, then the request's faults, then analyze) (see ./protocol.ts) with progress messages and one `done` (or `failed`);
 * never leaves the page waiting: anything thrown becomes `failed` with its message.
 */
import { analyze, loadFaulted } from '../core/session/analyze';
import { PART_FIELDS, PART_SIZE, type AnalyzeRequest, type WorkerReply } from './protocol';

const post = (reply: WorkerReply) => (self as unknown as { postMessage(m: WorkerReply): void }).postMessage(reply);

self.addEventListener('message', (event: MessageEvent<AnalyzeRequest>) => {
  const req = event.data;
  if (!req || req.type !== 'analyze') return;
  try {
    post({ type: 'progress', fraction: 0.05 });
    const loaded = loadFaulted(req.input, req.name, { ...(req.faults && { faults: req.faults }), ...(req.seed !== undefined && { seed: req.seed }) });
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
    const noEffect = req.faults?.length ? { noEffect: loaded.noEffect } : {};
    post({ type: 'done', result: { ok: true, session: { ...session, frames: [], signals: [], kinds: [] }, ...noEffect } });
  } catch (e) {
    post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
});
