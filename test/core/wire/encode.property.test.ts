import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WIRES, type Signal, type WireId } from '../../../src/core/types';
import { detectWire, encodeTurn, isTerminalSignals, type TurnSpec } from '../../../src/core/wire';
import { encodeTurnEvents, frameSse, geminiArgs } from '../../../src/core/wire/encode';
import { framesFromSse } from './frames';
import { frameTableOf } from '../../../src/core/sse';
import { adaptLists } from './signals';

/** Arguments as the server would cut them: either valid JSON split anywhere, or arbitrary text pieces. */
const fragments = fc.oneof(
  fc
    .tuple(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), fc.array(fc.nat(), { maxLength: 6 }))
    .map(([value, cuts]) => {
      const text = JSON.stringify(value);
      const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
      const out: string[] = [];
      let prev = 0;
      for (const c of at) {
        out.push(text.slice(prev, c));
        prev = c;
      }
      out.push(text.slice(prev));
      return out;
    }),
  fc.array(fc.string({ unit: 'binary' }), { maxLength: 6 }),
);

const spec: fc.Arbitrary<TurnSpec> = fc
  .record(
    {
      text: fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 4 }),
      reasoning: fc.array(fc.string(), { maxLength: 4 }),
      calls: fc.array(fc.record({ name: fc.string({ minLength: 1 }), fragments }), { maxLength: 4 }),
      interleave: fc.boolean(),
      usage: fc.record({ inputTokens: fc.nat(), outputTokens: fc.nat() }),
    },
    { requiredKeys: ['calls'] },
  )
  .map((s) => ({ ...s, calls: s.calls.map((c, i) => ({ id: `call_${i}_${c.name.length}`, ...c })) }));

interface Assembled {
  calls: { id: string; name: string; args: string }[];
  keys: string[];
  text: string;
  reasoning: string;
  usage: { inputTokens?: number; outputTokens?: number };
  terminal: number[];
}

/** A minimal reader of the signals: calls in order of their first start, args concatenated per key. */
function assemble(wire: WireId, signals: Signal[][]): Assembled {
  const byKey = new Map<string, { id: string; name: string; args: string }>();
  const out: Assembled = { calls: [], keys: [], text: '', reasoning: '', usage: {}, terminal: [] };
  signals.forEach((list, i) => {
    if (isTerminalSignals(wire, list)) out.terminal.push(i);
    for (const s of list) {
      if (s.kind === 'call-start' && !byKey.has(s.key)) {
        const call = { id: s.id ?? '', name: s.name ?? '', args: '' };
        byKey.set(s.key, call);
        out.calls.push(call);
        out.keys.push(s.key);
      } else if (s.kind === 'args') {
        const call = byKey.get(s.key);
        if (call) call.args += s.text;
      } else if (s.kind === 'call-complete' && wire === 'gemini') {
        out.calls.push({ id: s.id, name: s.name, args: s.args });
        out.keys.push(s.key);
      } else if (s.kind === 'text') out.text += s.text;
      else if (s.kind === 'reasoning') out.reasoning += s.text;
      else if (s.kind === 'usage') Object.assign(out.usage, s);
    }
  });
  delete (out.usage as { kind?: string }).kind;
  return out;
}

describe('encodeTurn -> adaptFrames round trip', () => {
  it.each(WIRES)('%s: ids, names and per-key arguments come back; one terminal frame, the last', (wire) => {
    fc.assert(
      fc.property(spec, (s) => {
        const frames = framesFromSse(encodeTurn(wire, s));
        const signals = adaptLists(wire, frameTableOf(frames));
        expect(signals).toHaveLength(frames.length);
        expect(detectWire(frameTableOf(frames))).toBe(wire);
        const got = assemble(wire, signals);
        const expected = s.calls.map((c) => ({
          id: c.id,
          name: c.name,
          args: wire === 'gemini' ? JSON.stringify(geminiArgs(c.fragments)) : c.fragments.join(''),
        }));
        expect(got.calls).toStrictEqual(expected);
        const offset = wire === 'openai-chat' || wire === 'gemini' ? 0 : Number((s.reasoning ?? []).length > 0) + Number((s.text ?? []).length > 0);
        expect(got.keys).toStrictEqual(s.calls.map((_, i) => String(offset + i)));
        expect(got.text).toBe((s.text ?? []).join(''));
        expect(got.reasoning).toBe((s.reasoning ?? []).join(''));
        expect(got.usage).toStrictEqual({ ...s.usage });
        expect(got.terminal).toStrictEqual([frames.length - 1]);
        for (const list of signals) expect(list.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });

  it('Gemini sends valid JSON arguments as the object itself, so they come back byte for byte', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), (value) => {
        const text = JSON.stringify(value);
        const spec = { calls: [{ id: 'c1', name: 'f', fragments: [text.slice(0, 3), text.slice(3)] }] };
        const got = assemble('gemini', adaptLists('gemini', frameTableOf(framesFromSse(encodeTurn('gemini', spec)))));
        expect(got.calls).toStrictEqual([{ id: 'c1', name: 'f', args: text }]);
      }),
    );
  });

  it('Responses: call-end and call-complete carry each call\'s whole arguments', () => {
    fc.assert(
      fc.property(spec, (s) => {
        const signals = adaptLists('openai-responses', frameTableOf(framesFromSse(encodeTurn('openai-responses', s)))).flat();
        const ends = signals.filter((x) => x.kind === 'call-end').map((x) => (x.kind === 'call-end' ? x.args : null));
        const completes = signals.flatMap((x) => (x.kind === 'call-complete' ? [[x.id, x.name, x.args]] : []));
        expect(ends).toStrictEqual(s.calls.map((c) => c.fragments.join('')));
        expect(completes).toStrictEqual(s.calls.map((c) => [c.id, c.name, c.fragments.join('')]));
      }),
      { numRuns: 100 },
    );
  });

  it('Chat interleave round-robins the calls: with two calls of two fragments, keys alternate', () => {
    const s: TurnSpec = {
      calls: [
        { id: 'a', name: 'f', fragments: ['{"x":', '1}'] },
        { id: 'b', name: 'g', fragments: ['{"y":', '2}'] },
      ],
      interleave: true,
    };
    const keys = adaptLists('openai-chat', frameTableOf(framesFromSse(encodeTurn('openai-chat', s))))
      .flat()
      .flatMap((x) => (x.kind === 'args' ? [x.key] : []));
    expect(keys).toStrictEqual(['0', '1', '0', '1', '0', '1']);
  });

  it('Responses ends with the finish the spec names', () => {
    const last = (finish: string) => {
      const frames = framesFromSse(encodeTurn('openai-responses', { calls: [], finish }));
      return { event: frames.at(-1)?.event, signals: adaptLists('openai-responses', frameTableOf(frames)).at(-1) };
    };
    expect(last('incomplete:max_output_tokens')).toStrictEqual({
      event: 'response.incomplete',
      signals: [{ kind: 'finish', reason: 'incomplete:max_output_tokens' }],
    });
    expect(last('failed').event).toBe('response.failed');
    expect(last('failed').signals?.[0]).toStrictEqual({ kind: 'finish', reason: 'failed' });
  });
});

const DELETE = Symbol('delete');

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
type Op = [number, unknown];

/** Apply edits to a parsed JSON value: delete or replace the n-th (container, key) pair, depth first. */
function mutate(value: unknown, ops: readonly Op[]): unknown {
  const root = { v: value } as Record<string, unknown>;
  for (const [n, replacement] of ops) {
    const slots: [Record<string, unknown> | unknown[], string | number][] = [];
    const walk = (c: Record<string, unknown> | unknown[]): void => {
      for (const k of Object.keys(c)) {
        const key = Array.isArray(c) ? Number(k) : k;
        slots.push([c, key]);
        const child = (c as Record<string, unknown>)[k];
        if (typeof child === 'object' && child !== null) walk(child as Record<string, unknown>);
      }
    };
    walk(root);
    const slot = slots[n % slots.length];
    if (!slot) continue;
    const [c, k] = slot;
    if (replacement === DELETE) {
      if (Array.isArray(c)) c.splice(k as number, 1);
      else delete c[k as string];
    } else (c as Record<string | number, unknown>)[k] = replacement;
  }
  return root.v;
}

describe('adapters on mutated streams', () => {
  const op = fc.tuple(fc.nat(), fc.oneof(fc.constant(DELETE), fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(null, '', 0, -1, 1.5, [], {})));
  const edit = fc.record({ frame: fc.nat(), ops: fc.array(op, { minLength: 1, maxLength: 4 }), cut: fc.option(fc.nat()) });

  it.each(WIRES)('%s: never throws, one non-empty signal list per frame', (wire) => {
    fc.assert(
      fc.property(spec, fc.array(edit, { maxLength: 6 }), fc.constantFrom(...WIRES), (s, edits, encodedAs) => {
        const events = encodeTurnEvents(encodedAs, s);
        for (const e of edits) {
          const target = events[e.frame % events.length];
          if (!target) continue;
          let data = target.data;
          const parsed = tryParse(data);
          if (parsed !== undefined) data = JSON.stringify(mutate(parsed, e.ops)) ?? 'null';
          if (e.cut !== null) data = data.slice(0, e.cut % (data.length + 1));
          target.data = data === '' ? '{' : data;
        }
        const frames = framesFromSse(frameSse(events));
        const signals = adaptLists(wire, frameTableOf(frames));
        expect(signals).toHaveLength(frames.length);
        for (const list of signals) {
          expect(list.length).toBeGreaterThan(0);
          for (const x of list) {
            if (x.kind === 'args' || x.kind === 'call-start' || x.kind === 'call-end') expect(typeof x.key).toBe('string');
            if (x.kind === 'text' || x.kind === 'reasoning' || x.kind === 'args') expect(typeof x.text).toBe('string');
            if (x.kind === 'error') expect(typeof x.message).toBe('string');
            if (x.kind === 'call-complete') expect([typeof x.id, typeof x.name, typeof x.args]).toStrictEqual(['string', 'string', 'string']);
          }
        }
        detectWire(frameTableOf(frames));
      }),
      { numRuns: 120 },
    );
  });

  it.each(WIRES)('%s: random JSON and random text as data never throw', (wire) => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(fc.json(), fc.string()), fc.string()), { maxLength: 20 }), (items) => {
        const frames = framesFromSse(
          items.map(([data, event]) => `event: x${event.replace(/[\r\n]/g, '')}\ndata: ${data.replace(/[\r\n]/g, ' ')}\n\n`).join(''),
        );
        const signals = adaptLists(wire, frameTableOf(frames));
        expect(signals).toHaveLength(frames.length);
        for (const list of signals) expect(list.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });
});
