/**
 * HAR (HTTP Archive) input: every entry whose response is `text/event-stream` becomes a turn.
 *
 * Contract: turns keep the entries' order; `requestAt` is the entry's `startedDateTime` relative to the first
 * entry's; `request` is {method, url, body} with the posted text parsed when it is JSON. HAR keeps no per-chunk
 * times, so the body is split into one chunk per event block spread evenly from the first byte (blocked + dns +
 * connect + send + wait, negative phases counted as 0) to the last (+ receive); a 'har-approximate-timing' issue
 * says so. A HAR with no event-stream entry is refused with a message saying so. Never throws.
 */
import { ms, turnIndex, type LoadIssue, type LoadResult, type Mutable, type Recording, type Turn } from '../types';
import { decodeBase64, type Base64Error } from './base64';
import { failure, issue, isObject } from './issues';
import { jsonType } from './messages';
import { blockEnds } from './sse-text';
import { evenTable, retimed } from '../chunk-table';

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0;
}

function requestOf(req: unknown): Turn['request'] {
  if (!isObject(req)) return undefined;
  const out: Record<string, unknown> = {};
  if (typeof req.method === 'string') out.method = req.method;
  if (typeof req.url === 'string') out.url = req.url;
  const post = req.postData;
  if (isObject(post) && typeof post.text === 'string') {
    try {
      out.body = JSON.parse(post.text);
    } catch {
      out.body = post.text;
    }
  }
  return out;
}

function base64Issue(entry: number, why: Base64Error): LoadIssue {
  if (why.reason === 'padding') return issue('har-bad-entry.padding', { entry, at: why.at });
  if (why.reason === 'length') return issue('har-bad-entry.length', { entry, count: why.count });
  return issue('har-bad-entry.char', { entry, at: why.at, char: why.char });
}

function isEventStream(entry: Record<string, unknown>): boolean {
  const res = entry.response;
  if (!isObject(res) || !isObject(res.content)) return false;
  const mime = res.content.mimeType;
  return typeof mime === 'string' && mime.trim().toLowerCase().startsWith('text/event-stream');
}

/** `doc` is the parsed HAR document (an object with `log.entries`). */
export function loadHar(doc: Record<string, unknown>): LoadResult {
  const log = doc.log;
  const entries = isObject(log) && Array.isArray(log.entries) ? log.entries : undefined;
  if (!entries) return failure('har-no-entries', {});
  const issues: LoadIssue[] = [];
  const turns: Turn[] = [];
  const firstEntry: unknown = entries[0];
  const t0 = isObject(firstEntry) && typeof firstEntry.startedDateTime === 'string' ? Date.parse(firstEntry.startedDateTime) : NaN;
  const encoder = new TextEncoder();

  entries.forEach((entry: unknown, i: number) => {
    if (!isObject(entry) || !isEventStream(entry)) return;
    const started = typeof entry.startedDateTime === 'string' ? Date.parse(entry.startedDateTime) : NaN;
    let requestAt = Number.isFinite(started) && Number.isFinite(t0) ? started - t0 : 0;
    if (!Number.isFinite(started)) {
      issues.push(issue('har-bad-entry.started', { entry: i, type: jsonType(entry.startedDateTime) }));
      requestAt = 0;
    }
    const content = (entry.response as { content: Record<string, unknown> }).content;
    let bytes: Uint8Array = new Uint8Array(0);
    if (typeof content.text === 'string') {
      if (content.encoding === 'base64') {
        const r = decodeBase64(content.text.replace(/\s+/g, ''));
        if (r.ok) bytes = r.bytes;
        else issues.push(base64Issue(i, r.why));
      } else bytes = encoder.encode(content.text);
    }
    if (bytes.length === 0) issues.push(issue('har-empty-body', { entry: i }));
    const timings = isObject(entry.timings) ? entry.timings : {};
    const firstByte = requestAt + num(timings.blocked) + num(timings.dns) + num(timings.connect) + num(timings.send) + num(timings.wait);
    const receive = num(timings.receive);
    const ends = blockEnds(bytes);
    const n = ends.length;
    const turn: Mutable<Turn> = {
      index: turnIndex(turns.length),
      requestAt: ms(requestAt),
      chunks: retimed(evenTable(bytes, ends, 0, 0), (k) => firstByte + (n <= 1 ? receive : (receive * k) / (n - 1))),
      end: { time: ms(firstByte + receive), status: 'complete' },
    };
    const request = requestOf(entry.request);
    if (request !== undefined) turn.request = request;
    turns.push(turn);
  });
  if (turns.length === 0) {
    return failure('har-no-stream', { count: entries.length });
  }
  issues.unshift(
    issue('har-approximate-timing', {}),
  );
  const recording: Recording = { header: { streamscope: 1 }, format: 'har', timed: true, turns, tools: [], marks: [], issues };
  return { ok: true, recording };
}
