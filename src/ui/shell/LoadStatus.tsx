// Loading progress with a cancel button, load errors (role=alert; a refused rec= or an unreadable file names what
// and where) and warnings that did not stop anything (a polite live region: a file too large, a file forgotten).
// A notice that offers something to do about it (a damaged kept file: "Forget this file"; a store written by a newer
// build: "Reset the storage") carries its button; the store drops the notice once it is done. The notices' words
// are fetched the first time there is one to show (./useNoticeWords.ts): until they are in, no notice is rendered.
import { useState } from 'react';
import type { ActionNotice } from '../../store/files';
import type { Notice } from '../../store/state';
import { useActions, usePlayer } from '../../store/react';
import { useNoticeWords } from './useNoticeWords';
import { useT } from './useT';
import { hasKey, isolate, translateData, type Params } from '../../i18n';

/** Notice parameters come from files and URLs: isolate each string so bidi controls in it stay inside it. */
const isolated = (params: Params | undefined): Params | undefined =>
  params && Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? isolate(v) : v]));

export function LoadStatus() {
  const { t, lang } = useT();
  const a = useActions();
  const status = usePlayer((s) => s.status);
  const warnings = usePlayer((s) => s.warnings);
  const [dismissed, setDismissed] = useState<readonly Notice[]>([]);
  const pending = warnings.filter((w) => !dismissed.includes(w));
  const worded = useNoticeWords(lang, status.kind === 'error' || pending.length > 0);
  // a notice whose words are in already (a fetch that failed: those stay in the first view) shows at once
  const shown = pending.filter((w) => worded || hasKey(w.key));
  // a notice whose words did not arrive says so, with its key, rather than show the key alone
  const word = (n: Notice) => (hasKey(n.key) ? translateData(t, n.key, isolated(n.params)) : t('app.notice.unworded', { key: n.key }));
  const act = (notice: Notice) => {
    const action = (notice as ActionNotice).action;
    if (!action) return null;
    const run = () => void (action.kind === 'forgetFile' ? a.forgetFile(action.name) : a.resetFileStore());
    return (
      <button type="button" className="ss-button" onClick={run}>
        {t(action.label)}
      </button>
    );
  };

  return (
    <div className="ss-status">
      {status.kind === 'loading' && (
        <div className="ss-loading" role="status">
          {status.progress === null ? (
            <span>{t('app.loading', { name: status.name })}</span>
          ) : (
            <>
              <label>
                {t('app.loading.progress', { name: status.name })}{' '}
                <progress max={1} value={status.progress} />
              </label>
              <button type="button" className="ss-button" onClick={a.cancelLoad}>
                {t('app.cancel')}
              </button>
            </>
          )}
        </div>
      )}
      {status.kind === 'error' && (worded || hasKey(status.notice.key)) && (
        <p className="ss-error" role="alert">
          {word(status.notice)} {act(status.notice)}
        </p>
      )}
      {shown.length > 0 && (
        <div className="ss-warnings" role="status">
          <ul>
            {shown.map((w, i) => (
              <li key={i}>
                {word(w)} {act(w)}
              </li>
            ))}
          </ul>
          <button type="button" className="ss-button" onClick={() => setDismissed(warnings)}>
            {t('app.dismiss')}
          </button>
        </div>
      )}
    </div>
  );
}
