/**
 * The shipped recordings' index (public/recordings/index.json).
 *
 * Contract: pure. `parseIndex` accepts `{recordings: [{id, file, group, title, summary, bytes?, wire?}]}` and never throws: an
 * entry that is not usable is skipped and named in `problems` (with its position), so one bad entry does not hide
 * the others.
 */
import { WIRES, type Localized, type WireId } from '../core/types';

export type RecordingGroup = 'lesson' | 'failure';

export interface RecordingEntry {
  id: string;
  file: string;
  group: RecordingGroup;
  title: Localized;
  summary: Localized;
  /** The file's size in bytes when the index says (a whole number); a hint for how to fetch it, never a limit. */
  bytes?: number;
  /** The recording's wire when the index says (one of WIRES): a hint, so its code is fetched beside the recording. */
  wire?: WireId;
}

export interface ParsedIndex {
  entries: RecordingEntry[];
  problems: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function localized(v: unknown, fallback: string): Localized {
  if (typeof v === 'string') return { zh: v, en: v };
  if (!isObject(v)) return { zh: fallback, en: fallback };
  const en = typeof v.en === 'string' ? v.en : typeof v.zh === 'string' ? v.zh : fallback;
  const zh = typeof v.zh === 'string' ? v.zh : en;
  return { zh, en };
}

/** A file path relative to the recordings folder: no scheme, no absolute path, no parent segments. */
const SAFE_FILE = /^(?!\/)(?!.*\.\.)(?!.*:)[A-Za-z0-9._/-]{1,200}$/;

export function parseIndex(json: unknown): ParsedIndex {
  const problems: string[] = [];
  if (!isObject(json) || !Array.isArray(json.recordings)) {
    return { entries: [], problems: ['index.json: expected {"recordings": [...]}'] };
  }
  const seen = new Set<string>();
  const entries: RecordingEntry[] = [];
  json.recordings.forEach((raw: unknown, i: number) => {
    if (!isObject(raw) || typeof raw.id !== 'string' || typeof raw.file !== 'string') {
      problems.push(`index.json recordings[${i}]: needs a string "id" and "file"`);
      return;
    }
    if (!SAFE_FILE.test(raw.file)) {
      problems.push(`index.json recordings[${i}] (${raw.id}): file "${raw.file.slice(0, 80)}" is not a relative path`);
      return;
    }
    if (seen.has(raw.id)) {
      problems.push(`index.json recordings[${i}]: duplicate id "${raw.id}"`);
      return;
    }
    seen.add(raw.id);
    entries.push({
      id: raw.id,
      file: raw.file,
      group: raw.group === 'failure' ? 'failure' : 'lesson',
      title: localized(raw.title, raw.id),
      summary: localized(raw.summary, ''),
      ...(typeof raw.bytes === 'number' && Number.isSafeInteger(raw.bytes) && raw.bytes >= 0 && { bytes: raw.bytes }),
      ...(typeof raw.wire === 'string' && (WIRES as readonly string[]).includes(raw.wire) && { wire: raw.wire as WireId }),
    });
  });
  return { entries, problems };
}
