// A turn's chunks as a ChunkTable: every loader's table, read chunk by chunk with chunkAt, is what the loaders made
// as one {time, bytes} object per chunk before (the references below are those loaders' rules, restated plainly).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkAt, chunkBytes, chunkCount, chunkIndexAt, chunkList, chunkTime, emptyTable, sameChunks, tableOf } from '../../../src/core/chunk-table';
import { decodeBase64, encodeBase64, load, recordingFromSse } from '../../../src/core/load';
import { scanBlockEnds } from '../../../src/core/load/block-scanner';
import { blockEnds } from '../../../src/core/load/blocks';
import { segmentBytes } from '../../../src/core/sse/segment';
import { ms, type Chunk, type ChunkTable, type LoadResult, type Recording } from '../../../src/core/types';
import { concat } from '../sse/helpers';

const plain = (chunks: readonly Chunk[]) => chunks.map((c) => ({ time: c.time, bytes: Array.from(c.bytes) }));
const plainTable = (t: ChunkTable) => plain(Array.from({ length: chunkCount(t) }, (_, k) => chunkAt(t, k)));
const enc = new TextEncoder();

function ok(r: LoadResult): Recording {
  if (!r.ok) throw new Error(r.error.message);
  return r.recording;
}

/** The raw SSE loader's old rule: one chunk per segmentBytes block (and the rest), 100 ms apart from 100 ms. */
function oldSseChunks(bytes: Uint8Array): Chunk[] {
  const out: Chunk[] = [];
  const rest = segmentBytes(bytes, (start, _blank, end) => out.push({ time: ms(100 + out.length * 100), bytes: bytes.subarray(start, end) }));
  if (rest < bytes.length) out.push({ time: ms(100 + out.length * 100), bytes: bytes.subarray(rest) });
  return out;
}

/** The .jsonl reader's old rule, for files whose every line after the header is a well-formed event. */
function oldJsonlChunks(bytes: Uint8Array): Chunk[][] {
  const lines = new TextDecoder().decode(bytes).split('\n').slice(1);
  const turns: Chunk[][] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    const [time, code, data] = JSON.parse(line) as [number, string, unknown];
    if (code === 'req') turns.push([]);
    else if (code === 'chunk') turns[turns.length - 1]!.push({ time: ms(time), bytes: enc.encode(data as string) });
    else if (code === 'bytes') {
      const r = decodeBase64(data as string);
      if (r.ok) turns[turns.length - 1]!.push({ time: ms(time), bytes: r.bytes });
    }
  }
  return turns;
}

/** SSE-ish bytes: mostly ASCII, many LFs, some CRs, multi-byte characters and bytes that are not UTF-8. */
const sseBytes = (withCr: boolean) =>
  fc
    .array(fc.constantFrom(...['d', 'a', ':', ' ', '\n', '\n\n', '\n', 'é', '😀', 'x', '\x0b', '\x0c', ...(withCr ? ['\r', '\r\n'] : [])].map((s) => enc.encode(s)), Uint8Array.of(0xff), Uint8Array.of(0x0a, 0x0a, 0x0a)), { maxLength: 120 })
    .map(concat);

/** `bytes` at byte offset `shift` of a larger buffer (the word scan must not assume alignment). */
function shifted(bytes: Uint8Array, shift: number): Uint8Array {
  const big = new Uint8Array(bytes.length + shift + 5).fill(0x0a);
  big.set(bytes, shift);
  return big.subarray(shift, shift + bytes.length);
}

describe('blockEnds and the large-input scanner', () => {
  it('end the blocks segmentBytes finds, at any alignment, with or without CR', () => {
    fc.assert(
      fc.property(fc.boolean().chain(sseBytes), fc.integer({ min: 0, max: 7 }), (raw, shift) => {
        const bytes = shifted(raw, shift);
        const expected: number[] = [];
        const rest = segmentBytes(bytes, (_s, _b, end) => expected.push(end));
        if (rest < bytes.length) expected.push(bytes.length);
        expect(Array.from(blockEnds(bytes))).toEqual(expected);
        expect(Array.from(scanBlockEnds(bytes))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('the scanner ends the same blocks when long runs without a low byte are skipped four words at a time', () => {
    // lines of 13 to 70 bytes with no byte below 0x0E, so whole groups of four words are passed over unread
    const long = fc.constantFrom(...['x'.repeat(13), 'y'.repeat(16), 'z'.repeat(31), 'w'.repeat(70), 'data: ' + 'é'.repeat(9)].map((s) => enc.encode(s)));
    const short = fc.constantFrom(...['\n', '\n\n', '\t', '\x0b', 'a', ':'].map((s) => enc.encode(s)));
    const bytes = fc.array(fc.oneof(long, short), { maxLength: 60 }).map(concat);
    fc.assert(
      fc.property(bytes, fc.integer({ min: 0, max: 7 }), (raw, shift) => {
        const input = shifted(raw, shift);
        const expected: number[] = [];
        const rest = segmentBytes(input, (_s, _b, end) => expected.push(end));
        if (rest < input.length) expected.push(input.length);
        expect(Array.from(scanBlockEnds(input))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the loaders build tables that read as the old chunk objects', () => {
  it('raw SSE: one chunk per block, bytes a view of the input, 100 ms apart', () => {
    fc.assert(
      fc.property(fc.boolean().chain(sseBytes), (raw) => {
        // a comment block first keeps the invalid bytes under the sniffer's binary share (sniff.ts BINARY_RATIO): up to
        // 120 of them in `raw`, which alone would be read as binary data and refused
        const bytes = Uint8Array.from([...enc.encode(`: ${'x'.repeat(1300)}\n\ndata: 1\n\n`), ...raw]);
        const rec = ok(load(bytes, 'x.sse'));
        const table = rec.turns[0]!.chunks;
        expect(plainTable(table)).toEqual(plain(oldSseChunks(bytes)));
        expect(table.bytes.buffer).toBe(bytes.buffer);
      }),
      { numRuns: 200 },
    );
  });

  it('.jsonl: chunk texts (escaped or not, any characters, raw bytes that are not UTF-8) and base64 bytes, per turn', () => {
    const text = fc.string({ unit: fc.oneof(fc.constantFrom('"', '\\', '\n', '\r', '/', 'é', '\u2028', '😀', 'a', ' '), fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c))), maxLength: 30 });
    const event = fc.oneof(
      fc.record({ kind: fc.constant('chunk' as const), text, badByte: fc.boolean(), space: fc.constantFrom('', ' ', '\t') }),
      fc.record({ kind: fc.constant('bytes' as const), bytes: fc.uint8Array({ maxLength: 12 }) }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(event, { maxLength: 6 }), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 40 }), fc.constantFrom('bytes', 'pieces', 'string'), (turns, cut, as) => {
        const parts: Uint8Array[] = [enc.encode('{"streamscope":1}\n')];
        let t = 0;
        for (const evs of turns) {
          parts.push(enc.encode(`[${t++},"req",{}]\n`));
          for (const ev of evs) {
            if (ev.kind === 'bytes') parts.push(enc.encode(`[${t++},"bytes",${JSON.stringify(encodeBase64(ev.bytes))}]\n`));
            else {
              const line = `[${t++},"chunk",${JSON.stringify(ev.text)}${ev.space}]${ev.space}\n`;
              const b = enc.encode(line);
              // a byte that is not UTF-8 inside the string (just after its opening quote)
              parts.push(ev.badByte ? Uint8Array.from([...b.subarray(0, line.indexOf(',"', 5) + 2), 0xff, ...b.subarray(line.indexOf(',"', 5) + 2)]) : b);
            }
          }
        }
        const file = Uint8Array.from(parts.flatMap((p) => Array.from(p)));
        const input = as === 'string' ? new TextDecoder().decode(file) : as === 'pieces' ? [file.subarray(0, cut), file.subarray(cut)] : file;
        const rec = ok(load(input, 'x.jsonl'));
        const expected = oldJsonlChunks(as === 'string' ? enc.encode(input as string) : file);
        expect(rec.turns.map((turn) => plainTable(turn.chunks))).toEqual(expected.map(plain));
      }),
      { numRuns: 300 },
    );
  });

  it('NDJSON: one `data:` chunk per payload line, 100 ms apart', () => {
    const rec = ok(load('{"type":"a","x":"é"}\n[1,2]\n', 'x.ndjson'));
    expect(plainTable(rec.turns[0]!.chunks)).toEqual(
      plain([
        { time: ms(100), bytes: enc.encode('event: a\ndata: {"type":"a","x":"é"}\n\n') },
        { time: ms(200), bytes: enc.encode('data: [1,2]\n\n') },
      ]),
    );
  });

  it('HAR: one chunk per block, spread over the receive time', () => {
    const har = {
      log: {
        entries: [
          {
            startedDateTime: '2024-01-01T00:00:00.000Z',
            request: { method: 'POST', url: 'https://x/v1' },
            response: { content: { mimeType: 'text/event-stream', text: 'data: 1\n\ndata: 2\n\ndata: 3\n\nrest' } },
            timings: { send: 1, wait: 9, receive: 30 },
          },
        ],
      },
    };
    const rec = ok(load(JSON.stringify(har), 'x.har'));
    const t = rec.turns[0]!.chunks;
    expect(chunkList(t).map((c) => [c.time, new TextDecoder().decode(c.bytes)])).toEqual([
      [10, 'data: 1\n\n'],
      [20, 'data: 2\n\n'],
      [30, 'data: 3\n\n'],
      [40, 'rest'],
    ]);
  });

  it("recordingFromSse's other cuttings: whole, and fixed sizes", () => {
    expect(plainTable(recordingFromSse('data: a\n\n', { chunking: 'whole' }).turns[0]!.chunks)).toEqual(plain([{ time: ms(100), bytes: enc.encode('data: a\n\n') }]));
    const five = recordingFromSse('abcdefghijkl', { chunking: 5, startMs: 0, stepMs: 7 }).turns[0]!.chunks;
    expect(chunkList(five).map((c) => [c.time, new TextDecoder().decode(c.bytes)])).toEqual([
      [0, 'abcde'],
      [7, 'fghij'],
      [14, 'kl'],
    ]);
  });
});

describe('the table readers', () => {
  const chunks = fc.array(fc.record({ time: fc.double({ noNaN: true }).map(ms), bytes: fc.uint8Array({ maxLength: 6 }) }), { maxLength: 12 });

  it('tableOf then chunkList gives the chunks back; chunkIndexAt finds the chunk holding a byte', () => {
    fc.assert(
      fc.property(chunks, (list) => {
        const t = tableOf(list);
        expect(plain(chunkList(t))).toEqual(plain(list));
        expect(chunkCount(t)).toBe(list.length);
        let at = 0;
        list.forEach((c, k) => {
          expect(chunkTime(t, k)).toBe(c.time);
          expect(Array.from(chunkBytes(t, k))).toEqual(Array.from(c.bytes));
          for (let i = 0; i < c.bytes.length; i++) expect(chunkIndexAt(t, at + i)).toBe(k);
          at += c.bytes.length;
        });
        expect(sameChunks(t, tableOf(list))).toBe(true);
      }),
    );
  });

  it('chunkIndexAt: the last chunk starting at or before the offset', () => {
    const t = tableOf([
      { time: ms(1), bytes: Uint8Array.of(1, 2) },
      { time: ms(2), bytes: new Uint8Array(0) },
      { time: ms(3), bytes: Uint8Array.of(3) },
    ]);
    expect([0, 1, 2, 3].map((o) => chunkIndexAt(t, o))).toEqual([0, 0, 2, 2]);
    expect(chunkIndexAt(emptyTable(), 0)).toBe(-1);
  });

  it('sameChunks tells a changed time or byte', () => {
    const a = tableOf([{ time: ms(1), bytes: Uint8Array.of(1, 2) }]);
    expect(sameChunks(a, tableOf([{ time: ms(2), bytes: Uint8Array.of(1, 2) }]))).toBe(false);
    expect(sameChunks(a, tableOf([{ time: ms(1), bytes: Uint8Array.of(1, 3) }]))).toBe(false);
    expect(sameChunks(a, tableOf([{ time: ms(1), bytes: Uint8Array.of(1) }, { time: ms(1), bytes: Uint8Array.of(2) }]))).toBe(false);
  });
});
