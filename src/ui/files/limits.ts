// What the app opens from the user: the size limit (checked before reading a byte) and the names it accepts.
import { MAX_RECORDING_BYTES } from '../../store/loader';
import type { Notice } from '../../store/state';

/** 200 MB (the store's limit for every recording): larger files are refused before they are read. */
export const MAX_FILE_BYTES = MAX_RECORDING_BYTES;
export const MAX_FILE_MB = MAX_FILE_BYTES / (1024 * 1024);
export const ACCEPT = '.jsonl,.sse,.txt,.har,.ndjson,.json,.log,text/event-stream,application/json';

/** The refusal for a file over the limit (size in MB with one decimal), or null when it may be read. */
export function sizeNotice(name: string, bytes: number): Notice | null {
  if (bytes <= MAX_FILE_BYTES) return null;
  return { key: 'files.tooLarge', params: { name, size: (bytes / (1024 * 1024)).toFixed(1), limit: MAX_FILE_MB } };
}
