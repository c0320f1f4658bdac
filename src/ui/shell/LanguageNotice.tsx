// A language whose strings did not arrive (a switch, or the page's first language, store `langFailed`): the
// player stays usable in the language it shows, and this notice, in that language, names the one that failed,
// with a retry that switches once its strings arrive (the store fetches them again: i18n loadLanguage).
import { useActions, usePlayer } from '../../store/react';
import { FailedNotice } from './ErrorBoundary';
import { useT } from './useT';

export function LanguageNotice() {
  const { t } = useT();
  const a = useActions();
  const shown = usePlayer((s) => s.lang);
  const failed = usePlayer((s) => s.langFailed);
  if (!failed || failed.lang === shown) return null;
  const { lang, message } = failed;
  return (
    <FailedNotice
      label={t('app.lang')}
      title={t('app.langFailed', { lang: t(`app.langName.${lang}`), native: t(`app.lang.${lang}`), shown: t(`app.langName.${shown}`) })}
      message={message}
      t={t}
      onRetry={() => a.setLang(lang)}
    />
  );
}
