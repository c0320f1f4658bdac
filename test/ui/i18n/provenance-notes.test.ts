// The shipped recordings' provenance notes are shown in the reader's language: the catalog's English is each
// header's own notes (so a change to a recording cannot leave a stale translation behind), and zh has them all.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { provenanceNotes } from '../../../src/i18n/messages/provenance';
import { loadProvenanceNotes, shownNotes, shownSource } from '../../../src/i18n/provenanceNotes';

beforeAll(() => loadProvenanceNotes());

const dir = join(process.cwd(), 'public/recordings');
const headers = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => {
    const p = (JSON.parse(readFileSync(join(dir, f), 'utf8').split('\n')[0] ?? '{}') as { provenance?: { notes?: string; source?: string } }).provenance;
    return { id: f.slice(0, -'.jsonl'.length), notes: p?.notes, source: p?.source };
  });

describe('provenance notes', () => {
  test('every shipped recording’s notes have an English key equal to its header and a Chinese translation', () => {
    for (const h of headers) {
      const key = `provenance.notes.${h.id}` as keyof typeof provenanceNotes.en;
      expect(provenanceNotes.en[key], h.id).toBe(h.notes);
      expect((provenanceNotes.zh as Record<string, string>)[key], h.id).toMatch(/[\u4e00-\u9fff]/);
      const sourceKey = `provenance.source.${h.id}` as keyof typeof provenanceNotes.en;
      expect(provenanceNotes.en[sourceKey], h.id).toBe(h.source);
      expect((provenanceNotes.zh as Record<string, string>)[sourceKey], h.id).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  test('the source line too: zh translated, English and anything else as written', () => {
    const cut = headers.find((h) => h.id === 'cut-mid-arguments')!;
    expect(shownSource('cut-mid-arguments', cut.source!, 'zh')).toBe('复现 NousResearch/hermes-agent#6847(流在参数中途被切断)');
    expect(shownSource('cut-mid-arguments', cut.source!, 'en')).toBe(cut.source);
    expect(shownSource(null, cut.source!, 'zh')).toBe(cut.source);
    expect(shownSource('cut-mid-arguments', 'edited source', 'zh')).toBe('edited source');
  });

  test('zh shows the translation; a user file or edited notes are shown as written', () => {
    const cut = headers.find((h) => h.id === 'cut-mid-arguments')!;
    expect(shownNotes('cut-mid-arguments', cut.notes!, 'zh')).toContain('合成的');
    expect(shownNotes('cut-mid-arguments', cut.notes!, 'en')).toBe(cut.notes);
    expect(shownNotes(null, cut.notes!, 'zh')).toBe(cut.notes);
    expect(shownNotes('cut-mid-arguments', 'edited notes', 'zh')).toBe('edited notes');
  });
});
