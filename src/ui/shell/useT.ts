// The translator for the player's current language (memoized per language).
import { useMemo } from 'react';
import { usePlayer } from '../../store/react';
import { translator, type Lang, type Translate } from '../../i18n';

export function useT(): { t: Translate; lang: Lang } {
  const lang = usePlayer((s) => s.lang);
  const t = useMemo(() => translator(lang), [lang]);
  return { t, lang };
}
