// Envelope templates (src/core/wire/envelope.ts): a template is made only when the hole provably decides the value at
// its path, a frame that does not fit is a miss (never a different answer), and the adapters give equal signals
// with and without templates on random and mutated streams of every wire.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turnIndex, WIRES } from '../../../src/core/types';
import { encodeTurn, type TurnSpec } from '../../../src/core/wire';
import { createHoleSet, createReader, learn, MISS, plainString, readHole, readRoot, substitute } from '../../../src/core/wire/envelope';
import { holeOf } from '../../../src/core/wire/template-hole';
import { valueSpan } from '../../../src/core/wire/json-span';
import { makeTemplate } from '../../../src/core/wire/template-make';
import '../../../src/core/learning';
import { edit, framesFromSse, mutate } from './frames';
import { frameTableOf } from '../../../src/core/sse';
import { adaptLists } from './signals';
import { enableHoleMatchers } from '../../../src/core/wire/template-match';

// the adapters as the workers and the CLI run them: templates with a string hole get their matcher after 8 fits
enableHoleMatchers();

const CHAT = '{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}';
const PATH = ['choices', 0, 'delta'] as const;

describe('valueSpan', () => {
  it('finds the exact text of the value at a path', () => {
    const span = valueSpan(CHAT, PATH);
    expect(span && CHAT.slice(...span)).toBe('{"content":"Hi"}');
  });

  it('takes the last of repeated keys, as JSON.parse does', () => {
    const text = '{"delta":{"a":1},"x":"\\"delta\\":","delta":  [1, "}"] }';
    const span = valueSpan(text, ['delta']);
    expect(span && text.slice(...span)).toBe('[1, "}"]');
  });

  it('reads escaped keys and skips keys hidden inside strings', () => {
    const text = '{"note":"{\\"delta\\":0}","del\\u0074a":"v"}';
    const span = valueSpan(text, ['delta']);
    expect(span && text.slice(...span)).toBe('"v"');
  });

  it('gives up on paths that are not there', () => {
    expect(valueSpan(CHAT, ['choices', 1, 'delta'])).toBeUndefined();
    expect(valueSpan('{"choices":[]}', PATH)).toBeUndefined();
    expect(valueSpan('[1]', ['a'])).toBeUndefined();
    expect(valueSpan('{"a":', ['a'])).toBeUndefined();
  });
});

describe('makeTemplate and holeOf', () => {
  it('parses only the changing part of a frame with the same envelope', () => {
    const t = makeTemplate(CHAT, PATH);
    expect(t).toBeDefined();
    if (!t) return;
    const next = CHAT.replace('{"content":"Hi"}', '{"tool_calls":[{"index":0,"function":{"arguments":"{\\"a"}}]}');
    expect(holeOf(t, next)).toEqual((JSON.parse(next) as { choices: { delta: unknown }[] }).choices[0]?.delta);
    expect(holeOf(t, next)).toEqual({ tool_calls: [{ index: 0, function: { arguments: '{"a' } }] });
  });

  it('misses a frame with another envelope, or whose middle is not JSON by itself', () => {
    const t = makeTemplate(CHAT, PATH);
    if (!t) throw new Error('no template');
    expect(holeOf(t, CHAT.replace('"finish_reason":null', '"finish_reason":"stop"'))).toBe(MISS);
    // Valid JSON as a whole, but the middle spans into the envelope: only a whole parse reads it right.
    const sneaky = CHAT.replace('{"content":"Hi"}', '{"content":"a"},"finish_reason":"stop","delta":{}');
    expect(() => JSON.parse(sneaky) as unknown).not.toThrow();
    expect(holeOf(t, sneaky)).toBe(MISS);
    expect(holeOf(t, t.prefix + t.suffix)).toBe(MISS);
  });

  it('opens the value that decides the path, and nothing when the text is cut', () => {
    // Two "delta" keys: JSON.parse keeps the second, so the hole is the second one.
    const shadowed = '{"delta":{"a":1},"delta":null}';
    const t = makeTemplate(shadowed, ['delta']);
    expect(t?.prefix).toBe('{"delta":{"a":1},"delta":');
    if (t) expect(holeOf(t, '{"delta":{"a":1},"delta":[5]}')).toEqual([5]);
    expect(makeTemplate('{"delta":1e5}', ['delta'])?.suffix).toBe('}');
    expect(makeTemplate('{"delta":{"a":1}', ['delta'])).toBeUndefined();
    expect(makeTemplate('{"delta":"x', ['delta'])).toBeUndefined();
  });
});

describe('string holes', () => {
  const t = makeTemplate('{"type":"x","delta":{"text":"a"}}', ['delta', 'text']);
  const hole = (inner: string) => {
    if (!t) throw new Error('no template');
    return holeOf(t, `${t.prefix}${inner}${t.suffix}`);
  };
  /** What a whole parse gives at the path, or MISS when the whole text is not JSON. */
  const whole = (inner: string): unknown => {
    if (!t) throw new Error('no template');
    try {
      return (JSON.parse(`${t.prefix}${inner}${t.suffix}`) as { delta: { text: unknown } }).delta.text;
    } catch {
      return MISS;
    }
  };

  it('decodes simple escapes as JSON.parse does, at any length, and leaves the rest to it', () => {
    const valid = ['\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\u00e9', '\\ud800', 'a', '\u00e9', '\u6570', '\ud800', ' '];
    const invalid = ['\\', '\\x', '"', '\u0001'];
    for (const pieces of [valid, [...valid, ...invalid]])
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 300 }), (chosen) => {
          const inner = `"${chosen.join('')}"`;
          expect(hole(inner)).toEqual(whole(inner));
        }),
        { numRuns: 1000 },
      );
    expect(hole('"a\\"b\\\\c\\nd"')).toBe('a"b\\c\nd');
    expect(hole('"x\\"')).toBe(MISS);
    expect(hole(JSON.stringify('\\"'.repeat(200)))).toBe('\\"'.repeat(200));
  });

  it('reads a string without escapes as itself and hands escapes to JSON.parse', () => {
    expect(plainString('"tok4 "')).toBe('tok4 ');
    expect(plainString('""')).toBe('');
    expect(plainString('"a\\nb"')).toBeUndefined();
    expect(hole('"a\\nb"')).toBe('a\nb');
    expect(hole('"a\u00e9"')).toBe('a\u00e9');
  });

  it('never accepts what JSON.parse refuses: raw control characters, stray quotes and backslashes', () => {
    expect(hole('"a\u0001b"')).toBe(MISS);
    expect(hole('"a\nb"')).toBe(MISS);
    expect(hole('"a"b"')).toBe(MISS);
    expect(hole('"a\\"')).toBe(MISS);
    expect(hole('"\\x"')).toBe(MISS);
  });

  it('equals a whole parse for any characters between the quotes, and for any encoded string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (raw) => {
        expect(hole(`"${raw}"`)).toEqual(whole(`"${raw}"`));
        expect(hole(JSON.stringify(raw))).toBe(raw);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('substitute and hole sets', () => {
  it('copies only what lies on the path and leaves the shared envelope untouched', () => {
    const base = { id: 'c', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: null } }] } }] };
    const frozen = JSON.stringify(base);
    const path = ['choices', 0, 'delta', 'tool_calls', 0, 'function', 'arguments'];
    const out = substitute(base, path, '{"a');
    expect(out).toEqual({ id: 'c', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"a' } }] } }] });
    expect(JSON.stringify(base)).toBe(frozen);
    expect(Array.isArray((out as typeof base).choices)).toBe(true);
  });

  it('reads a frame through the most specific template that fits, else the whole value', () => {
    const set = createHoleSet(['delta'], [['text'], []]);
    const frame = (delta: string) => `{"type":"content_block_delta","index":0,"delta":${delta}}`;
    expect(readRoot(set, frame('{"type":"text_delta","text":"a"}'))).toBe(MISS);
    expect(readRoot(set, frame('{"type":"text_delta","text":"b\\u00e9"}'))).toEqual({ type: 'text_delta', text: 'b\u00e9' });
    expect(set.base).toBe(set.readers[0]?.template?.base);
    expect(readRoot(set, frame('{"type":"thinking_delta","thinking":"t"}'))).toEqual({ type: 'thinking_delta', thinking: 't' });
    expect(set.base).toBe(set.readers[1]?.template?.base);
    expect(readRoot(set, '{"type":"content_block_stop","index":0}')).toBe(MISS);
  });
});

describe('EnvelopeReader', () => {
  it('builds a template after a miss and backs off while templates keep missing', () => {
    const r = createReader(['delta']);
    let parsedWhole = 0;
    let builds = 0;
    for (let i = 0; i < 1000; i++) {
      // Every frame has another sequence number in its envelope: templates never hit.
      const text = `{"seq":${i},"delta":"x"}`;
      if (readHole(r, text) === MISS) {
        parsedWhole++;
        const before = r.template;
        learn(r, text);
        if (r.template !== before) builds++;
      }
    }
    expect(parsedWhole).toBe(1000);
    expect(builds).toBeLessThan(20);
  });

  it('stays off when disabled', () => {
    const r = createReader(['delta'], false);
    learn(r, '{"delta":"x"}');
    expect(r.template).toBeUndefined();
    expect(readHole(r, '{"delta":"y"}')).toBe(MISS);
  });
});

const fragments = fc.array(fc.string({ unit: 'binary' }), { maxLength: 5 });
const spec: fc.Arbitrary<TurnSpec> = fc.record({
  text: fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 6 }),
  reasoning: fc.array(fc.string(), { maxLength: 3 }),
  calls: fc.array(fc.record({ id: fc.string(), name: fc.string({ minLength: 1 }), fragments }), { maxLength: 3 }),
  interleave: fc.boolean(),
});


describe('adapters with and without envelope templates', () => {
  it.each(WIRES)('%s: equal signals on random streams, mutated or not', (wire) => {
    fc.assert(
      fc.property(spec, fc.array(edit, { maxLength: 8 }), (s, edits) => {
        const frames = mutate(framesFromSse(encodeTurn(wire, s)), edits);
        expect(adaptLists(wire, frameTableOf(frames))).toEqual(adaptLists(wire, frameTableOf(frames), { envelopes: false }));
      }),
      { numRuns: 150 },
    );
  });

  // the templates a turn learned are kept for the next (adapter.ts): the signals must still be those of a whole parse
  it.each(WIRES)('%s: equal signals on recordings of several turns, mutated or not', (wire) => {
    fc.assert(
      fc.property(fc.array(fc.tuple(spec, fc.array(edit, { maxLength: 4 })), { minLength: 2, maxLength: 5 }), (turns) => {
        const frames = turns.flatMap(([s, edits], k) => mutate(framesFromSse(encodeTurn(wire, s)), edits).map((f) => ({ ...f, turn: turnIndex(k) })));
        expect(adaptLists(wire, frameTableOf(frames))).toEqual(adaptLists(wire, frameTableOf(frames), { envelopes: false }));
      }),
      { numRuns: 100 },
    );
  });
});

describe('a pad that changes on every frame (OpenAI obfuscation)', () => {
  const chunk = (content: string, pad: string) =>
    `{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":${JSON.stringify(content)}},"finish_reason":null}],"obfuscation":${JSON.stringify(pad)}}`;
  const padded = (data: string, pad: string): string =>
    data.trimEnd().endsWith('}') ? `${data.trimEnd().slice(0, -1)},"obfuscation":${JSON.stringify(pad)}}` : data;

  it('a template keeps the text between the hole and the pad, and reads frames whatever their pad', () => {
    const t = makeTemplate(chunk('Hi', 'abc'), PATH, ['obfuscation']);
    expect(t?.suffix).toBe(',"finish_reason":null}],"obfuscation":');
    expect(t?.padEnd).toBe('}');
    if (!t) return;
    expect(holeOf(t, chunk('there', ''))).toEqual({ content: 'there' });
    expect(holeOf(t, chunk('x', 'q7Zk2mPw1'))).toEqual({ content: 'x' });
    // a pad with an escape, a cut text or another envelope: parsed whole
    expect(holeOf(t, chunk('x', 'a"b'))).toBe(MISS);
    expect(holeOf(t, chunk('x', 'a\\b'))).toBe(MISS);
    expect(holeOf(t, chunk('x', 'ab').slice(0, -2) + '}')).toBe(MISS);
    expect(holeOf(t, chunk('x', 'ab').replace('"finish_reason":null', '"finish_reason":"stop"'))).toBe(MISS);
    // the hole must be JSON by itself, here too
    const sneaky = chunk('x', 'ab').replace('{"content":"x"}', '{"content":"a"},"finish_reason":"stop","delta":{}');
    expect(holeOf(t, sneaky)).toBe(MISS);
  });

  it('the Chat adapter hits its templates on padded chunks', () => {
    const set = createHoleSet(PATH, [['content'], []], true, ['obfuscation']);
    let hits = 0;
    for (let i = 0; i < 50; i++) if (readRoot(set, chunk(`t${i}`, 'abcdefgh'.slice(0, i % 8))) !== MISS) hits++;
    expect(hits).toBeGreaterThan(45);
  });

  it('equal signals with and without templates on padded Chat streams, mutated or not', () => {
    const pad = fc.string({ unit: 'binary', maxLength: 10 });
    fc.assert(
      fc.property(spec, fc.array(pad, { minLength: 1 }), fc.array(edit, { maxLength: 8 }), (s, pads, edits) => {
        const frames = framesFromSse(encodeTurn('openai-chat', s)).map((f, i) => ({ ...f, data: padded(f.data, pads[i % pads.length] as string) }));
        const edited = mutate(frames, edits);
        expect(adaptLists('openai-chat', frameTableOf(edited))).toEqual(adaptLists('openai-chat', frameTableOf(edited), { envelopes: false }));
      }),
      { numRuns: 300 },
    );
  });
});

describe('an index left open (parallel Chat calls)', () => {
  const ARGS = ['choices', 0, 'delta', 'tool_calls', 0, 'function', 'arguments'];
  const INDEX = ['choices', 0, 'delta', 'tool_calls', 0, 'index'];
  const frag = (index: string, args: string, pad = 'xy') =>
    `{"id":"c1","choices":[{"index":0,"delta":{"tool_calls":[{"index":${index},"function":{"arguments":${JSON.stringify(args)}}}]},"finish_reason":null}],"obfuscation":"${pad}"}`;

  it('one template reads the fragments of every call, and reports each one\'s index', () => {
    const t = makeTemplate(frag('2', '{"a'), ARGS, ['obfuscation'], INDEX);
    expect(t?.index).toMatchObject({ value: 2 });
    if (!t) return;
    const found = { index: -1 };
    expect(holeOf(t, frag('17', 'b"c', 'q'), found)).toBe('b"c');
    expect(found.index).toBe(17);
    expect(holeOf(t, frag('0', 'x'), found)).toBe('x');
    expect(found.index).toBe(0);
    for (const bad of ['01', '-1', '1.5', '1e2', '1234567890', '"1"', ' 1']) expect(holeOf(t, frag(bad, 'x')), bad).toBe(MISS);
  });

  it('readRoot puts the frame\'s index back into the delta it returns', () => {
    const set = createHoleSet(['choices', 0, 'delta'], [['content'], ['tool_calls', 0, 'function', 'arguments'], []], true, ['obfuscation'], ['tool_calls', 0, 'index']);
    const seen: unknown[] = [];
    for (const [i, a] of [['0', '{"p'], ['1', '{"q'], ['0', '":1}'], ['1', '":2}'], ['12', 'z']] as const) {
      const text = frag(i, a);
      const v = readRoot(set, text);
      seen.push(v === MISS ? MISS : v);
      if (v !== MISS) expect(v).toEqual((JSON.parse(text) as { choices: { delta: unknown }[] }).choices[0]?.delta);
    }
    expect(seen.filter((v) => v === MISS).length).toBeLessThanOrEqual(1);
    expect(set.readers[1]?.older.length).toBe(0);
  });
});

describe('recent readers (HoleSet.recent)', () => {
  const ANTHROPIC_PARTS = [['delta', 'text'], ['delta', 'partial_json'], ['content_block'], ['index'], ['delta']] as const;
  const start = (b: number) => `{"type":"content_block_start","index":${b},"content_block":{"type":"tool_use","id":"toolu_${b}","name":"f","input":{}}}`;
  const delta = (b: number, s: string) => `{"type":"content_block_delta","index":${b},"delta":{"type":"input_json_delta","partial_json":${JSON.stringify(s)}}}`;
  const stop = (b: number) => `{"type":"content_block_stop","index":${b}}`;

  it('frames of shapes that alternate are each read through their own reader, the general one never first', () => {
    const set = createHoleSet([], ANTHROPIC_PARTS, true, undefined, ['index']);
    const hits: Record<string, number[]> = { start: [], delta: [], stop: [] };
    for (let b = 0; b < 8; b++) {
      const frames: [keyof typeof hits, string][] = [['start', start(b)], ...['{"a', '":', `${b}}`].map((s): [keyof typeof hits, string] => ['delta', delta(b, s)]), ['stop', stop(b)]];
      for (const [shape, text] of frames) {
        const v = readRoot(set, text);
        if (v !== MISS) expect(v).toEqual(JSON.parse(text));
        if (b >= 2) hits[shape]?.push(v === MISS ? -1 : set.hit);
        expect(set.recent[0]).not.toBe(ANTHROPIC_PARTS.length - 1);
      }
    }
    expect(new Set(hits.start)).toEqual(new Set([2]));
    expect(new Set(hits.delta)).toEqual(new Set([1]));
    expect(new Set(hits.stop)).toEqual(new Set([3]));
    expect(set.recent[0]).toBe(1);
  });

  it('a one-off template first in a recent reader does not let the general reader take that reader\'s frames', () => {
    const set = createHoleSet(['choices', 0, 'delta'], [['content'], ['tool_calls', 0, 'function', 'arguments'], []], true, ['obfuscation'], ['tool_calls', 0, 'index']);
    const chunk = (call: string, finish = 'null') => `{"id":"c1","choices":[{"index":0,"delta":{"tool_calls":[${call}]},"finish_reason":${finish}}],"obfuscation":"ab"}`;
    const callStart = (i: number, finish?: string) => chunk(`{"index":${i},"id":"call_${i}","type":"function","function":{"name":"f","arguments":""}}`, finish);
    const fragment = (i: number, s: string) => chunk(`{"index":${i},"function":{"arguments":${JSON.stringify(s)}}}`);
    const fragmentHits: number[] = [];
    for (let i = 0; i < 12; i++) {
      if (i % 4 === 3) {
        // the arguments reader learns from a call start of a shape nothing fits yet: its first template is then one
        // that fits only that chunk, and its usual one waits among the older
        const r = set.readers[1] as (typeof set.readers)[number];
        r.retryAt = 0;
        learn(r, callStart(i, '"x"'));
        expect(holeOf(r.template as NonNullable<typeof r.template>, fragment(i, 'z'))).toBe(MISS);
        expect(set.recent).toEqual([1]);
      }
      for (const text of [callStart(i), fragment(i, '{"a'), fragment(i, `":${i}}`)]) {
        const v = readRoot(set, text);
        if (v !== MISS) expect(v).toEqual((JSON.parse(text) as { choices: { delta: unknown }[] }).choices[0]?.delta);
        if (i >= 3 && text.includes('"function":{"arguments"')) fragmentHits.push(v === MISS ? -1 : set.hit);
      }
    }
    expect(new Set(fragmentHits)).toEqual(new Set([1]));
  });

  it('the general reader never takes the frames of a reader that has left the recent ones', () => {
    // Chat's readers with one for a call's id: four shapes (fragments, starts of two names, other chunks) for three
    // places; with the general reader among them, it took every fragment once the arguments reader had left
    const set = createHoleSet(['choices', 0, 'delta'], [['content'], ['tool_calls', 0, 'function', 'arguments'], ['tool_calls', 0, 'id'], []], true, ['obfuscation'], ['tool_calls', 0, 'index']);
    const chunk = (delta: string, pad: string) => `{"id":"c1","choices":[{"index":0,"delta":${delta},"finish_reason":null}],"obfuscation":"${pad}"}`;
    const callStart = (i: number) => chunk(`{"tool_calls":[{"index":${i},"id":"call_${i}","type":"function","function":{"name":"${i % 3 === 0 ? 'w' : 'r'}","arguments":""}}]}`, 'ab'.repeat(1 + (i % 3)));
    const fragment = (i: number, s: string) => chunk(`{"tool_calls":[{"index":${i},"function":{"arguments":${JSON.stringify(s)}}}]}`, 'x'.repeat(1 + (i % 5)));
    const fragmentHits = new Set<number>();
    for (let round = 0; round < 40; round++) {
      const texts: [boolean, string][] = [];
      for (let k = 0; k < 4; k++) texts.push([false, callStart(round * 4 + k)]);
      for (let f = 0; f < 6; f++) for (let k = 0; k < 4; k++) texts.push([true, fragment(round * 4 + k, `p${f}"${k}`)]);
      texts.push([false, chunk('{}', 'z')]);
      for (const [isFragment, text] of texts) {
        const v = readRoot(set, text);
        if (v !== MISS) expect(v).toEqual((JSON.parse(text) as { choices: { delta: unknown }[] }).choices[0]?.delta);
        if (round >= 4 && isFragment) fragmentHits.add(v === MISS ? -1 : set.hit);
      }
      expect(set.recent).not.toContain(3);
    }
    expect(fragmentHits).toEqual(new Set([1]));
  });
});

describe('an indexed template\'s recent numbers', () => {
  const ARGS = ['choices', 0, 'delta', 'tool_calls', 0, 'function', 'arguments'];
  const INDEX = ['choices', 0, 'delta', 'tool_calls', 0, 'index'];
  const frag = (index: string, args: string, id = 'c1') => `{"id":"${id}","choices":[{"index":0,"delta":{"tool_calls":[{"index":${index},"function":{"arguments":${JSON.stringify(args)}}}]}}]}`;

  it('a number seen before still needs the whole text before the hole to match', () => {
    const t = makeTemplate(frag('2', '{"a'), ARGS, undefined, INDEX);
    if (!t) throw new Error('no template');
    const found = { index: -1 };
    for (let round = 0; round < 3; round++) {
      for (const n of ['5', '7', '5', '12', '0', '123456789']) {
        expect(holeOf(t, frag(n, `x${round}`), found)).toBe(`x${round}`);
        expect(found.index).toBe(Number(n));
        expect(holeOf(t, frag(n, 'y', 'c2'), found)).toBe(MISS);
        expect(holeOf(t, frag(n, 'y').replace('"function"', '"functiom"'), found)).toBe(MISS);
        expect(holeOf(t, frag(`${n}0`, 'y').replace('"id":"c1"', '"id":"c3"'), found)).toBe(MISS);
      }
    }
  });
});
