// The CLIs' one escaping (src/cli/terminal-safe.ts): every code point checked against a table written out here
// (not the module's own predicate), and properties over strings mixing every class of code point: nothing a terminal
// acts on survives, everything else is kept, escaping twice changes nothing, the escapes read back to the input,
// and JSON text escaped this way parses to the same value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTerminalUnsafe, terminalSafe } from '../../src/cli/terminal-safe';

/** The classes, spelled out: [first, last] code points a terminal must not receive raw. */
const UNSAFE_RANGES: [number, number][] = [
  [0x0000, 0x001f], // C0 (LF included: one-line text)
  [0x007f, 0x009f], // DEL and C1 (U+009B is CSI, U+009D OSC)
  [0x061c, 0x061c], // ARABIC LETTER MARK
  [0x200b, 0x200b], // ZERO WIDTH SPACE
  [0x200e, 0x200f], // LRM, RLM
  [0x2028, 0x2029], // LINE / PARAGRAPH SEPARATOR
  [0x202a, 0x202e], // LRE, RLE, PDF, LRO, RLO
  [0x2066, 0x2069], // LRI, RLI, FSI, PDI
  [0xd800, 0xdfff], // surrogates (only ever lone in a string of one code point)
];
const unsafe = (cp: number): boolean => UNSAFE_RANGES.some(([a, b]) => cp >= a && cp <= b);
const hex4 = (cp: number): string => `\\u${cp.toString(16).padStart(4, '0')}`;

/** One code point of each class, as a generator of one-character (or one lone-surrogate) strings. */
const pick = (lo: number, hi: number) => fc.integer({ min: lo, max: hi }).map((cp) => String.fromCodePoint(cp));
const lone = fc.integer({ min: 0xd800, max: 0xdfff }).map((cp) => String.fromCharCode(cp));
const CLASSES = {
  c0: pick(0x00, 0x1f),
  c1: pick(0x7f, 0x9f),
  bidi: fc.constantFrom('\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'),
  invisible: fc.constantFrom('\u200b', '\u2028', '\u2029'),
  lone,
  ascii: pick(0x20, 0x7e).filter((c) => c !== '\\'),
  latin: pick(0xa0, 0x2ff),
  combining: pick(0x300, 0x36f),
  cjk: pick(0x4e00, 0x9fff),
  joiners: fc.constantFrom('\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'),
  astral: pick(0x10000, 0x10ffff),
  privateUse: pick(0xe000, 0xf8ff),
};
const mixed = fc.array(fc.oneof(...Object.values(CLASSES)), { maxLength: 60 }).map((parts) => parts.join(''));

/** Iterates a string's code points, a lone surrogate as its own code point. */
const codePoints = (s: string): number[] => Array.from(s, (c) => c.codePointAt(0) ?? 0);
const unescape = (s: string): string => s.replace(/\\u([0-9a-f]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('terminalSafe', () => {
  it('every code point: escaped as \\uXXXX exactly when the table says so; LF kept only with { lines: true }', () => {
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const s = String.fromCodePoint(cp);
      const want = unsafe(cp) ? hex4(cp) : s;
      if (terminalSafe(s) !== want || isTerminalUnsafe(cp) !== unsafe(cp)) wrong.push(cp.toString(16));
      const wantLines = cp === 0x0a ? '\n' : want;
      if (terminalSafe(s, { lines: true }) !== wantLines) wrong.push(`lines:${cp.toString(16)}`);
      if (wrong.length > 10) break;
    }
    expect(wrong).toEqual([]);
  });

  it('strings of every class: no unsafe code point survives, the rest is kept in order, the escapes read back', () => {
    fc.assert(
      fc.property(mixed, fc.boolean(), (s, lines) => {
        const out = terminalSafe(s, { lines });
        expect(codePoints(out).filter((cp) => unsafe(cp) && !(lines && cp === 0x0a))).toEqual([]);
        expect(terminalSafe(out, { lines })).toBe(out);
        expect(unescape(out)).toBe(s);
        // what is not escaped is kept as it is: removing the escapes leaves the safe characters in their order
        const safeOnly = codePoints(s).filter((cp) => !unsafe(cp) || (lines && cp === 0x0a));
        expect(codePoints(out.replace(/\\u[0-9a-f]{4}/g, ''))).toEqual(safeOnly);
      }),
      { numRuns: 3000 },
    );
  });

  it('a pair of surrogates (an astral character) is kept, each lone half escaped, wherever it stands', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(CLASSES.astral, lone, CLASSES.ascii), { maxLength: 30 }), (parts) => {
        const s = parts.join('');
        expect(terminalSafe(s).isWellFormed()).toBe(true);
        expect(unescape(terminalSafe(s))).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });

  it('JSON text escaped this way is still JSON, and parses to the same value', () => {
    fc.assert(
      fc.property(fc.array(mixed, { maxLength: 5 }), fc.dictionary(mixed, mixed, { maxKeys: 4 }), (list, dict) => {
        const value = { list, dict };
        const text = terminalSafe(JSON.stringify(value));
        expect(codePoints(text).filter(unsafe)).toEqual([]);
        expect(JSON.parse(text)).toEqual(value);
      }),
      { numRuns: 1000 },
    );
  });

  it('the sequences of the report: clear screen, retitle, colour, CSI as C1, RLO', () => {
    const evil = '\u001b[2J\u001b]0;pwned\u0007\u001b[31m FAKE OK\u009b2J\u202etxt.exe\u2028\u200b';
    expect(terminalSafe(evil)).toBe('\\u001b[2J\\u001b]0;pwned\\u0007\\u001b[31m FAKE OK\\u009b2J\\u202etxt.exe\\u2028\\u200b');
  });
});
