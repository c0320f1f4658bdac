// The first page's strings in Chinese, one chunk: every area the first view needs, each typed complete against its
// English (../index.ts loads it with `loadLanguage('zh')`, before the first render in Chinese; no English with it).
import type { strings as en } from './en';
import { zh as app } from '../messages/zh/app';
import { zh as embed } from '../messages/zh/embedding';
import { zh as facts } from '../messages/zh/facts';
import { zh as panels } from '../messages/zh/panels';
import { zh as teaching } from '../messages/zh/teaching';

export const strings: Record<keyof typeof en, string> = { ...app, ...panels, ...facts, ...embed, ...teaching };
