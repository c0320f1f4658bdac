// The provenance notes shown for a recording: a shipped recording's notes in the reader's language (the catalog's
// 'provenance.notes.<id>', messages/provenance.ts), when the header's notes are the ones the catalog translates;
// anything else (a user's file, edited notes) is shown as written. The translations load when the provenance
// details are first opened (`loadProvenanceNotes`), not with the first page; until then the notes show as written.
import { catalogs, hasKey, registerMessages, translate, type Lang } from './index';

let loading: Promise<void> | null = null;

/** Registers the shipped recordings' translated notes (messages/provenance.ts); once, however often it is called. */
export function loadProvenanceNotes(): Promise<void> {
  loading ??= import('./messages/provenance').then((m) => registerMessages(m.provenanceNotes));
  return loading;
}

export function shownNotes(shippedId: string | null, notes: string, lang: Lang): string {
  const key = `provenance.notes.${shippedId ?? ''}`;
  return shippedId !== null && hasKey(key) && catalogs.en[key] === notes ? translate(lang, key) : notes;
}
