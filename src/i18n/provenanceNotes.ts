// The provenance notes and source shown for a recording: a shipped recording's in the reader's language (the
// catalog's 'provenance.notes.<id>' / 'provenance.source.<id>', messages/provenance.ts), when the header's text is
// the one the catalog translates; anything else (a user's file, edited notes) is shown as written. The translations load when the provenance
// details are first opened (`loadProvenanceNotes`), not with the first page; until then the notes show as written.
import { catalogs, hasKey, registerMessages, translate, type Lang } from './index';

let loading: Promise<void> | null = null;

/** Registers the shipped recordings' translated notes (messages/provenance.ts); once, however often it is called. */
export function loadProvenanceNotes(): Promise<void> {
  loading ??= import('./messages/provenance').then((m) => registerMessages(m.provenanceNotes));
  return loading;
}

function shown(field: 'notes' | 'source', shippedId: string | null, text: string, lang: Lang): string {
  const key = `provenance.${field}.${shippedId ?? ''}`;
  return shippedId !== null && hasKey(key) && catalogs.en[key] === text ? translate(lang, key) : text;
}

export const shownNotes = (shippedId: string | null, notes: string, lang: Lang): string => shown('notes', shippedId, notes, lang);
/** The same for the provenance source line. */
export const shownSource = (shippedId: string | null, source: string, lang: Lang): string => shown('source', shippedId, source, lang);
