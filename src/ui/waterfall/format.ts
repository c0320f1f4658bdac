// How the waterfall prints times: turn-relative ms the way the lesson does ("412.0 ms", "885.8 ms", "6,631 ms"):
// one decimal under a second, whole milliseconds from a second up. Tick labels use the unit and decimals the
// time scale chose. Pure: a language and a translator in, strings out.
import { formatNumber, type Lang, type Translate } from '../../i18n';
import type { Tick } from './timeScale';

export function formatMs(lang: Lang, t: Translate, value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return t('waterfall.none');
  const n = Math.abs(value) < 1000 ? formatNumber(lang, value, 1) : formatNumber(lang, Math.round(value), 0);
  return t('waterfall.ms', { n });
}

export function formatTick(lang: Lang, t: Translate, tick: Tick): string {
  const n = formatNumber(lang, tick.value, tick.digits);
  return t(tick.unit === 's' ? 'waterfall.s' : 'waterfall.ms', { n });
}
