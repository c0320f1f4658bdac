// The shipped recordings' provenance notes are shown in the reader's language: the catalog's English is each
// header's own notes (so a change to a recording cannot leave a stale translation behind), and zh has them all.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { provenanceNotes } from '../../../src/i18n/messages/provenance';
import { loadProvenanceNotes, shownNotes } from '../../../src/i18n/provenanceNotes';

beforeAll(() => loadProvenanceNotes());

const dir = join(process.cwd(), 'public/recordings');
const headers = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => ({ id: f.slice(0, -'.jsonl'.length), notes: (JSON.parse(readFileSync(join(dir, f), 'utf8').split('\n')[0] ?? '{}') as { provenance?: { notes?: string } }).provenance?.notes }));

describe('provenance notes', () => {
  test('every shipped recording’s notes have an English key equal to its header and a Chinese translation', () => {
    for (const h of headers) {
      const key = `provenance.notes.${h.id}` as keyof typeof provenanceNotes.en;
      expect(provenanceNotes.en[key], h.id).toBe(h.notes);
      expect((provenanceNotes.zh as Record<string, string>)[key], h.id).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  test('zh shows the translation; a user file or edited notes are shown as written', () => {
    const cut = headers.find((h) => h.id === 'cut-mid-arguments')!;
    expect(shownNotes('cut-mid-arguments', cut.notes!, 'zh')).toContain('合成的');
    expect(shownNotes('cut-mid-arguments', cut.notes!, 'en')).toBe(cut.notes);
    expect(shownNotes(null, cut.notes!, 'zh')).toBe(cut.notes);
    expect(shownNotes('cut-mid-arguments', 'edited notes', 'zh')).toBe('edited notes');
  });
});
