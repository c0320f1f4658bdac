// "Export .jsonl": the current recording (faults included: it is the analysed one) as a v1 file, named after its
// source, downloaded through a temporary blob: URL.
import { serializeRecording } from '../../core/export';
import type { Recording } from '../../core/types';
import type { Source } from '../../store/state';

/** `parallel-probe` -> parallel-probe.jsonl; `trace.sse` -> trace.jsonl; a URL -> its last path segment. */
export function exportFileName(source: Source | null): string {
  const raw = source ? (source.kind === 'shipped' ? source.id : source.name) : 'recording';
  const last = raw.split(/[/\\?#]/).filter(Boolean).pop() ?? 'recording';
  const stem = last.replace(/\.[A-Za-z0-9]{1,10}$/, '').replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 100);
  return `${stem || 'recording'}.jsonl`;
}

export function downloadRecording(recording: Recording, source: Source | null, doc: Document = document): void {
  const blob = new Blob([serializeRecording(recording)], { type: 'application/jsonl' });
  const url = URL.createObjectURL(blob);
  const a = doc.createElement('a');
  a.href = url;
  a.download = exportFileName(source);
  a.hidden = true;
  (doc.body ?? doc.documentElement).appendChild(a);
  a.click();
  a.remove();
  // the download has started from the click; the URL is released a moment later
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
