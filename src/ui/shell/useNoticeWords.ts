// Whether the status line can word its notices in `lang` now: their words are a chunk of their own (i18n's
// loadNotices), fetched the first time there is a notice to show. False while it is on its way (the notices wait,
// unrendered, a moment); true once in, and also once it failed to arrive (each notice then says its words did not
// load, with its key: ./LoadStatus.tsx), until a later notice or language asks again.
import { useEffect, useState } from 'react';
import { areNoticesLoaded, loadNotices, type Lang } from '../../i18n';

export function useNoticeWords(lang: Lang, needed: boolean): boolean {
  const [failed, setFailed] = useState<Lang | null>(null);
  const [, setArrived] = useState(0);
  const loaded = areNoticesLoaded(lang);
  useEffect(() => {
    if (!needed || loaded) return;
    let live = true;
    loadNotices(lang).then(
      () => live && setArrived((n) => n + 1),
      () => live && setFailed(lang),
    );
    return () => {
      live = false;
    };
  }, [lang, needed, loaded]);
  return !needed || loaded || failed === lang;
}
