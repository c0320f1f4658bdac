// The 'load' area in English: the loaders' own table (src/core/load/english.ts), so the app's English is the CLI's.
// The keys and how they are built: ./loadCatalog.ts; the Chinese: ./zh/load.ts, complete by type. Also the words of
// a damaged store of kept files (src/store/idbFileStore.ts): an entry skipped, a database this build cannot read.
import { FAILURE_TEMPLATES, ISSUE_TEMPLATES } from '../../core/load/english';
import { loadCatalog, type LoadWords } from './loadCatalog';

export type { LoadKey } from './loadCatalog';

const words: LoadWords = {
  types: { null: 'null', array: 'an array', object: 'an object', string: 'a string', number: 'a number', boolean: 'a boolean', undefined: 'undefined' },
  extra: { 'wire-not-detected': 'the wire format could not be detected; read as openai-chat' },
  frames: { at: 'line {line} (byte {byte}): {detail}', notice: '{name} could not be read: ', noticeAt: '{name} could not be read: line {line} (byte {byte}): ' },
};

/** The browser's store of kept files, damaged (src/store/idbFileStore.ts, files.ts): notices and the reset's label. */
export const storeEn = {
  'files.damaged': '“{name}”, kept in this browser, is not a file this page saved (its entry is damaged), so it was skipped. Your other files are kept. Forget this file to remove it.',
  'files.store.newer': 'The files kept in this browser were saved by a newer Streamscope (storage version {found}; this page reads version {reads}), so they are not listed here. Reset the storage to keep files with this page: that removes the files kept there.',
  'files.store.unreadable': 'The files kept in this browser cannot be read: their storage is not as this page makes it. Reset the storage to keep files again: that removes what is kept there.',
  'files.store.reset': 'Reset the storage',
  'files.store.resetDone': 'The storage of kept files was reset: it is empty.',
};

export const en = { ...loadCatalog(words, ISSUE_TEMPLATES, FAILURE_TEMPLATES), ...storeEn };
