// The signal table (src/core/wire/signal-table.ts, signal-builder.ts): the table-writing adapters give, frame by
// frame, exactly the signals the former per-frame adapters returned (kept in ./legacy as the oracle), on random and
// mutated streams of every wire, the wire fixtures and the shipped recordings; any list of signals survives the
// table (and a structured clone of it); the column readers agree with the objects.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { load } from '../../../src/core/load';
import { decodeRecording, frameTableOf } from '../../../src/core/sse';
import { WIRES, type FrameTable, type Signal, type WireId } from '../../../src/core/types';
import {
  adaptFrames,
  detectWire,
  encodeTurn,
  FRAME_KINDS,
  frameKind,
  frameKinds,
  isTerminalAt,
  PIECE_CHARS,
  signalKey,
  signalKind,
  signalLists,
  signalsAt,
  signalTableBuffers,
  signalTableOf,
  signalText,
  textIs,
  textStartsWith,
  usageOf,
  type TurnSpec,
} from '../../../src/core/wire';
import { edit, fixture, framesFromSse, framesFromTurns, mutate } from './frames';
import { legacyAdaptFrames, legacyIsTerminal } from './legacy';

/** The new adapters against the old ones on these frames: signals, terminal frames and kinds. */
function expectSameAsLegacy(wire: WireId, table: FrameTable, envelopes = true): void {
  const signals = adaptFrames(wire, table, { envelopes });
  const old = legacyAdaptFrames(wire, table, { envelopes });
  expect(signals.frames).toBe(table.count);
  expect(signalLists(signals)).toStrictEqual(old);
  const kinds = frameKinds(signals);
  for (let f = 0; f < table.count; f++) {
    const list = old[f] as Signal[];
    expect(isTerminalAt(wire, signals, f)).toBe(legacyIsTerminal(wire, list));
    expect(FRAME_KINDS[kinds[f] as number]).toBe(frameKind(list));
  }
}

const fragments = fc.array(fc.string({ unit: 'binary' }), { maxLength: 5 });
const spec: fc.Arbitrary<TurnSpec> = fc.record({
  text: fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 6 }),
  reasoning: fc.array(fc.string(), { maxLength: 3 }),
  calls: fc.array(fc.record({ id: fc.string(), name: fc.string({ minLength: 1 }), fragments }), { maxLength: 3 }),
  interleave: fc.boolean(),
  usage: fc.option(fc.record({ inputTokens: fc.nat(), outputTokens: fc.nat() }), { nil: undefined }),
});


describe('adaptFrames writes the signals the per-frame adapters returned', () => {
  it.each(WIRES)('%s: random streams of several turns, mutated or not, with and without templates', (wire) => {
    fc.assert(
      fc.property(fc.array(spec, { minLength: 1, maxLength: 3 }), fc.array(edit, { maxLength: 8 }), fc.boolean(), (specs, edits, envelopes) => {
        const frames = mutate(framesFromTurns(specs.map((s) => encodeTurn(wire, s))), edits);
        expectSameAsLegacy(wire, frameTableOf(frames), envelopes);
      }),
      { numRuns: 120 },
    );
  });

  it.each(WIRES)('%s: any stream read as this wire (other wires\' events, junk)', (wire) => {
    fc.assert(
      fc.property(fc.constantFrom(...WIRES), spec, fc.array(edit, { maxLength: 4 }), (other, s, edits) => {
        expectSameAsLegacy(wire, frameTableOf(mutate(framesFromSse(encodeTurn(other, s)), edits)));
      }),
      { numRuns: 60 },
    );
  });

  it('the wire fixtures', () => {
    const dirs: Record<string, WireId> = { anthropic: 'anthropic-messages', chat: 'openai-chat', gemini: 'gemini', responses: 'openai-responses' };
    let files = 0;
    for (const [dir, wire] of Object.entries(dirs)) {
      for (const name of readdirSync(new URL(`../../fixtures/wire/${dir}/`, import.meta.url))) {
        expectSameAsLegacy(wire, frameTableOf(framesFromSse(fixture(`${dir}/${name}`))));
        files++;
      }
    }
    expect(files).toBeGreaterThan(20);
  });

  it('the shipped recordings', () => {
    const dir = new URL('../../../public/recordings/', import.meta.url);
    const names = readdirSync(dir).filter((n) => n.endsWith('.jsonl'));
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const loaded = load(readFileSync(new URL(name, dir), 'utf8'), name);
      if (!loaded.ok) throw new Error(`${name}: ${loaded.error.message}`);
      const { frames } = decodeRecording(loaded.recording);
      const wire = loaded.recording.header.wire ?? detectWire(frames) ?? 'openai-chat';
      expectSameAsLegacy(wire, frames);
    }
  });
});

const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const key = fc.constantFrom('0', '1', '2', '17', '65536');
const signal: fc.Arbitrary<Signal> = fc.oneof(
  text.map((t): Signal => ({ kind: 'text', text: t })),
  text.map((t): Signal => ({ kind: 'reasoning', text: t })),
  fc.record({ key, id: fc.option(text, { nil: undefined }), name: fc.option(text, { nil: undefined }) }).map(({ key: k, id, name }): Signal => ({
    kind: 'call-start',
    key: k,
    ...(id !== undefined && { id }),
    ...(name !== undefined && { name }),
  })),
  fc.record({ key, text }).map(({ key: k, text: t }): Signal => ({ kind: 'args', key: k, text: t })),
  fc.record({ key, args: fc.option(text, { nil: undefined }) }).map(({ key: k, args }): Signal => (args === undefined ? { kind: 'call-end', key: k } : { kind: 'call-end', key: k, args })),
  fc.record({ key, id: text, name: text, args: text }).map((r): Signal => ({ kind: 'call-complete', ...r })),
  text.map((reason): Signal => ({ kind: 'finish', reason })),
  fc.record({ i: fc.option(fc.double({ noNaN: true }), { nil: undefined }), o: fc.option(fc.integer(), { nil: undefined }) }).map(({ i, o }): Signal => ({
    kind: 'usage',
    ...(i !== undefined && { inputTokens: i }),
    ...(o !== undefined && { outputTokens: o }),
  })),
  fc.record({ message: text, errorType: fc.option(text, { nil: undefined }) }).map(({ message, errorType }): Signal =>
    errorType === undefined ? { kind: 'error', message } : { kind: 'error', message, errorType },
  ),
  fc.constantFrom('done', 'ping', 'unknown-event:x', 'invalid-json', '').map((why): Signal => ({ kind: 'ignored', why })),
  text.map((why): Signal => ({ kind: 'ignored', why })),
);

describe('SignalTable', () => {
  it('gives back any lists of signals, also after a structured clone of the table', () => {
    fc.assert(
      fc.property(fc.array(fc.array(signal, { maxLength: 4 }), { maxLength: 30 }), (lists) => {
        const table = signalTableOf(lists);
        expect(signalLists(table)).toStrictEqual(lists);
        expect(signalLists(structuredClone(table))).toStrictEqual(lists);
        expect(table.start[table.frames]).toBe(table.count);
        for (let f = 0; f < lists.length; f++) expect(signalsAt(table, f)).toStrictEqual(lists[f]);
      }),
      { numRuns: 300 },
    );
  });

  it('gives each frame the kind of its signals (frameKinds in one pass = frameKind per frame)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(signal, { maxLength: 4 }), { maxLength: 30 }), (lists) => {
        expect(Array.from(frameKinds(signalTableOf(lists)))).toStrictEqual(lists.map((l) => FRAME_KINDS.indexOf(frameKind(l))));
      }),
      { numRuns: 300 },
    );
  });

  it('reads an undefined call id, name or token count as absent (the adapters build one shape per signal kind)', () => {
    const lists: Signal[][] = [
      [{ kind: 'call-start', key: '0', id: undefined, name: undefined }],
      [{ kind: 'call-start', key: '1', id: 'c', name: undefined }],
      [{ kind: 'usage', inputTokens: undefined, outputTokens: 3 }],
      [{ kind: 'usage', inputTokens: 2, outputTokens: undefined }],
    ];
    expect(signalLists(signalTableOf(lists))).toStrictEqual([
      [{ kind: 'call-start', key: '0' }],
      [{ kind: 'call-start', key: '1', id: 'c' }],
      [{ kind: 'usage', outputTokens: 3 }],
      [{ kind: 'usage', inputTokens: 2 }],
    ]);
  });

  it('the column readers agree with the objects', () => {
    fc.assert(
      fc.property(fc.array(signal, { maxLength: 40 }), (list) => {
        const table = signalTableOf([list]);
        list.forEach((s, i) => {
          expect(signalKind(table, i)).toBe(s.kind);
          expect(signalKey(table, i)).toBe('key' in s ? s.key : undefined);
          const own = s.kind === 'text' || s.kind === 'reasoning' || s.kind === 'args' ? s.text : s.kind === 'ignored' ? s.why : s.kind === 'error' ? s.message : s.kind === 'call-complete' || s.kind === 'call-end' ? s.args : undefined;
          expect(signalText(table, i)).toBe(own ?? '');
          if (own !== undefined) {
            expect(textIs(table, i, own)).toBe(true);
            expect(textIs(table, i, own + 'x')).toBe(false);
            expect(textStartsWith(table, i, own.slice(0, 3))).toBe(true);
          }
          if (s.kind === 'usage') expect(usageOf(table, i)).toStrictEqual({ ...(s.inputTokens !== undefined && { inputTokens: s.inputTokens }), ...(s.outputTokens !== undefined && { outputTokens: s.outputTokens }) });
        });
      }),
      { numRuns: 200 },
    );
  });

  it('cuts its text into pieces between texts; a text longer than a piece gets one of its own', () => {
    const long = 'x'.repeat(PIECE_CHARS + 5);
    const lists: Signal[][] = [[{ kind: 'text', text: 'a' }], [{ kind: 'args', key: '0', text: long }], [{ kind: 'text', text: 'b'.repeat(PIECE_CHARS - 1) }, { kind: 'ignored', why: 'done' }], [{ kind: 'ignored', why: 'done' }]];
    const table = signalTableOf(lists);
    expect(signalLists(table)).toStrictEqual(lists);
    expect(table.pieces.length).toBeGreaterThanOrEqual(3);
    for (const p of table.pieces.slice(0, -1)) expect(p.length).toBeLessThanOrEqual(PIECE_CHARS + 5);
    // a repeated reason is written once
    expect(table.piece[3]).toBe(table.piece[4]);
    expect(table.textStart[3]).toBe(table.textStart[4]);
  });

  it('is typed arrays and a few strings: its buffers transfer, one per column', () => {
    const table = adaptFrames('openai-chat', frameTableOf(framesFromSse(encodeTurn('openai-chat', { text: ['Hi', ' there'], calls: [{ id: 'c', name: 'f', fragments: ['{"a":', '1}'] }] }))));
    const buffers = signalTableBuffers(table);
    expect(new Set(buffers).size).toBe(buffers.length);
    expect(buffers.length).toBe(9);
    expect(table.strings.length).toBeLessThan(8);
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(table, buffers);
    port1.close();
    port2.close();
    expect(table.kind.length).toBe(0); // transferred: the sender's columns are gone
  });
});
