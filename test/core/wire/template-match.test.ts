// A template's matcher (src/core/wire/template-match.ts): one native match decides what holeOf's general path
// decides, for texts that fit with any hole (strings with any characters and escapes, other values), any pad and
// index, and texts edited anywhere.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MISS, type Template } from '../../../src/core/wire/envelope';
import { holeOf } from '../../../src/core/wire/template-hole';
import { makeTemplate } from '../../../src/core/wire/template-make';
import { matcherOf, enableHoleMatchers } from '../../../src/core/wire/template-match';

// installed as the workers and the CLI install it (template.ts): without it holeOf never takes the matcher's path
enableHoleMatchers();

const ARGS = ['choices', 0, 'delta', 'tool_calls', 0, 'function', 'arguments'];
const INDEX = ['choices', 0, 'delta', 'tool_calls', 0, 'index'];
const frag = (index: string, hole: string, pad: string) =>
  `{"id":"c1","choices":[{"index":0,"delta":{"tool_calls":[{"index":${index},"function":{"arguments":${hole}}}]},"finish_reason":null}],"obfuscation":"${pad}"}`;
const delta = (index: string, hole: string) => `{"type":"content_block_delta","index":${index},"delta":{"type":"input_json_delta","partial_json":${hole}}}`;

/** The same template with its matcher, and without one (the general path only). */
function both(t: Template | undefined): [Template, Template] {
  if (t === undefined) throw new Error('no template');
  const fresh = () => (t.recent === undefined ? {} : { recent: { n: [], text: [], next: 0 } });
  return [
    { ...t, ...fresh(), fast: { hits: 0, re: matcherOf(t) } },
    { ...t, ...fresh(), fast: undefined },
  ];
}

/** holeOf through a template, and the index it reports. */
function read(t: Template, text: string): [unknown, number] {
  const found = { index: -1 };
  const v = holeOf(t, text, found);
  return [v, v === MISS ? -1 : found.index];
}

const piece = fc.constantFrom('\\"', '\\\\', '\\/', '\\b', '\\n', '\\t', '\\u00e9', '\\ud800', '\\u12', '\\x', '\\', '"', 'a', '\u00e9', '\u6570', '\u0001', '\n', ' ', '}', ':', ',');
const hole = fc.oneof(
  fc.array(piece, { maxLength: 40 }).map((p) => `"${p.join('')}"`),
  fc.string({ unit: 'binary', maxLength: 12 }).map((s) => JSON.stringify(s)),
  fc.constantFrom('null', '0', '12', '{}', '{"a":1}', '[1,"x"]', 'true', '"a" ', ' "a"', '"a"}', ''),
);
const index = fc.constantFrom('0', '1', '7', '12', '123456789', '1234567890', '01', '-1', 'x', '');
const pad = fc.string({ unit: 'binary', maxLength: 8 });
const edit = fc.tuple(fc.nat(), fc.nat(2), fc.constantFrom('"', '\\', '}', 'a', '0', ' ', '\u0000'));
const edited = (text: string, [at, kind, ch]: [number, number, string]): string => {
  const p = at % (text.length + 1);
  return kind === 0 ? text.slice(0, p) + ch + text.slice(p + 1) : kind === 1 ? text.slice(0, p) + ch + text.slice(p) : text.slice(0, p) + text.slice(p + 1);
};

describe('a template\'s matcher', () => {
  it('with an index and a pad (Chat fragments): the same value, index or miss as the general path', () => {
    const [fast, general] = both(makeTemplate(frag('2', '"{\\"a"', 'xy'), ARGS, ['obfuscation'], INDEX));
    fc.assert(
      fc.property(index, hole, pad, fc.option(edit), (n, h, p, e) => {
        const text = frag(n, h, p);
        const t = e === null ? text : edited(text, e);
        expect(read(fast, t)).toEqual(read(general, t));
      }),
      { numRuns: 3000 },
    );
    expect(read(fast, frag('17', '"b\\"c"', 'q'))).toEqual(['b"c', 17]);
    expect(read(fast, frag('3', '"plain"', ''))).toEqual(['plain', 3]);
  });

  it('with an index and no pad (Anthropic deltas), and with neither', () => {
    const [fast, general] = both(makeTemplate(delta('4', '"{\\"a"'), ['delta', 'partial_json'], undefined, ['index']));
    const plainT = makeTemplate('{"type":"x","delta":{"text":"a"}}', ['delta', 'text']);
    const [fast2, general2] = both(plainT);
    fc.assert(
      fc.property(index, hole, fc.option(edit), (n, h, e) => {
        const text = delta(n, h);
        const t = e === null ? text : edited(text, e);
        expect(read(fast, t)).toEqual(read(general, t));
        const other = `${plainT?.prefix ?? ''}${h}${plainT?.suffix ?? ''}`;
        const t2 = e === null ? other : edited(other, e);
        expect(read(fast2, t2)[0]).toEqual(read(general2, t2)[0]);
      }),
      { numRuns: 3000 },
    );
  });

  it('a template gets its matcher after a few frames have fitted it', () => {
    const t = makeTemplate(delta('0', '"a"'), ['delta', 'partial_json'], undefined, ['index']);
    if (t === undefined) throw new Error('no template');
    expect(t.fast?.re).toBeUndefined();
    for (let i = 0; i < 10; i++) expect(holeOf(t, delta(String(i), JSON.stringify(`x${i}"`)))).toBe(`x${i}"`);
    expect(t.fast?.re).toBeInstanceOf(RegExp);
    expect(makeTemplate(delta('0', '{"a":1}'), ['delta', 'partial_json'], undefined, ['index'])?.fast).toBeUndefined();
  });
});

describe('integer holes (read without JSON.parse)', () => {
  it('equal a whole parse for any digits, signs and exponents, or miss when the hole is not JSON', () => {
    const t = makeTemplate('{"type":"content_block_stop","index":3}', ['index']);
    if (t === undefined) throw new Error('no template');
    const whole = (x: string): unknown => {
      try {
        return (JSON.parse(`${t.prefix}${x}${t.suffix}`) as { index: unknown }).index;
      } catch {
        return MISS;
      }
    };
    fc.assert(
      fc.property(fc.stringMatching(/^-?[0-9]{0,12}(\.[0-9])?(e[0-9])?$/), (x) => {
        expect(holeOf(t, `${t.prefix}${x}${t.suffix}`)).toEqual(whole(x));
      }),
      { numRuns: 2000 },
    );
    for (const x of ['0', '7', '123456789', '1234567890', '07', '00', '-0', '1e3']) expect(holeOf(t, `${t.prefix}${x}${t.suffix}`)).toEqual(whole(x));
  });
});
