// The 'load' area in English: the loaders' own table (src/core/load/messages.ts), so the app's English is the CLI's.
// The keys and how they are built: ./loadCatalog.ts; the Chinese: ./zh/load.ts, complete by type.
import { FAILURE_TEMPLATES, ISSUE_TEMPLATES } from '../../core/load/messages';
import { loadCatalog, type LoadWords } from './loadCatalog';

export type { LoadKey } from './loadCatalog';

const words: LoadWords = {
  types: { null: 'null', array: 'an array', object: 'an object', string: 'a string', number: 'a number', boolean: 'a boolean', undefined: 'undefined' },
  extra: { 'wire-not-detected': 'the wire format could not be detected; read as openai-chat' },
  frames: { at: 'line {line} (byte {byte}): {detail}', notice: '{name} could not be read: ', noticeAt: '{name} could not be read: line {line} (byte {byte}): ' },
};

export const en = loadCatalog(words, ISSUE_TEMPLATES, FAILURE_TEMPLATES);
