/**
 * What every recording builder returns: the manifest entry and the file's text.
 *
 * Contract: `id` is the stable id other features link to; `file` is the name under public/recordings/; `jsonl` is
 * the whole file. Titles and summaries are the header's, so the manifest and the file never disagree.
 */
import type { Localized } from '../../../src/core/types';

export type Group = 'lesson' | 'failure';

export interface Built {
  id: string;
  group: Group;
  title: Localized;
  summary: Localized;
  jsonl: string;
}

export const fileOf = (id: string): string => `${id}.jsonl`;
