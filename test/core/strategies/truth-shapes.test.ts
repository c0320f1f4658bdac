// The ground truth's Chat shapes (src/core/strategies/ground-truth/shape.ts): a chunk that fits a shape is
// read as the fragment a whole parse gives, and the carried calls are the same with shapes as without them, on
// random, padded (OpenAI obfuscation), interleaved and mutated Chat streams.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anthropicTurn, readAnthropic } from '../../../src/core/strategies/ground-truth/anthropic';
import { chatTurn, readChat } from '../../../src/core/strategies/ground-truth/chat';
import { fitShape, fitShapeIn, makeShape, readShape, type Shape } from '../../../src/core/strategies/ground-truth/shape';
import { readCarried } from '../../../src/core/strategies/ground-truth';
import { Tracer } from '../../../src/core/strategies/ground-truth/tracer';
import { turnIndex, type Frame } from '../../../src/core/types';
import { encodeTurn, type TurnSpec } from '../../../src/core/wire';
import { framesFromSse } from '../wire/frames';
import { frameTableOf } from '../../../src/core/sse';

/** The truth without shapes: every event parsed whole (a turn state that never builds a shape). */
function wholeTruth(wire: 'openai-chat' | 'anthropic-messages', frames: readonly Frame[]) {
  const t = new Tracer();
  t.at(turnIndex(0));
  const chat = { ...chatTurn(), wait: Infinity };
  const anthropic = { ...anthropicTurn(), wait: Infinity };
  for (const f of frames) {
    if (wire === 'openai-chat') readChat(t, f, chat);
    else readAnthropic(t, f, anthropic);
  }
  return t.finish((a) => {
    if (wire === 'anthropic-messages' && a === '') return true;
    try {
      JSON.parse(a);
      return true;
    } catch {
      return false;
    }
  });
}

const frag = (index: string, args: string, pad = 'xy') =>
  `{"id":"c1","choices":[{"index":0,"delta":{"tool_calls":[{"index":${index},"function":{"arguments":${JSON.stringify(args)}}}]},"finish_reason":null}],"obfuscation":"${pad}"}`;

const observeWhole = (data: string) => {
  const t = new Tracer();
  t.at(turnIndex(0));
  readChat(t, { data, index: 0, turn: 0 } as unknown as Frame, chatTurn());
  const r = t.finish(() => true);
  return r.carried.map((c) => ['fragment', c.key, c.argsText] as const);
};

/** The shape contract read part by part (the reference for the regular expression): [key, literal] or undefined. */
function byParts(s: Shape, data: string): [string, string] | undefined {
  if (!data.startsWith(s.head)) return undefined;
  let i = s.head.length;
  let key = s.key;
  if (s.indexed) {
    const d0 = i;
    while (i - d0 < 9 && /[0-9]/.test(data[i] ?? '')) i++;
    if (i === d0 || (i > d0 + 1 && data[d0] === '0')) return undefined;
    key = data.slice(d0, i);
  }
  if (!data.startsWith(s.mid, i)) return undefined;
  const start = i + s.mid.length;
  let end = data.length - s.tail.length;
  if (s.padEnd !== undefined) {
    if (!data.endsWith(`"${s.padEnd}`)) return undefined;
    const close = data.length - s.padEnd.length - 1;
    const open = data.lastIndexOf('"', close - 1);
    if (open < start || [...data.slice(open + 1, close)].some((ch) => ch === '\\' || ch.charCodeAt(0) < 32)) return undefined;
    end = open - s.tail.length;
  }
  if (end <= start || data.slice(end, end + s.tail.length) !== s.tail) return undefined;
  const literal = data.slice(start, end);
  if (literal.length < 2 || !literal.startsWith('"') || !literal.endsWith('"')) return undefined;
  try {
    return typeof JSON.parse(literal) === 'string' ? [key, literal] : undefined;
  } catch {
    return undefined;
  }
}

describe('Chat shapes of the ground truth', () => {
  it('one shape reads the fragments of every call, whatever its pad', () => {
    const s = makeShape(frag('2', '{"a'), '2', observeWhole, '"arguments"');
    expect(s?.indexed).toBe(true);
    if (!s) return;
    expect(readShape(s, frag('17', 'b"c\\', 'q'))).toEqual({ key: '17', text: 'b"c\\' });
    expect(readShape(s, frag('0', ''))).toEqual({ key: '0', text: '' });
    for (const bad of ['01', '-1', '1.5', '"1"']) expect(readShape(s, frag(bad, 'x')), bad).toBeUndefined();
    expect(readShape(s, frag('1', 'x', 'a\\"b'))).toBeUndefined();
    expect(readShape(s, frag('1', 'x').replace('null', '"stop"'))).toBeUndefined();
  });

  it('fitShape (one regular expression) reads what the parts of the shape say, on mutated events, in place too', () => {
    const shapes = [
      makeShape(frag('2', '{"a'), '2', observeWhole, '"arguments"'),
      makeShape(frag('0', 'x').replace(',"obfuscation":"xy"', ''), '0', observeWhole, '"arguments"'),
    ];
    const edit = fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2 }), fc.constantFrom('"', '\\', '0', '1', 'u', 'a', '}', '\u0001', '\ud800', 'é'));
    for (const s of shapes) {
      expect(s).toBeDefined();
      if (!s) continue;
      fc.assert(
        fc.property(fc.string({ unit: 'binary' }), fc.nat({ max: 2_000_000_000 }), fc.string({ maxLength: 6 }), fc.array(edit, { maxLength: 4 }), fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), (args, index, pad, edits, before, after) => {
          let data = frag(String(index), args, pad.replace(/["\\]/g, ''));
          if (s.padEnd === undefined) data = data.replace(/,"obfuscation":"[^"]*"/, '');
          for (const [at, kind, ch] of edits) {
            const p = at % (data.length + 1);
            data = kind === 0 ? data.slice(0, p) + ch + data.slice(p + 1) : kind === 1 ? data.slice(0, p) + ch + data.slice(p) : data.slice(0, p) + data.slice(p + 1);
          }
          const out = { key: '', end: 0 };
          const start = fitShape(s, data, out);
          expect(start < 0 ? undefined : [out.key, data.slice(start, out.end)]).toEqual(byParts(s, data));
          // read in place inside a longer text (the event's own last character too, not a part of it): the same,
          // offsets shifted
          const around = `${before}${data}${after}`;
          for (const cut of data.length > 0 ? [0, 1] : [0]) {
            const shifted = fitShapeIn(s, around, before.length, before.length + data.length - cut, out);
            expect(shifted < 0 ? undefined : [out.key, around.slice(shifted, out.end)]).toEqual(byParts(s, data.slice(0, data.length - cut)));
          }
        }),
        { numRuns: 1000 },
      );
    }
  });

  const fragments = fc.array(fc.string({ unit: 'binary' }), { maxLength: 6 });
  const spec: fc.Arbitrary<TurnSpec> = fc.record({
    text: fc.array(fc.string(), { maxLength: 3 }),
    reasoning: fc.constant([]),
    calls: fc.array(fc.record({ id: fc.string(), name: fc.string({ minLength: 1 }), fragments }), { maxLength: 4 }),
    interleave: fc.boolean(),
  });
  const edit = fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2 }), fc.nat(), fc.constantFrom('"', '\\', '{', '}', ',', ' ', '0', '1', ':', ']', '\u0001'));
  const padded = (data: string, pad: string): string => (data.endsWith('}') ? `${data.slice(0, -1)},"obfuscation":${JSON.stringify(pad)}}` : data);

  it.each(['openai-chat', 'anthropic-messages'] as const)('%s: the same calls with shapes as with every event parsed whole', (wire) => {
    fc.assert(
      fc.property(spec, fc.array(fc.string({ maxLength: 8 }), { minLength: 1 }), fc.array(edit, { maxLength: 6 }), (s, pads, edits) => {
        const frames: { -readonly [K in keyof Frame]: Frame[K] }[] = framesFromSse(encodeTurn(wire, s)).map((f, i) => (wire === 'openai-chat' ? { ...f, data: padded(f.data, pads[i % pads.length] as string) } : { ...f }));
        for (const [which, kind, at, ch] of edits) {
          const f = frames[which % Math.max(1, frames.length)];
          if (!f) continue;
          const p = at % (f.data.length + 1);
          f.data = kind === 0 ? f.data.slice(0, p) + ch + f.data.slice(p + 1) : kind === 1 ? f.data.slice(0, p) + ch + f.data.slice(p) : f.data.slice(0, p) + f.data.slice(p + 1);
        }
        expect(readCarried(wire, frameTableOf(frames))).toEqual(wholeTruth(wire, frames));
      }),
      { numRuns: 400 },
    );
  });
});
