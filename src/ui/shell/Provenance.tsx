// The recording's provenance, always visible as its badge (what kind of stream it is, never "recorded" unless
// captured) and the recording's title; a disclosure (details/summary) opens the rest: its summary, source (a link
// shows the host it really goes to beside its text; only http(s) is a link), wire, model, whether it has timing and
// the notes. Problems met while reading the file stay outside the disclosure, worded in the reader's language
// (./LoadIssues.tsx, loaded only for a file that has some).
import { useState, type ReactNode } from 'react';
import type { ProvenanceKind } from '../../core/types';
import { usePlayer } from '../../store/react';
import { useT } from './useT';
import { loadProvenanceNotes, shownNotes, shownSource } from '../../i18n/provenanceNotes';
import { LazyPart } from './ErrorBoundary';
import { lazyView } from './lazyView';
import { Region } from './Region';

// the list of problems met while reading loads only for a file that has some (./LoadIssues.tsx, with its words); a
// chunk that does not arrive is a notice with a retry in its place
const LoadIssues = lazyView(() => import('./LoadIssues'), (m) => m.LoadIssues);

const KINDS: readonly ProvenanceKind[] = ['captured', 'docs', 'reconstructed', 'synthetic'];

/**
 * A provenance URL the page may link to: http(s) only, with the host the browser would really go to (after
 * user:pass@, as punycode), so the link text a recording chose ("Official docs") cannot hide where it leads.
 */
export function provenanceLink(url: string | undefined): { href: string; host: string } | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.host ? { href: parsed.href, host: parsed.host } : null;
}

export function Provenance() {
  const { t, lang } = useT();
  const session = usePlayer((s) => s.session);
  const source = usePlayer((s) => s.source);
  const recordings = usePlayer((s) => s.recordings);
  // the translated notes and source load when the details first open; this re-renders once they are there
  const [, setNotesReady] = useState(false);
  if (!session || !source) return null;
  const header = session.recording.header;
  const p = header.provenance;
  const kind = p && KINDS.includes(p.kind) ? t(`app.provenance.${p.kind}`) : t('app.provenance.unknown');
  const entry = source.kind === 'shipped' ? recordings.find((r) => r.id === source.id) : undefined;
  const title = header.title?.[lang] ?? entry?.title[lang] ?? (source.kind === 'shipped' ? source.id : t('app.provenance.file', { name: source.name }));
  const summary = header.description?.[lang] ?? entry?.summary[lang];
  const link = provenanceLink(p?.url);
  const shippedId = source.kind === 'shipped' ? source.id : null;
  const sourceText = p?.source ? shownSource(shippedId, p.source, lang) : '';
  // the model and the server come from the file: each in <bdi>, as the title is isolated, so a right-to-left
  // override in one cannot reorder the facts around it
  const facts: ReactNode[] = [
    t(`app.wire.${session.wire}`) + (session.wireSource === 'detected' ? ` (${t('app.provenance.detected')})` : ''),
    header.model ? <bdi key="model">{header.model}</bdi> : null,
    header.server ? <bdi key="server">{header.server}</bdi> : null,
    t(session.timings.length === 1 ? 'app.provenance.framesOneTurn' : 'app.provenance.frames', { frames: session.frames.count, turns: session.timings.length }),
  ].filter((x) => x !== null && x !== '');

  return (
    <Region className="ss-provenance" aria-label={t('app.provenance.label')}>
      <details className="ss-prov-details" onToggle={(e) => e.currentTarget.open && void loadProvenanceNotes().then(() => setNotesReady(true))}>
        <summary className="ss-prov-summary">
          <span className={`ss-badge ss-badge-${p?.kind ?? 'unknown'}`}>
            {t('app.provenance.label')}: {kind}
          </span>{' '}
          <strong className="ss-rec-title">{title}</strong>
          {!session.recording.timed && <span className="ss-untimed-tag"> · {t('app.provenance.untimedShort')}</span>}
        </summary>
        <div className="ss-prov-body">
          {summary ? <p className="ss-rec-summary">{summary}</p> : null}
          <p className="ss-rec-facts">
            {(p?.source || link) && (
              <span className="ss-rec-source">
                {link ? (
                  <a href={link.href} target="_blank" rel="noreferrer noopener">
                    <bdi>{sourceText || link.host}</bdi>
                  </a>
                ) : (
                  <bdi>{sourceText}</bdi>
                )}
                {link && <span className="ss-link-host"> {t('app.provenance.linkHost', { host: link.host })}</span>}
                {' · '}
              </span>
            )}
            <span className="ss-facts">{facts.map((fact, i) => (i === 0 ? fact : [' · ', fact]))}</span>
            {!session.recording.timed && <span className="ss-untimed"> · {t('app.provenance.untimed')}</span>}
          </p>
          {p?.notes && <p className="ss-rec-notes">{shownNotes(shippedId, p.notes, lang)}</p>}
        </div>
      </details>
      {session.recording.issues.length > 0 && (
        <LazyPart areaKey="app.provenance.label">
          <LoadIssues issues={session.recording.issues} t={t} lang={lang} />
        </LazyPart>
      )}
    </Region>
  );
}
