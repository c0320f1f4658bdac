// Export to v1 .jsonl: load(serializeRecording(r)) gives r back (property), chunks that are not UTF-8 on their own
// are written as base64 "bytes", and the shipped recordings survive export unchanged.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeRecording } from '../../../src/core/export';
import { load } from '../../../src/core/load';
import { ms, turnIndex, type Mark, type Recording, type ToolRun, type Turn } from '../../../src/core/types';
import { chunkAt, chunkList, chunkTime, tableOf } from '../../../src/core/chunk-table';

function loaded(text: string | Uint8Array, name = 'x.jsonl'): Recording {
  const r = load(text, name);
  if (!r.ok) throw new Error(r.error.message);
  return r.recording;
}

/** What a round trip must keep (issues and the source format are about the original file, not the recording). */
const essence = (r: Recording) => ({
  header: r.header,
  turns: r.turns.map((t) => ({ ...t, chunks: chunkList(t.chunks).map((c) => ({ time: c.time, bytes: Array.from(c.bytes) })) })),
  tools: r.tools,
  marks: r.marks,
});

const time = fc.integer({ min: 0, max: 10_000_000 }).map((n) => ms(n / 10));
const jsonValue = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const localized = fc.record({ zh: text, en: text });
// bytes: valid UTF-8 text, arbitrary bytes (often invalid), and a character cut in two
const bytes = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }).map((s) => new TextEncoder().encode(s)),
  fc.uint8Array({ maxLength: 20 }),
  fc.constantFrom(new Uint8Array([0xe4, 0xbd]), new Uint8Array([0xa0]), new Uint8Array([0xef, 0xbb, 0xbf, 0x41])),
);
const turn = fc.record(
  {
    requestAt: time,
    request: jsonValue,
    chunks: fc.array(fc.record({ time, bytes }), { maxLength: 6 }),
    end: fc.record({ time, status: fc.constantFrom('complete' as const, 'aborted' as const, 'error' as const), note: text }, { requiredKeys: ['time', 'status'] }),
    final: fc.record({ time, message: jsonValue.filter((v) => v !== null) }),
  },
  { requiredKeys: ['requestAt', 'chunks'] },
);

const recording = fc
  .record({
    title: fc.option(localized, { nil: undefined }),
    wire: fc.constantFrom('anthropic-messages' as const, 'openai-chat' as const, 'openai-responses' as const, 'gemini' as const),
    extra: fc.option(jsonValue, { nil: undefined }),
    turns: fc.array(turn, { minLength: 1, maxLength: 4 }),
    tools: fc.array(fc.record({ time, turnPick: fc.nat(), callId: text, name: text, durationMs: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 10) }), { maxLength: 4 }),
    marks: fc.array(fc.record({ time, label: localized }), { maxLength: 4 }),
  })
  .map(({ title, wire, extra, turns, tools, marks }): Recording => {
    const ts: Turn[] = turns.map((t, index) => ({ index: turnIndex(index), ...t, chunks: tableOf(t.chunks) }) as Turn);
    // tools in turn order, as a recorder writes them (the loader keeps file order)
    const toolRuns: ToolRun[] = tools
      .map(({ turnPick, ...t }) => ({ ...t, time: t.time, turn: turnIndex(turnPick % ts.length) }))
      .sort((a, b) => a.turn - b.turn);
    return {
      header: { streamscope: 1, wire, ...(title && { title }), ...(extra !== undefined && { futureField: extra }) },
      format: 'jsonl',
      timed: true,
      turns: ts,
      tools: toolRuns,
      marks: marks as Mark[],
      issues: [],
    };
  });

describe('serializeRecording', () => {
  it('round-trips through load() (property)', () => {
    fc.assert(
      fc.property(recording, (rec) => {
        const text = serializeRecording(rec);
        const back = loaded(text);
        expect(back.issues).toEqual([]);
        expect(essence(back)).toEqual(essence(rec));
      }),
      { numRuns: 300 },
    );
  });

  it('writes a chunk that is not UTF-8 on its own as base64 "bytes", and UTF-8 text as "chunk"', () => {
    const rec = loaded('{"streamscope":1}\n[0,"req",{"turn":0}]\n[1,"bytes","5L0="]\n[2,"chunk","好"]\n');
    const lines = serializeRecording(rec).trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as unknown[])[1])).toEqual([undefined, 'req', 'bytes', 'chunk']);
    expect(JSON.parse(lines[2]!)).toEqual([1, 'bytes', '5L0=']);
    expect(JSON.parse(lines[3]!)).toEqual([2, 'chunk', '好']);
  });

  it('puts the header first with streamscope as its first key, one JSON document per line', () => {
    const rec = loaded('{"title":{"zh":"甲","en":"A"},"streamscope":1}\n[0,"req",{}]\n[5,"chunk","data: {}\\n\\n"]\n');
    const text = serializeRecording(rec);
    expect(text.startsWith('{"streamscope":1,')).toBe(true);
    for (const l of text.trimEnd().split('\n')) expect(() => JSON.parse(l) as unknown).not.toThrow();
  });

  it('keeps marks between the turns they fall between, and tools after their turn', () => {
    const src = [
      '{"streamscope":1}',
      '[0,"mark",{"zh":"开始","en":"start"}]',
      '[0,"req",{"turn":0}]',
      '[10,"chunk","a"]',
      '[20,"end",{"status":"complete"}]',
      '[25,"tool",{"turn":0,"callId":"c","name":"read","durationMs":4}]',
      '[30,"mark",{"zh":"工具后","en":"after tools"}]',
      '[40,"req",{"turn":1}]',
      '[50,"chunk","b"]',
    ].join('\n');
    const out = serializeRecording(loaded(src)).trimEnd().split('\n');
    expect(out.map((l) => (JSON.parse(l) as unknown[])[1] ?? 'header')).toEqual(['header', 'mark', 'req', 'chunk', 'end', 'tool', 'mark', 'req', 'chunk']);
  });

  it('writes a time that is not finite as 0 instead of a line the loader would skip', () => {
    const base = loaded('{"streamscope":1}\n[0,"req",{}]\n[1,"chunk","x"]\n');
    const turn = base.turns[0]!;
    const rec = { ...base, turns: [{ ...turn, chunks: tableOf([{ ...chunkAt(turn.chunks, 0), time: ms(Number.NaN) }]) }] };
    expect(chunkTime(loaded(serializeRecording(rec)).turns[0]!.chunks, 0)).toBe(0);
  });

  it('exports every shipped recording unchanged (header, turns, tools, marks)', () => {
    const dir = new URL('../../../public/recordings/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const rec = loaded(readFileSync(new URL(f, dir)), f);
      expect(essence(loaded(serializeRecording(rec))), f).toEqual(essence(rec));
    }
  });

  it('turns raw SSE text into a v1 recording with the same bytes', () => {
    const sse = 'event: ping\ndata: {}\n\ndata: {"a":1}\n\n';
    const rec = loaded(sse, 'x.sse');
    const back = loaded(serializeRecording(rec));
    expect(back.format).toBe('jsonl');
    const joined = (r: Recording) => new TextDecoder().decode(Uint8Array.from(r.turns.flatMap((t) => chunkList(t.chunks).flatMap((c) => Array.from(c.bytes)))));
    expect(joined(back)).toBe(sse);
  });

  it('writes a final message nested 100,000 levels in full (JSON.stringify alone overflows)', () => {
    const D = 100_000;
    const deep = `${'['.repeat(D)}${']'.repeat(D)}`;
    const rec = loaded(`{"streamscope":1}\n[0,"req",{}]\n[1,"chunk","data: {}\\n\\n"]\n[2,"final",{"message":{"a":${deep}}}]\n`);
    const text = serializeRecording(rec);
    expect(text).toContain(`[2,"final",{"turn":0,"message":{"a":${deep}}}]`);
    expect(loaded(text).turns[0]?.final).toBeDefined();
  });
});
