// The recording's provenance, always visible: what kind of stream it is (never "recorded" unless captured), its
// source, wire, model, and whether it has timing.
import type { LoadIssue, ProvenanceKind } from '../../core/types';
import { hasKey, type Translate } from '../i18n';
import { usePlayer } from '../../store/react';
import { useT } from './useT';

const SHOWN_ISSUES = 20;

/** Problems the loader found in a readable file (a bad line skipped, approximate timing...), each with its place. */
function LoadIssues({ issues, t }: { issues: readonly LoadIssue[]; t: Translate }) {
  if (issues.length === 0) return null;
  return (
    <details className="ss-load-issues" open={issues.length <= 3}>
      <summary>{t('app.issues.summary', { count: issues.length })}</summary>
      <ul>
        {issues.slice(0, SHOWN_ISSUES).map((issue, i) => (
          <li key={i}>
            {hasKey(`app.issue.${issue.code}`) ? t(`app.issue.${issue.code}`) : <code>{issue.code}</code>}
            {' — '}
            <bdi className="ss-issue-detail">{issue.message}</bdi>
          </li>
        ))}
      </ul>
      {issues.length > SHOWN_ISSUES && <p>{t('app.issues.more', { count: issues.length - SHOWN_ISSUES })}</p>}
    </details>
  );
}

const KINDS: readonly ProvenanceKind[] = ['captured', 'docs', 'reconstructed', 'synthetic'];

export function Provenance() {
  const { t, lang } = useT();
  const session = usePlayer((s) => s.session);
  const source = usePlayer((s) => s.source);
  const recordings = usePlayer((s) => s.recordings);
  if (!session || !source) return null;
  const header = session.recording.header;
  const p = header.provenance;
  const kind = p && KINDS.includes(p.kind) ? t(`app.provenance.${p.kind}`) : t('app.provenance.unknown');
  const entry = source.kind === 'shipped' ? recordings.find((r) => r.id === source.id) : undefined;
  const title = header.title?.[lang] ?? entry?.title[lang] ?? (source.kind === 'file' ? t('app.provenance.file', { name: source.name }) : source.id);
  const summary = header.description?.[lang] ?? entry?.summary[lang];
  const safeUrl = p?.url && /^https?:\/\//i.test(p.url) ? p.url : undefined;
  const facts = [
    t(`app.wire.${session.wire}`) + (session.wireSource === 'detected' ? ` (${t('app.provenance.detected')})` : ''),
    header.model,
    header.server,
    t(session.timings.length === 1 ? 'app.provenance.framesOneTurn' : 'app.provenance.frames', { frames: session.frames.length, turns: session.timings.length }),
  ].filter((x): x is string => typeof x === 'string' && x !== '');

  return (
    <section className="ss-provenance" aria-label={t('app.provenance.label')}>
      <p className="ss-rec-title">
        <strong>{title}</strong>
        {summary ? <span className="ss-rec-summary"> — {summary}</span> : null}
      </p>
      <p className="ss-rec-facts">
        <span className={`ss-badge ss-badge-${p?.kind ?? 'unknown'}`}>
          {t('app.provenance.label')}: {kind}
        </span>
        {p?.source && (
          <span>
            {' '}
            {safeUrl ? (
              <a href={safeUrl} target="_blank" rel="noreferrer noopener">
                {p.source}
              </a>
            ) : (
              p.source
            )}
          </span>
        )}
        <span className="ss-facts"> · {facts.join(' · ')}</span>
        {!session.recording.timed && <span className="ss-untimed"> · {t('app.provenance.untimed')}</span>}
      </p>
      {p?.notes && <p className="ss-rec-notes">{p.notes}</p>}
      <LoadIssues issues={session.recording.issues} t={t} />
    </section>
  );
}
