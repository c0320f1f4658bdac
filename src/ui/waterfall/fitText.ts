// A plot label's width without laying it out: an estimate from its characters at the plot's 11 px type (wide
// characters, CJK and emoji, about twice a Latin one), and a label cut to a width with an ellipsis. An estimate
// errs wide, so a label said to fit does fit.

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;
const NARROW_PX = 6.5;
const WIDE_PX = 12;

export const textWidth = (text: string): number => {
  let px = 0;
  for (const ch of text) px += WIDE.test(ch) ? WIDE_PX : NARROW_PX;
  return px;
};

/** `text` whole when it fits in `px`, else its start and an ellipsis within `px` (at least the ellipsis). */
export function fitText(text: string, px: number): string {
  if (textWidth(text) <= px) return text;
  let out = '';
  let used = NARROW_PX; // the ellipsis
  for (const ch of text) {
    const w = WIDE.test(ch) ? WIDE_PX : NARROW_PX;
    if (used + w > px) break;
    out += ch;
    used += w;
  }
  return `${out.trimEnd()}…`;
}
