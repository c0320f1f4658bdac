// Problems met while reading a readable file (a bad line skipped, approximate timing...), each with its place, in
// the reader's language: the list under the provenance badge (./Provenance.tsx), which loads this module, with its
// words (messages/loadIssues.ts, registered here), only for a file that has such problems.
import type { ReactNode } from 'react';
import type { LoadIssue } from '../../core/types';
import { english } from '../../core/load/english';
import { hasKey, registerMessages, translateData, type Lang, type Translate } from '../../i18n';
import { issueWording, TYPE_PARAMS } from '../../i18n/issues';
import { loadIssues } from '../../i18n/messages/loadIssues';
import { translateIsolated, translateNodes } from '../i18n/parts';

registerMessages(loadIssues);

const SHOWN_ISSUES = 20;
/** An issue's detail in the reader's language (text from the file inside <bdi>), else its English message. */
function IssueDetail({ issue, t, lang }: { issue: LoadIssue; t: Translate; lang: Lang }) {
  const wording = issueWording(issue, lang);
  if (!wording) return <bdi className="ss-issue-detail">{english(issue)}</bdi>;
  const fromFile = Object.keys(wording.params).filter((k) => typeof wording.params[k] === 'string' && !TYPE_PARAMS.includes(k) && k !== 'variant');
  const detail: ReactNode = translateIsolated(t, wording.key, wording.params, fromFile);
  const placed =
    issue.line !== undefined && issue.byteOffset !== undefined ? translateNodes(t, 'load.at', { line: issue.line, byte: issue.byteOffset }, { detail }) : detail;
  return <span className="ss-issue-detail">{placed}</span>;
}

/** Problems the loader found in a readable file (a bad line skipped, approximate timing...), each with its place. */
export function LoadIssues({ issues, t, lang }: { issues: readonly LoadIssue[]; t: Translate; lang: Lang }) {
  if (issues.length === 0) return null;
  return (
    <details className="ss-load-issues" open={issues.length <= 3}>
      <summary>{t('app.issues.summary', { count: issues.length })}</summary>
      <ul>
        {issues.slice(0, SHOWN_ISSUES).map((issue, i) => (
          <li key={i}>
            {hasKey(`app.issue.${issue.code}`) ? translateData(t, `app.issue.${issue.code}`) : <code>{issue.code}</code>}
            {' — '}
            <IssueDetail issue={issue} t={t} lang={lang} />
          </li>
        ))}
      </ul>
      {issues.length > SHOWN_ISSUES && <p>{t('app.issues.more', { count: issues.length - SHOWN_ISSUES })}</p>}
    </details>
  );
}
