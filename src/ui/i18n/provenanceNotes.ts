// The provenance notes shown for a recording: a shipped recording's notes in the reader's language (the catalog's
// 'provenance.notes.<id>', messages/provenance.ts), when the header's notes are the ones the catalog translates;
// anything else (a user's file, edited notes) is shown as written.
import { catalogs, translate, type Lang } from './index';

export function shownNotes(shippedId: string | null, notes: string, lang: Lang): string {
  const key = `provenance.notes.${shippedId ?? ''}`;
  return shippedId !== null && catalogs.en[key] === notes ? translate(lang, key) : notes;
}
