// The code view's line notes (src/i18n/messages/codeNotes.ts) against the reference strategies as they are on disk:
// every non-blank line of the 14 files a learner can click has a sentence in English and in Chinese, and no note is
// left over from a line that changed. Adding, editing or removing a line of a reference file without its note fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { codeNotes } from '../../src/i18n/messages/codeNotes';

const FILES = [
  'ts/calls.ts',
  'ts/per-call-buffer.ts',
  'ts/parse-each-fragment.ts',
  'ts/shared-buffer.ts',
  'ts/completed-item.ts',
  'ts/partial-json-preview.ts',
  'ts/next-index-closes.ts',
  'py/calls.py',
  'py/per_call_buffer.py',
  'py/parse_each_fragment.py',
  'py/shared_buffer.py',
  'py/completed_item.py',
  'py/partial_json_preview.py',
  'py/next_index_closes.py',
];
const LANGS = ['en', 'zh'] as const;

/** A file's distinct non-blank lines, trimmed: the keys its notes must have. */
const linesOf = (file: string): string[] => [
  ...new Set(
    readFileSync(join(process.cwd(), 'src/reference', file), 'utf8')
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  ),
];

describe.each(LANGS)('code notes (%s)', (lang) => {
  test.each(FILES)('every line of %s has a note', (file) => {
    const notes = codeNotes[lang][file] ?? {};
    const missing = linesOf(file).filter((line) => (notes[line] ?? '').trim() === '');
    expect(missing, `${lang} ${file}: lines without a note`).toEqual([]);
  });

  test.each(FILES)('no note of %s is stale', (file) => {
    const lines = new Set(linesOf(file));
    const stale = Object.keys(codeNotes[lang][file] ?? {}).filter((key) => !lines.has(key));
    expect(stale, `${lang} ${file}: notes for lines the file does not have`).toEqual([]);
  });

  test('notes are kept only for the reference files', () => {
    expect(Object.keys(codeNotes[lang]).sort()).toEqual([...FILES].sort());
  });

  test('each note is one plain line of text', () => {
    for (const file of FILES) {
      for (const [line, note] of Object.entries(codeNotes[lang][file] ?? {})) {
        expect(note, `${lang} ${file}: ${line}`).not.toMatch(/[\n`]|\*\*/);
        if (lang === 'zh') expect(note, `${file}: ${line}`).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });
});
