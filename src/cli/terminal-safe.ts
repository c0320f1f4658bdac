/**
 * The one escaping of text that a server, a recording or a user's file controls before it reaches a terminal, for
 * both CLIs (`inspect`'s summary, its `--json` report and messages; `record`'s status text, error body, header
 * values, progress lines). A terminal acts on some characters instead of showing them: ESC starts a sequence that
 * clears the screen or retitles the window, CR overwrites the line, bidi controls reorder the text around them,
 * U+200B hides a break, U+2028/2029 break lines in some terminals and not in others.
 *
 * Contract: pure. `terminalSafe(text, { lines })` replaces every TERMINAL_UNSAFE character with a visible escape
 * `\uXXXX` (four lower-case hex digits): the C0 controls U+0000-U+001F (all but LF when `lines` is true), DEL and
 * the C1 controls U+007F-U+009F, the bidi controls (U+061C ALM, U+200E LRM, U+200F RLM, U+202A-U+202E LRE..RLO,
 * U+2066-U+2069 LRI..PDI), U+200B ZERO WIDTH SPACE, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR and lone
 * surrogates (half of a character; written out they become U+FFFD). Every other character, astral ones included, is
 * kept as it is. The result holds no unsafe character, so escaping it again changes nothing. The escape is also
 * valid inside a JSON string (JSON reads `\u001b` back as ESC), so the `--json` report goes through it too and
 * stays JSON that parses to the very same strings.
 */

// Without the u flag (several times faster on a large --json report); lone surrogates are a second pass, run only on
// text that holds a surrogate at all.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- the same without LF
const UNSAFE_LINES = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const SURROGATE = /[\ud800-\udfff]/;
/** A pair (an astral character, kept) or a lone half (escaped), left to right. */
const PAIR_OR_HALF = /[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;

/** Whether a terminal would act on this code point instead of showing it (LF counted unsafe: one-line text). */
export function isTerminalUnsafe(codePoint: number): boolean {
  return (
    codePoint <= 0x1f ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    codePoint === 0x061c ||
    codePoint === 0x200b ||
    codePoint === 0x200e ||
    codePoint === 0x200f ||
    codePoint === 0x2028 ||
    codePoint === 0x2029 ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069) ||
    (codePoint >= 0xd800 && codePoint <= 0xdfff)
  );
}

const escapeOne = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

export interface TerminalSafeOptions {
  /** Keep LF as a line break (a multi-line summary); default false: LF is escaped too (one line). */
  lines?: boolean;
}

/** `text` with every character a terminal would act on shown as `\uXXXX` (see the module contract). */
export function terminalSafe(text: string, options: TerminalSafeOptions = {}): string {
  const out = text.replace(options.lines ? UNSAFE_LINES : UNSAFE_ONE_LINE, escapeOne);
  return SURROGATE.test(out) ? out.replace(PAIR_OR_HALF, (m) => (m.length === 2 ? m : escapeOne(m))) : out;
}
