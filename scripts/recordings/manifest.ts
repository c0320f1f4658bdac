/**
 * The picker's manifest, public/recordings/index.json:
 * {"recordings": [{"id", "file", "group": "lesson" | "failure", "title": {zh, en}, "summary": {zh, en}, "bytes", "wire"}]}.
 * Contract: pure; the order is the builders' order.
 */
import { fileOf, type Built } from './lib/built';

function wireOf(b: Built): string {
  const header = JSON.parse(b.jsonl.slice(0, b.jsonl.indexOf('\n'))) as { wire?: unknown };
  if (typeof header.wire !== 'string') throw new Error(`${b.id}: the header names no wire`);
  return header.wire;
}

export function manifestOf(built: Built[]): string {
  // bytes: the file's size, so the app fetches a small recording on the page (no worker to start for it); wire: the
  // header's, so a page fetches that wire's code beside the recording, not after it
  const recordings = built.map((b) => ({ id: b.id, file: fileOf(b.id), group: b.group, title: b.title, summary: b.summary, bytes: Buffer.byteLength(b.jsonl, 'utf8'), wire: wireOf(b) }));
  return JSON.stringify({ recordings }, null, 2) + '\n';
}
