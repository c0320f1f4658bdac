// The notices' words in English, one chunk: the notices' own (../messages/notices.ts) and the 'load' area's, the
// words of an unreadable file and of the kept files' store (../messages/load.ts). ../index.ts loads it with
// `loadNotices('en')` when the status line first has a notice to show.
import { en as load } from '../messages/load';
import { en as notices } from '../messages/notices';

export const strings = { ...notices, ...load };
