// The ground truth's argument pieces (src/core/strategies/ground-truth/pieces.ts): a chain of texts and JSON
// string literals joins to the texts and the literals' JSON.parse values, whatever the escapes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chain, LARGE_PIECE, Pieces } from '../../../src/core/strategies/ground-truth/pieces';

/** A JSON string literal for `text`, each character written plainly or as a \u escape (either hex case) at random. */
const literalOf = (text: string, escapes: readonly boolean[], upper: boolean): string => {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const hex = c.toString(16).padStart(4, '0');
    if (escapes[i % Math.max(1, escapes.length)] || c < 32 || c === 34 || c === 92) out += `\\u${upper ? hex.toUpperCase() : hex}`;
    else out += text[i];
  }
  return `${out}"`;
};

describe('ground-truth pieces', () => {
  it('joins texts and decoded literals in order, across calls sharing the arrays', () => {
    const p = new Pieces(2);
    const a = chain();
    const b = chain();
    const data = 'xx"a\\"b\\\\c\\n\\t\\/\\u00e9\\uD83D\\ude00"yy';
    p.addText(a, '{"k":');
    p.addText(b, 'other');
    p.addLiteral(a, data, 2, data.length - 2);
    p.addLiteral(b, '""', 0, 2);
    p.addText(a, '}');
    expect(p.text(a)).toBe(`{"k":${JSON.parse(data.slice(2, -2)) as string}}`);
    expect(p.text(b)).toBe('other');
    p.reset(a, 'whole');
    expect(p.text(a)).toBe('whole');
    expect(p.text(chain())).toBe('');
  });

  it('a literal decodes to what JSON.parse gives, for any text and escapes (lone surrogates too)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.string({ unit: 'binary', maxLength: 40 }), fc.array(fc.boolean(), { maxLength: 5 }), fc.boolean()), { maxLength: 8 }),
        fc.string({ maxLength: 3 }),
        (items, around) => {
          const p = new Pieces(1);
          const c = chain();
          let expected = '';
          for (const [asText, text, escapes, upper] of items) {
            if (asText) p.addText(c, text);
            else {
              // the literal as plain JSON.stringify writes it, or with \u escapes
              const literal = escapes.length === 0 ? JSON.stringify(text) : literalOf(text, escapes, upper);
              const data = around + literal + around;
              expect(JSON.parse(literal)).toBe(text);
              p.addLiteral(c, data, around.length, around.length + literal.length);
            }
            expect(p.text(c)).toBe((expected += text));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a run of literals decodes as one (a surrogate pair split across two literals, escapes at the edges), texts between runs as they are', () => {
    const p = new Pieces();
    const c = chain();
    const lits = ['"\\uD83D"', '"\\uDE00\\n"', '"\\\\"', '""', '"x\\""'];
    for (const l of lits) p.addLiteral(c, `{${l}}`, 1, l.length + 1);
    p.addText(c, '\\u0041');
    p.addLiteral(c, '"\\t"', 0, 4);
    const expected = lits.map((l) => JSON.parse(l) as string).join('') + '\\u0041' + '\t';
    expect(p.text(c)).toBe(expected);
    expect(p.text(c)).toBe('\u{1F600}\n\\x"\\u0041\t');
  });

  it('joins texts longer than one decoding run', () => {
    const p = new Pieces();
    const c = chain();
    const long = 'é'.repeat(5000);
    p.addLiteral(c, JSON.stringify(long), 0, long.length + 2);
    p.addText(c, 'z'.repeat(5000));
    expect(p.text(c)).toBe(long + 'z'.repeat(5000));
  });

  it('chains whose pieces interleave in the shared buffer (as parallel calls do), with resets and growth, each join to their own texts and values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: 3 }), fc.constantFrom('text', 'literal', 'escaped', 'reset'), fc.string({ unit: 'binary', maxLength: 30 })), { maxLength: 40 }),
        (steps) => {
          const p = new Pieces(1);
          const chains = [chain(), chain(), chain(), chain()];
          const expected = ['', '', '', ''];
          for (const [k, how, text] of steps) {
            const c = chains[k] as ReturnType<typeof chain>;
            if (how === 'reset') {
              p.reset(c, text);
              expected[k] = text;
              continue;
            }
            if (how === 'text') p.addText(c, text);
            else {
              const literal = how === 'literal' ? JSON.stringify(text) : literalOf(text, [true, false], k % 2 === 0);
              const data = `{"x":${literal}}`;
              p.addLiteral(c, data, 5, 5 + literal.length);
            }
            expected[k] += text;
          }
          chains.forEach((c, k) => expect(p.text(c)).toBe(expected[k]));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('large pieces (kept as strings) join with small ones in any order, a surrogate pair split across them included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.string({ unit: 'binary', maxLength: 6 }), fc.nat({ max: 2 })), { minLength: 1, maxLength: 6 }),
        (steps) => {
          const p = new Pieces(1);
          const c = chain();
          let expected = '';
          for (const [large, asLiteral, seed, edge] of steps) {
            const body = large ? (seed || 'y').repeat(Math.ceil(LARGE_PIECE / Math.max(1, seed.length)) + 1) : seed;
            // a high surrogate ending one piece, its low surrogate starting the next
            const text = edge === 1 ? `${body}\uD83D` : edge === 2 ? `\uDE00${body}` : body;
            if (asLiteral) {
              const literal = JSON.stringify(text);
              p.addLiteral(c, ` ${literal} `, 1, 1 + literal.length);
            } else p.addText(c, text);
            expected += text;
          }
          expect(p.text(c)).toBe(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('one large piece is its chain\'s text, and a reset to a large text replaces what came before', () => {
    const p = new Pieces();
    const c = chain();
    const big = `{"a": "${'y'.repeat(LARGE_PIECE * 2)}"}`;
    p.addText(c, big);
    expect(p.text(c)).toBe(big);
    p.addText(c, '!');
    expect(p.text(c)).toBe(`${big}!`);
    p.reset(c, big);
    expect(p.text(c)).toBe(big);
    const d = chain();
    p.addLiteral(d, JSON.stringify(big), 0, big.length + 6);
    expect(p.text(d)).toBe(big);
  });
});
