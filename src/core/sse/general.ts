/**
 * The SSE decoder's general path (./decode.ts holds the contract): eventsource-parser for the blocks the fast path
 * does not read, and ./segment.ts `segmentText` for text with CR line ends. ./index.ts installs it for every
 * importer of core/sse; a page fetches this module when a recording first needs it (core/session/lazy.ts).
 */
import { createParser } from 'eventsource-parser';
import type { GeneralPath } from './decode';
import { segmentText } from './segment';

export const generalPath: GeneralPath = { createParser, segmentText };
