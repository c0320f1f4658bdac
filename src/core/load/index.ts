/**
 * core/load with every format's reader installed: ./read.ts holds the contract (`load`); this
 * module installs ./formats.ts first, for the CLI, the workers, the lab and the tests. A page's first analysis
 * imports ./read.ts and fetches the other formats' readers only when it meets one (core/session/lazy.ts).
 */
import { install } from './formats';

install();

export { load } from './read';
export { installReaders, ReaderMissing, type Readers } from './readers';
export { recordingFromSse, blockRanges, type SseOptions } from './sse-text';
export type { LoadInput, LoadOptions, PieceStream } from './source';
export { decodeBase64, encodeBase64 } from './base64';
export type { LoadIssueCode, LoadFailureCode } from './issues';
export { templateId, placeholders, type IssueTemplateId } from './messages';
export { ISSUE_TEMPLATES, FAILURE_TEMPLATES, LOAD_FAILURE_CODES, english } from './english';
