// Loading progress with a cancel button, load errors (role=alert; a refused rec= or an unreadable file names what
// and where) and warnings that did not stop anything (a polite live region: a file too large, a file forgotten).
import { useState } from 'react';
import { useActions, usePlayer } from '../../store/react';
import { useT } from './useT';
import { isolate, translateData, type Params } from '../../i18n';

/** Notice parameters come from files and URLs: isolate each string so bidi controls in it stay inside it. */
const isolated = (params: Params | undefined): Params | undefined =>
  params && Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? isolate(v) : v]));

export function LoadStatus() {
  const { t } = useT();
  const a = useActions();
  const status = usePlayer((s) => s.status);
  const warnings = usePlayer((s) => s.warnings);
  const [dismissed, setDismissed] = useState(0);

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
      {status.kind === 'error' && (
        <p className="ss-error" role="alert">
          {translateData(t, status.notice.key, isolated(status.notice.params))}
        </p>
      )}
      {warnings.length > dismissed && (
        <div className="ss-warnings" role="status">
          <ul>
            {warnings.slice(dismissed).map((w, i) => (
              <li key={i}>{translateData(t, w.key, isolated(w.params))}</li>
            ))}
          </ul>
          <button type="button" className="ss-button" onClick={() => setDismissed(warnings.length)}>
            {t('app.dismiss')}
          </button>
        </div>
      )}
    </div>
  );
}
