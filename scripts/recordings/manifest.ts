/**
 * The picker's manifest, public/recordings/index.json:
 * {"recordings": [{"id", "file", "group": "lesson" | "failure", "title": {zh, en}, "summary": {zh, en}}]}.
 * Contract: pure; the order is the builders' order.
 */
import { fileOf, type Built } from './lib/built';

export function manifestOf(built: Built[]): string {
  // bytes: the file's size, so the app fetches a small recording on the page (no worker to start for it)
  const recordings = built.map((b) => ({ id: b.id, file: fileOf(b.id), group: b.group, title: b.title, summary: b.summary, bytes: Buffer.byteLength(b.jsonl, 'utf8') }));
  return JSON.stringify({ recordings }, null, 2) + '\n';
}
