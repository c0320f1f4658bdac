/**
 * core/sse with eventsource-parser installed: ./decode.ts holds the contract (`decodeRecording`), for every importer
 * of core/sse (the CLI, the workers, the lab, the tests). A page's first analysis imports ./decode.ts and fetches
 * the parser only for a recording with a block the fast path does not read (core/session/lazy.ts).
 */
import { createParser } from 'eventsource-parser';
import { installParser } from './decode';

installParser(createParser);

export * from './decode';
