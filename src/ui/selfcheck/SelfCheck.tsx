// The self-check footer, for recordings with a recorded `final` message: per turn, either "our assembly
// reproduces the recorded message byte for byte" or the first difference (path, ours vs recorded).
import { useMemo } from 'react';
import type { Session } from '../../core/types';
import { registerMessages, type Translate } from '../../i18n';
import { checks } from '../../i18n/messages/checks';
import { selfCheck, type SelfCheckResult } from './compare';
import '../conclusion/conclusion.css';

// this view's strings (both languages) come with its code, not with the first page
registerMessages(checks);

export interface SelfCheckProps {
  session: Session;
  t: Translate;
}

function sentence(result: SelfCheckResult, t: Translate): string {
  switch (result.kind) {
    case 'match':
      return result.idsIgnored ? t('panels.selfcheck.matchIds') : t('panels.selfcheck.match');
    case 'differ':
      return t('panels.selfcheck.differ', { path: result.path, ours: result.ours, recorded: result.recorded });
    case 'unknown':
      return t('panels.selfcheck.unknown');
  }
}

export function SelfCheck({ session, t }: SelfCheckProps) {
  const results = useMemo(() => selfCheck(session), [session]);
  if (results.length === 0) return null;
  const many = results.length > 1;
  return (
    <footer className="ss-selfcheck" aria-label={t('panels.selfcheck.title')}>
      <strong>{t('panels.selfcheck.title')}</strong>
      <ul>
        {results.map((r) => (
          <li key={r.turn} className={`ss-selfcheck-${r.result.kind}`}>
            <span aria-hidden="true">{r.result.kind === 'match' ? '✓ ' : r.result.kind === 'differ' ? '✗ ' : '? '}</span>
            {many ? `${t('panels.selfcheck.turn', { turn: r.turn + 1 })}: ` : null}
            {sentence(r.result, t)}
          </li>
        ))}
      </ul>
    </footer>
  );
}
