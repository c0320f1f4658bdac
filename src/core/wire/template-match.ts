/**
 * One native match per frame for the hole of a template whose hole is a JSON string (template.ts builds and uses it).
 *
 * Contract: `matcherOf(t)` is a sticky regular expression that, run from the hole's start (`matches(re, text, at)`,
 * `at` where `holeStart` found the prefix, and the index's digits, to end), matches exactly when the text from
 * there is a JSON string literal (JSON.parse's grammar: no bare quote, backslash or control character, only its
 * escapes), the suffix, and, when the template has a pad, a string without backslash, quote or control character
 * then `padEnd`, and nothing after. Those are the texts `holeEnd` accepts with a string literal as the hole (the
 * pad's string is found from the end there, and here it holds no quote, so both split the text at the same places),
 * so `stringHole(t, text, at)` gives what `holeOf`'s general path gives for them: the literal's value (sliced when
 * it holds no backslash, else decoded by json-string.ts or, with a `\u` escape or when long, JSON.parse of it,
 * which succeeds: the expression checked its grammar). Every other text (another envelope, a hole that is not a
 * string) fails the match and takes `holeOf`'s general path, so the match only decides faster, never differently.
 * The prefix is compared before, by `holeStart` (one anchored comparison of native memory, several times faster
 * than the expression's own character-by-character comparison of a long envelope: session 9); the expression
 * then reads the hole, the suffix and the pad in one native call instead of several string searches and loops over
 * characters. Never throws (a failed match is a miss). Used once `enableHoleMatchers()` has installed it (the
 * workers, the CLI, the bench: template.ts says why).
 */
import { decodeFrom, MAX_DECODED } from './json-string';
import { installHoleMatcher, type Template } from './template';

/** Regular-expression text matching `x` literally. */
const literally = (x: string): string => x.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** A JSON string literal, as an unrolled loop (runs of plain characters, then one escape and its run). */
const LITERAL = '"[^"\\\\\\x00-\\x1f]*(?:\\\\(?:["\\\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\\\\x00-\\x1f]*)*"';
/** The pad's string: no quote, backslash or control character. */
const PAD = '"[^"\\\\\\x00-\\x1f]*"';

export function matcherOf(t: Template): RegExp {
  let src = LITERAL + literally(t.suffix);
  if (t.padEnd !== undefined) src += PAD + literally(t.padEnd);
  return new RegExp(src + '$', 'y');
}

/** Whether `text` from `at` on matches `re` (see the contract); false on any failure. */
export function matches(re: RegExp, text: string, at: number): boolean {
  re.lastIndex = at;
  try {
    return re.test(text);
  } catch {
    return false;
  }
}

/** The hole's value of a text that `matches` the template's matcher from `start` (the literal's opening quote). */
export function stringHole(t: Template, text: string, start: number): string {
  let end: number;
  const padEnd = t.padEnd;
  if (padEnd === undefined) end = text.length - t.suffix.length;
  else {
    // the pad's string holds no quote: its opening quote is the first one back from its closing one
    let open = text.length - padEnd.length - 2;
    while (text.charCodeAt(open) !== 34) open--;
    end = open - t.suffix.length;
  }
  const slash = text.indexOf('\\', start + 1);
  if (slash < 0 || slash >= end) return text.slice(start + 1, end - 1);
  return (end - start <= MAX_DECODED ? decodeFrom(text, start + 1, slash, end - 1) : undefined) ?? (JSON.parse(text.slice(start, end)) as string);
}

/** Installs this matcher for every template (template.ts `installHoleMatcher`); idempotent. */
export function enableHoleMatchers(): void {
  installHoleMatcher({ matcherOf, matches, stringHole });
}
