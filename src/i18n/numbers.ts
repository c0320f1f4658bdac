/**
 * Numbers as the player's two languages print them, without Intl on the way to the first paint.
 *
 * Contract: `formatDecimal(n, maxFraction, minFraction)` is exactly what `new Intl.NumberFormat(locale, {
 * minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction }).format(n)` gives for locale 'en-US' and
 * for 'zh-CN' (which print numbers alike: `,` between groups of three digits, `.` before the fraction, `-` before a
 * negative number, negative zero included): the number's shortest decimal text (what String(n) gives, as ICU reads a
 * double) rounded half away from zero at `maxFraction` digits, trailing zeros dropped down to `minFraction`.
 * Values String(n) writes with an exponent (1e21 and above; under 1e-6 unless they round to zero), NaN and
 * the infinities are given to Intl itself (made on first use). `pluralCategory(lang, n)` is Intl.PluralRules'
 * select for 'en-US' ('one' for 1 and -1, 'other' otherwise) and 'zh-CN' (always 'other').
 *
 * Why: the first Intl object a page makes costs 120 to 190 ms of main thread at a phone's speed (Chromium at 4x CPU,
 * measured: its locale data are set up then; later ones cost about 1 ms), and the player formats numbers in its
 * first render. test/i18n/numbers.test.ts compares both functions with Intl on random and edge values.
 */

export type NumberLang = 'en' | 'zh';

const intlFormats = new Map<string, Intl.NumberFormat>();

function viaIntl(lang: NumberLang, n: number, maxFraction: number, minFraction: number): string {
  const id = `${lang}:${minFraction}:${maxFraction}`;
  let format = intlFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction });
    intlFormats.set(id, format);
  }
  return format.format(n);
}

/** `digits` (decimal digits only) plus one in its last place, carried as far as it goes ('199' -> '200', '9' -> '10'). */
function increment(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits.charCodeAt(i) === 57) i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${String.fromCharCode(digits.charCodeAt(i) + 1)}${'0'.repeat(digits.length - i - 1)}`;
}

/** `,` between groups of three digits, from the right. */
function group(int: string): string {
  if (int.length <= 3) return int;
  let out = int.slice(0, int.length % 3 || 3);
  for (let i = out.length; i < int.length; i += 3) out += `,${int.slice(i, i + 3)}`;
  return out;
}

export function formatDecimal(lang: NumberLang, n: number, maxFraction: number, minFraction = 0): string {
  if (!Number.isFinite(n) || maxFraction > 20 || minFraction > maxFraction) return viaIntl(lang, n, maxFraction, minFraction);
  const negative = n < 0 || Object.is(n, -0);
  const a = Math.abs(n);
  let text = String(a);
  if (text.includes('e')) {
    // tiny values that round to zero at this many digits (under half the last place) print as zero; anything else
    // String writes with an exponent goes to Intl
    if (a < 5 * 10 ** -(maxFraction + 1)) text = '0';
    else return viaIntl(lang, n, maxFraction, minFraction);
  }
  const dot = text.indexOf('.');
  let int = dot < 0 ? text : text.slice(0, dot);
  let fraction = dot < 0 ? '' : text.slice(dot + 1);
  if (fraction.length > maxFraction) {
    const up = fraction.charCodeAt(maxFraction) >= 53;
    fraction = fraction.slice(0, maxFraction);
    if (up) {
      const carried = increment(int + fraction);
      int = carried.slice(0, carried.length - maxFraction);
      fraction = carried.slice(carried.length - maxFraction);
    }
  }
  let end = fraction.length;
  while (end > minFraction && fraction.charCodeAt(end - 1) === 48) end--;
  fraction = fraction.slice(0, end).padEnd(minFraction, '0');
  return `${negative ? '-' : ''}${group(int)}${fraction ? `.${fraction}` : ''}`;
}

export function pluralCategory(lang: NumberLang, n: number): 'one' | 'other' {
  return lang === 'en' && (n === 1 || n === -1) ? 'one' : 'other';
}
