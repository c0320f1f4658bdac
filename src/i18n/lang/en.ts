// The first page's strings in English, one chunk: every area the first view needs (../index.ts loads it with
// `loadLanguage('en')`, before the first render in English).
import { en as app } from '../messages/app';
import { en as embed } from '../messages/embedding';
import { en as facts } from '../messages/facts';
import { en as panels } from '../messages/panels';
import { en as teaching } from '../messages/teaching';

export const strings = { ...app, ...panels, ...facts, ...embed, ...teaching };
