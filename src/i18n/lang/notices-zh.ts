// The notices' words in Chinese, one chunk, typed complete against ./notices-en.ts (../index.ts loads it with
// `loadNotices('zh')`; no English with it).
import type { strings as en } from './notices-en';
import { zh as load } from '../messages/zh/load';
import { zh as notices } from '../messages/zh/notices';

export const strings: Record<keyof typeof en, string> = { ...notices, ...load };
