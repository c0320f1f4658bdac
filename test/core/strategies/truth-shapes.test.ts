// The ground truth's shapes (src/core/strategies/ground-truth/shape.ts): an event that fits a shape says what a
// whole parse of it says, and the carried calls are the same with shapes as without them (every event parsed
// whole: the oracle), on random, padded, interleaved and mutated Chat and Anthropic streams.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANTHROPIC_SPEC, anthropicTurn, observeAnthropic, readAnthropic } from '../../../src/core/strategies/ground-truth/anthropic';
import { CHAT_SPEC, chatTurn, observeChat, readChat } from '../../../src/core/strategies/ground-truth/chat';
import { DIGITS, FREE, LITERAL, NAME, shapeFit, type Shape } from '../../../src/core/strategies/ground-truth/fit';
import { fitShapeIn, opsOf } from '../../../src/core/strategies/ground-truth/shape-fit';
import { makeShape } from '../../../src/core/strategies/ground-truth/shape';
import { readCarried } from '../../../src/core/strategies/ground-truth';
import { Tracer } from '../../../src/core/strategies/ground-truth/tracer';
import type { Frame } from '../../../src/core/types';
import { encodeTurn, type TurnSpec } from '../../../src/core/wire';
import { framesFromSse } from '../wire/frames';
import { frameTableOf } from '../../../src/core/sse';

type Wire = 'openai-chat' | 'anthropic-messages';

/** The truth without shapes: every event parsed whole (turn states that never build a shape). */
function wholeTruth(wire: Wire, frames: readonly Frame[]) {
  const t = new Tracer();
  let turn = -1;
  let chat = chatTurn();
  let anthropic = anthropicTurn();
  for (const f of frames) {
    if (f.turn !== turn) {
      turn = f.turn;
      t.at(f.turn);
      chat = chatTurn();
      chat.sched.wait = Infinity;
      anthropic = anthropicTurn();
      anthropic.sched.wait = Infinity;
    }
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

const chatRead = (data: string) => observeChat(data);
const anthropicRead = (data: string, event: string) => observeAnthropic(data, event);

const chunk = (call: string, pad = 'xy', choice = '0') =>
  `{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":${choice},"delta":{"tool_calls":[${call}]},"finish_reason":null}],"obfuscation":"${pad}"}`;
const start = (index: string, id: string, name: string, args = '""') => `{"index":${index},"id":${id},"type":"function","function":{"name":${name},"arguments":${args}}}`;
const frag = (index: string, args: string) => `{"index":${index},"function":{"arguments":${args}}}`;
const blockStart = (index: string, id: string, name: string, type = '"tool_use"') => `{"type":"content_block_start","index":${index},"content_block":{"type":${type},"id":${id},"name":${name},"input":{}}}`;

/** The shape contract read part by part (the reference for the regular expression): hole values and literal, or undefined. */
function byParts(s: Shape, data: string): unknown {
  if (!data.startsWith(s.fixed[0] as string)) return undefined;
  let i = (s.fixed[0] as string).length;
  const vals: unknown[] = [];
  for (let h = 0; h < s.holes.length; h++) {
    const kind = s.holes[h];
    const from = i;
    if (kind === DIGITS) {
      while (i - from < 9 && /[0-9]/.test(data[i] ?? '')) i++;
      if (i === from || (i > from + 1 && data[from] === '0')) return undefined;
      vals.push(String(Number(data.slice(from, i))));
    } else {
      if (data[i] !== '"') return undefined;
      i++;
      while (i < data.length && data[i] !== '"') i += data[i] === '\\' ? 2 : 1;
      if (i >= data.length) return undefined;
      i++;
      const lit = data.slice(from, i);
      if (kind === LITERAL) {
        try {
          JSON.parse(lit);
        } catch {
          return undefined;
        }
        vals.push(lit);
      } else {
        if ([...lit].some((ch) => ch === '\\' || ch.charCodeAt(0) < 32) || (kind === NAME && lit.length === 2)) return undefined;
        vals.push(kind === NAME ? lit.slice(1, -1) : undefined);
      }
    }
    if (!data.startsWith(s.fixed[h + 1] as string, i)) return undefined;
    i += (s.fixed[h + 1] as string).length;
  }
  return i === data.length ? vals : undefined;
}

/** What fitShapeIn reads of `text.slice(from, to)`, as byParts gives it. */
function fitted(s: Shape, text: string, from: number, to: number): unknown {
  const out = shapeFit();
  if (!fitShapeIn(s, text, from, to, out)) return undefined;
  return s.holes.map((kind, h) => (kind === LITERAL ? text.slice(out.start, out.end) : out.vals[h]));
}

describe('shapes with several holes', () => {
  it('a Chat call start: holes at the index, id, name, arguments and the pad; the choice index and the chunk id stay fixed', () => {
    const s = makeShape(chunk(start('2', '"call_a"', '"read_file"')), '', chatRead, CHAT_SPEC);
    expect(s).toBeDefined();
    if (!s) return;
    expect(s.holes).toEqual([DIGITS, NAME, NAME, LITERAL, FREE]);
    expect(s.fixed[0]).toContain('{"id":"chatcmpl-1",');
    expect(s.fixed[0]).toContain('"index":0,"delta"');
    expect(opsOf(s, chunk(start('17', '"call_é 数"', '"w"', '"{\\"a\\u0041"'), ''))).toEqual([
      ['start', '17', 'call_é 数', 'w'],
      ['fragment', '17', '{"aA'],
    ]);
    const misses = [
      chunk(start('01', '"c"', '"n"')),
      chunk(start('1e0', '"c"', '"n"')),
      chunk(start('-0', '"c"', '"n"')),
      chunk(start('1.0', '"c"', '"n"')),
      chunk(start('"1"', '"c"', '"n"')),
      chunk(start('1', '"\\u0063"', '"n"')),
      chunk(start('1', '"c\\"', '"n"')),
      chunk(start('1', '""', '"n"')),
      chunk(start('1', '"c"', '""')),
      chunk(start('1', '"c"', 'null')),
      chunk(start('1', '"c"', '"n"'), 'a\\u0041'),
      chunk(start('1', '"c"', '"n"'), 'xy', '1'),
      chunk(`{"id":"c","index":1,"type":"function","function":{"name":"n","arguments":""}}`),
      chunk(`{"index":1,"id":"c","type":"function","extra":1,"function":{"name":"n","arguments":""}}`),
      chunk(start('1', '"c"', '"n"')).replace('null', '"stop"'),
      `${chunk(start('1', '"c"', '"n"'))} `,
    ];
    for (const m of misses) expect(opsOf(s, m), m).toBeUndefined();
  });

  it('an Anthropic block start and stop; a block of another type and another event name do not fit', () => {
    const s = makeShape(blockStart('3', '"toolu_1"', '"get"'), 'content_block_start', anthropicRead, ANTHROPIC_SPEC);
    expect(s?.holes).toEqual([DIGITS, NAME, NAME]);
    if (!s) return;
    expect(opsOf(s, blockStart('40', '"t"', '"x y"'))).toEqual([
      ['block', '40', 'tool_use'],
      ['start', '40', 't', 'x y'],
    ]);
    expect(opsOf(s, blockStart('4', '"t"', '"n"', '"server_tool_use"'))).toBeUndefined();
    const stop = makeShape('{"type":"content_block_stop","index":0}', 'content_block_stop', anthropicRead, ANTHROPIC_SPEC);
    expect(stop && opsOf(stop, '{"type":"content_block_stop","index":12}')).toEqual([['stop', '12']]);
    expect(stop && opsOf(stop, '{"type":"content_block_stop","index":12,"x":1}')).toBeUndefined();
    // the event name decides when the data has no type: a shape fits only events of its own name
    const untyped = makeShape('{"index":0}', 'content_block_stop', anthropicRead, ANTHROPIC_SPEC);
    expect(untyped?.event).toBe('content_block_stop');
  });

  it('fitShapeIn (one regular expression) reads what the parts of the shape say, on mutated events, in place too', () => {
    const shapes = [
      makeShape(chunk(start('2', '"call_a"', '"read_file"')), '', chatRead, CHAT_SPEC),
      makeShape(chunk(frag('0', '"x"')), '', chatRead, CHAT_SPEC),
      makeShape(chunk(frag('0', '"x"')).replace(',"obfuscation":"xy"', ''), '', chatRead, CHAT_SPEC),
      makeShape(blockStart('0', '"a"', '"b"'), 'content_block_start', anthropicRead, ANTHROPIC_SPEC),
      makeShape('{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{"}}', 'content_block_delta', anthropicRead, ANTHROPIC_SPEC),
    ];
    const edit = fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2 }), fc.constantFrom('"', '\\', '0', '1', 'e', '-', '.', 'u', 'a', '}', ',', '\u0001', '\ud800', 'é'));
    for (const s of shapes) {
      expect(s).toBeDefined();
      if (!s) continue;
      fc.assert(
        fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 6, maxLength: 6 }), fc.nat({ max: 2_000_000_000 }), fc.array(edit, { maxLength: 4 }), fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), (strs, n, edits, before, after) => {
          // the shape's own text with values of every class (or not) in the holes, then edited
          let data = s.fixed[0] as string;
          s.holes.forEach((kind, h) => {
            const v = strs[h] as string;
            data += (kind === DIGITS ? String(n % (h % 2 ? 10 : 2_000_000_000)) : kind === LITERAL ? JSON.stringify(v) : `"${h % 2 ? v.replace(/["\\]/g, '') : v}"`) + (s.fixed[h + 1] as string);
          });
          for (const [at, kind, ch] of edits) {
            const p = at % (data.length + 1);
            data = kind === 0 ? data.slice(0, p) + ch + data.slice(p + 1) : kind === 1 ? data.slice(0, p) + ch + data.slice(p) : data.slice(0, p) + data.slice(p + 1);
          }
          expect(fitted(s, data, 0, data.length)).toEqual(byParts(s, data));
          const around = `${before}${data}${after}`;
          for (const cut of data.length > 0 ? [0, 1] : [0]) {
            expect(fitted(s, around, before.length, before.length + data.length - cut)).toEqual(byParts(s, data.slice(0, data.length - cut)));
          }
          // and an event that fits says what it says read whole
          const ops = opsOf(s, data);
          if (ops) expect(ops).toEqual(s.event === '' ? chatRead(data) : anthropicRead(data, s.event));
        }),
        { numRuns: 600 },
      );
    }
  });
});

// ---- whole streams: shapes against the oracle ----

/** A JSON string literal for `text`, some characters (at random) as \u escapes. */
const literalOf = (text: string, escapes: readonly boolean[]): string => {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (escapes[i % Math.max(1, escapes.length)] || c < 32 || c === 34 || c === 92) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += text[i];
  }
  return `${out}"`;
};

/** Ways an event goes slightly wrong (the near misses), or none. */
const NUMBERS = ['01', '1e0', '-0', '1.0', '0.5', '"1"', ' 1', 'null'];
const variant = fc.record({
  kind: fc.integer({ min: 0, max: 15 }), // 10 and over: as written normally
  number: fc.constantFrom(...NUMBERS),
  escapes: fc.array(fc.boolean(), { maxLength: 3 }),
  swap: fc.boolean(),
});
type Variant = { kind: number; number: string; escapes: boolean[]; swap: boolean };

/** A name or id as the event writes it: plain most of the time; else escaped, empty, reordered, extra (per variant). */
const str = (v: Variant, s: string, which: number): string => (v.kind === 1 && which === 0 ? literalOf(s, v.escapes.length ? v.escapes : [true]) : v.kind === 2 && which === 1 ? '""' : JSON.stringify(s));
const num = (v: Variant, n: number): string => (v.kind === 3 ? v.number : String(n));
const obj = (v: Variant, entries: [string, string][]): string => {
  const e = v.kind === 4 && v.swap ? [...entries].reverse() : v.kind === 5 ? [...entries, ['extra', '{"a":[1,"x"]}'] as [string, string]] : entries;
  return `{${e.map(([k, x]) => `${JSON.stringify(k)}:${x}`).join(',')}}`;
};

const callArb = fc.record({ id: fc.string({ unit: 'binary', maxLength: 6 }), name: fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }), fragments: fc.array(fc.string({ unit: 'binary', maxLength: 5 }), { maxLength: 5 }) });
const streamArb = fc.record({ calls: fc.array(callArb, { maxLength: 4 }), variants: fc.array(variant, { minLength: 1, maxLength: 40 }), pads: fc.array(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 4 }), cut: fc.boolean() });

type Stream = { calls: { id: string; name: string; fragments: string[] }[]; variants: Variant[]; pads: string[]; cut: boolean };

/** Chat SSE for the calls (interleaved starts and fragments), each chunk written per its variant. */
function chatSse(s: Stream): string {
  let n = 0;
  const next = (): Variant => s.variants[n++ % s.variants.length] as Variant;
  const out: string[] = [];
  const send = (v: Variant, call: string, finish = 'null') => {
    const pad = s.pads[n % s.pads.length] as string;
    const choice = obj(v, [['index', v.kind === 6 ? '1' : '0'], ['delta', `{"tool_calls":[${call}]}`], ['finish_reason', finish]]);
    out.push(`data: {"id":"chatcmpl-x","object":"chat.completion.chunk","created":1,"model":"m","choices":[${choice}]${v.kind === 7 ? '' : `,"obfuscation":${JSON.stringify(pad)}`}}\n\n`);
  };
  s.calls.forEach((c, i) => {
    const v = next();
    send(v, obj(v, [['index', num(v, i)], ['id', str(v, c.id, 0)], ['type', '"function"'], ['function', obj(v, [['name', str(v, c.name, 1)], ['arguments', '""']])]]));
  });
  const most = Math.max(0, ...s.calls.map((c) => c.fragments.length));
  for (let f = 0; f < most; f++)
    s.calls.forEach((c, i) => {
      const text = c.fragments[f];
      if (text === undefined) return;
      const v = next();
      send(v, obj(v, [['index', num(v, i)], ...(v.kind === 8 ? [['id', '""'] as [string, string]] : []), ['function', obj(v, [['arguments', v.kind === 1 ? literalOf(text, v.escapes) : JSON.stringify(text)]])]]));
    });
  if (!s.cut) out.push(`data: {"id":"chatcmpl-x","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\n`, 'data: [DONE]\n\n');
  return out.join('');
}

/** Anthropic SSE for the calls (text and server-tool blocks too), each event written per its variant. */
function anthropicSse(s: Stream): string {
  let n = 0;
  const next = (): Variant => s.variants[n++ % s.variants.length] as Variant;
  const out: string[] = ['event: message_start\ndata: {"type":"message_start","message":{"id":"m","content":[]}}\n\n'];
  const send = (v: Variant, type: string, entries: [string, string][]) => {
    const data = obj(v, v.kind === 9 && v.swap ? entries : [['type', JSON.stringify(type)], ...entries]);
    out.push(`event: ${v.kind === 9 && !v.swap ? 'ping' : type}\ndata: ${data}\n\n`);
  };
  s.calls.forEach((c, i) => {
    const v = next();
    const type = v.kind === 6 ? (v.swap ? 'server_tool_use' : 'text') : 'tool_use';
    send(v, 'content_block_start', [['index', num(v, i)], ['content_block', obj(v, [['type', JSON.stringify(type)], ['id', str(v, c.id, 0)], ['name', str(v, c.name, 1)], ['input', v.kind === 7 ? '{"a":1}' : '{}']])]]);
    for (const text of c.fragments) {
      const w = next();
      send(w, 'content_block_delta', [['index', num(w, i)], ['delta', obj(w, [['type', w.kind === 8 ? '"text_delta"' : '"input_json_delta"'], ['partial_json', w.kind === 1 ? literalOf(text, w.escapes) : JSON.stringify(text)]])]]);
    }
    const u = next();
    if (!s.cut || i < s.calls.length - 1) send(u, 'content_block_stop', [['index', num(u, i)]]);
  });
  if (!s.cut) out.push('event: message_stop\ndata: {"type":"message_stop"}\n\n');
  return out.join('');
}

const framesOf = (texts: readonly string[]): Frame[] => {
  const out: Frame[] = [];
  texts.forEach((t, turn) => out.push(...framesFromSse(t, turn, out.length)));
  return out;
};

describe('the same calls with shapes as with every event parsed whole', () => {
  it.each(['openai-chat', 'anthropic-messages'] as const)('%s: generated streams with escapes, unicode, reordered keys, extra fields, odd numbers', (wire) => {
    fc.assert(
      fc.property(fc.array(streamArb, { minLength: 1, maxLength: 3 }), (turns) => {
        const frames = framesOf(turns.map(wire === 'openai-chat' ? chatSse : anthropicSse));
        expect(readCarried(wire, frameTableOf(frames))).toEqual(wholeTruth(wire, frames));
      }),
      { numRuns: 300 },
    );
  });

  const fragments = fc.array(fc.string({ unit: 'binary' }), { maxLength: 6 });
  const spec: fc.Arbitrary<TurnSpec> = fc.record({
    text: fc.array(fc.string(), { maxLength: 3 }),
    reasoning: fc.constant([]),
    calls: fc.array(fc.record({ id: fc.string(), name: fc.string({ minLength: 1 }), fragments }), { maxLength: 4 }),
    interleave: fc.boolean(),
  });
  const edit = fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2 }), fc.nat(), fc.constantFrom('"', '\\', '{', '}', ',', ' ', '0', '1', 'e', '-', ':', ']', '\u0001'));
  const padded = (data: string, pad: string): string => (data.endsWith('}') ? `${data.slice(0, -1)},"obfuscation":${JSON.stringify(pad)}}` : data);

  it.each(['openai-chat', 'anthropic-messages'] as const)('%s: encoded turns, padded and edited at random', (wire) => {
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
      { numRuns: 300 },
    );
  });

  it.each(['openai-chat', 'anthropic-messages'] as const)('%s: a regular stream is read almost without parsing (the shapes are used)', (wire) => {
    const calls = Array.from({ length: 200 }, (_, i) => ({ id: `c${i}`, name: i % 2 ? 'read' : 'write', fragments: ['{"a":', `${i}`, '}'] }));
    const frames = framesFromSse(encodeTurn(wire, { calls, text: ['hi'] }));
    const parse = JSON.parse;
    let parses = 0;
    JSON.parse = ((t: string) => {
      parses++;
      return parse(t) as unknown;
    }) as typeof JSON.parse;
    let trace;
    try {
      trace = readCarried(wire, frameTableOf(frames));
    } finally {
      JSON.parse = parse;
    }
    expect(trace).toEqual(wholeTruth(wire, frames));
    // 200 calls' args checked by JSON.parse (valid), and a few events read whole and a few fills parsed to learn
    // the shapes (the oracle runs after, uncounted): not one parse per event
    expect(frames.length).toBeGreaterThan(800);
    expect(parses - 200).toBeLessThan(60);
  });
});
