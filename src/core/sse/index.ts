/**
 * core/sse with the general path installed (./general.ts: eventsource-parser, and the segmenter for CR line ends):
 * ./decode.ts holds the contract (`decodeRecording`), for every importer of core/sse (the CLI, the workers, the
 * lab, the tests). A page's first analysis imports ./decode.ts and fetches the general path only for a recording
 * that needs it (core/session/lazy.ts).
 */
import { installGeneralPath } from './decode';
import { generalPath } from './general';

installGeneralPath(generalPath);

export * from './decode';
export { segmentBytes, segmentText, type OnBlock } from './segment';
