// Input in pieces: the loaders read bytes given as a list of pieces (a file read a piece at a time) and decode a
// block of whole lines at a time, never the whole file as one string. These tests cut inputs at every kind of
// place (inside a record, inside a multi-byte character, between CR and LF, inside the BOM) and check that the
// result is the same as reading the bytes whole; small pieces and small blocks stand in for a file too large
// for one string.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { load } from '../../../src/core/load';
import { LineReader } from '../../../src/core/load/line-reader';
import { toSource, type PieceStream } from '../../../src/core/load/source';
import { decodeRecording, framesOf } from '../../../src/core/sse';
import type { LoadResult, Recording } from '../../../src/core/types';
import { chunkCount, chunkList, emptyTable } from '../../../src/core/chunk-table';

const enc = new TextEncoder();

/** `bytes` cut at the given offsets (sorted, deduplicated). */
function cut(bytes: Uint8Array, at: readonly number[]): Uint8Array[] {
  const points = [...new Set(at.map((a) => Math.max(0, Math.min(bytes.length, a))))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const p of [...points, bytes.length]) {
    out.push(bytes.subarray(prev, p));
    prev = p;
  }
  return out;
}

/** Pieces of `size` bytes each. */
function every(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let s = 0; s < bytes.length; s += size) out.push(bytes.slice(s, s + size));
  return out;
}

/** The pieces as a PieceStream (declaring `size`), counting the calls to read(). */
function stream(pieces: readonly Uint8Array[], size = pieces.reduce((n, p) => n + p.length, 0)): PieceStream & { reads: number } {
  let i = 0;
  const s = {
    size,
    reads: 0,
    read(): Uint8Array | null {
      s.reads++;
      if (i > pieces.length) throw new Error('read() called again after it gave null');
      return i < pieces.length ? (pieces[i++] as Uint8Array) : (i++, null);
    },
  };
  return s;
}

function ok(r: LoadResult): Recording {
  if (!r.ok) throw new Error(`expected a recording, got: ${r.error.message}`);
  return r.recording;
}

/** What matters of a recording, chunk bytes as arrays (views into different buffers compare by content). */
function shape(rec: Recording) {
  return {
    header: rec.header,
    format: rec.format,
    turns: rec.turns.map((t) => ({ ...t, chunks: chunkList(t.chunks).map((c) => ({ time: c.time, bytes: Array.from(c.bytes) })) })),
    tools: rec.tools,
    marks: rec.marks,
    issues: rec.issues,
  };
}

/** The lines of a LineReader, with their byte offsets. */
function readLines(input: Uint8Array | Uint8Array[], block: number): [string, number][] {
  const reader = new LineReader(toSource(input), block);
  const out: [string, number][] = [];
  while (reader.next()) out.push([reader.text, reader.byteOffset()]);
  return out;
}

/** The same from the whole text: split on LF, one trailing CR removed, offsets by encoding what comes before. */
function expectedLines(bytes: Uint8Array): [string, number][] {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const out: [string, number][] = [];
  // byte offsets: an LF byte is an LF character, so the lines' byte starts are after the LF bytes
  const starts = [bom];
  for (let i = bom; i < bytes.length; i++) if (bytes[i] === 10) starts.push(i + 1);
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(bom));
  text.split('\n').forEach((line, i) => out.push([line.endsWith('\r') ? line.slice(0, -1) : line, starts[i] as number]));
  return out;
}

const jsonl = [
  '{"streamscope":1,"wire":"openai-chat","title":{"zh":"分片","en":"Pieces"},"provenance":{"kind":"synthetic"}}',
  '[0,"req",{"turn":0}]',
  '[10,"chunk","data: {\\"choices\\":[{\\"index\\":0,\\"delta\\":{\\"content\\":\\"héllo 世界 🎉\\"}}]}\\n\\n"]',
  'not json at all',
  '[12,"chunk","data: {\\"choices\\":[{\\"index\\":0,\\"delta\\":{\\"content\\":\\"再见\\"}}]}\\n\\n"]\r',
  '[14,"bytes","ZGF0YTogW0RPTkVdCgo="]',
  '[15,"mystery",{}]',
  '[16,"end",{"status":"complete"}]',
  '',
].join('\n');

describe('loading input given in pieces', () => {
  it('a .jsonl file in pieces of every size from 1 byte gives the recording the whole bytes give', () => {
    const bytes = enc.encode(`\uFEFF${jsonl}`);
    const whole = shape(ok(load(bytes, 'x.jsonl')));
    expect(whole.turns[0]?.chunks).toHaveLength(3);
    // the bad line's issue names its line and exact byte offset (after multi-byte characters and the BOM)
    const badAt = enc.encode(`\uFEFF${jsonl.slice(0, jsonl.indexOf('not json'))}`).length;
    expect(whole.issues.find((i) => i.code === 'bad-json')).toMatchObject({ line: 4, byteOffset: badAt });
    for (const size of [1, 2, 3, 5, 7, 64, 1000]) expect(shape(ok(load(every(bytes, size), 'x.jsonl'))), `pieces of ${size}`).toEqual(whole);
  });

  it('a record cut anywhere (inside a character, between CR and LF, inside the BOM) reads the same', () => {
    const bytes = enc.encode(`\uFEFF${jsonl}`);
    const whole = shape(ok(load(bytes, 'x.jsonl')));
    fc.assert(
      fc.property(fc.array(fc.nat({ max: bytes.length }), { maxLength: 12 }), (at) => {
        expect(shape(ok(load(cut(bytes, at), 'x.jsonl')))).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });

  it('raw SSE and NDJSON in pieces read the same as whole', () => {
    const sse = enc.encode('data: {"choices":[{"delta":{"content":"é"}}]}\n\nevent: x\r\ndata: 世界\r\n\r\ndata: [DONE]\n\n');
    const ndjson = enc.encode('{"type":"message_start","x":"é"}\n[1,2]\n\nnope\n{"type":"done"}\n');
    for (const [bytes, name] of [[sse, 'x.sse'], [ndjson, 'x.ndjson']] as const) {
      const whole = ok(load(bytes, name));
      for (const size of [1, 3, 10]) {
        const pieced = ok(load(every(bytes, size), name));
        expect(shape(pieced)).toEqual(shape(whole));
        expect(framesOf(decodeRecording(pieced).frames).map((f) => [f.event, f.data])).toEqual(framesOf(decodeRecording(whole).frames).map((f) => [f.event, f.data]));
      }
    }
  });

  it('lines decoded a small block at a time are the lines of the whole text, with exact byte offsets', () => {
    const unit = fc.oneof(
      fc.constantFrom('\n', '\r', '\r\n', 'a', ' ', 'é', '世', '🎉', '\uFEFF'),
      fc.constantFrom(new Uint8Array([0xe4, 0xb8]), new Uint8Array([0x80]), new Uint8Array([0xff]), new Uint8Array([0xf0, 0x9f, 0x8e])),
    );
    fc.assert(
      fc.property(fc.boolean(), fc.array(unit, { maxLength: 60 }), fc.array(fc.nat({ max: 200 }), { maxLength: 8 }), fc.integer({ min: 1, max: 24 }), (bom, units, at, block) => {
        const parts = units.map((u) => (typeof u === 'string' ? enc.encode(u) : u));
        const all = new Uint8Array([...(bom ? [0xef, 0xbb, 0xbf] : []), ...parts.flatMap((p) => Array.from(p))]);
        const expected = expectedLines(all);
        expect(readLines(cut(all, at), block)).toEqual(expected);
        expect(readLines(all, block)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('a file of many blocks in 4 KB pieces: every record, each cut by pieces and blocks, is read', () => {
    // about 3 MB, so the reader's 1 MB blocks end inside the file, and every 4 KB piece boundary cuts some record
    const lines = ['{"streamscope":1,"wire":"openai-chat","provenance":{"kind":"synthetic"}}', '[0,"req",{}]'];
    const n = 20_000;
    for (let i = 0; i < n; i++) lines.push(JSON.stringify([i, 'chunk', `data: {"choices":[{"index":0,"delta":{"content":"tök ${i} ${'x'.repeat(i % 200)}"}}]}\n\n`]));
    lines.push('[1e9,"end",{"status":"complete"}]', '{broken');
    const bytes = enc.encode(lines.join('\n'));
    expect(bytes.length).toBeGreaterThan(3 << 20);
    const rec = ok(load(every(bytes, 4096), 'big.jsonl'));
    expect(chunkCount(rec.turns[0]?.chunks ?? emptyTable())).toBe(n);
    expect(rec.turns[0]?.end?.status).toBe('complete');
    const broken = rec.issues.find((i) => i.code === 'bad-json');
    expect(broken).toMatchObject({ line: n + 4, byteOffset: bytes.length - '{broken'.length });
    const frames = framesOf(decodeRecording(rec).frames);
    expect(frames).toHaveLength(n);
    expect(frames[n - 1]?.data).toContain(`"tök ${n - 1} `);
  });

  it('a stream gives the recording its bytes give, in every format, whatever size it declares', () => {
    const har = enc.encode(JSON.stringify({ log: { entries: [{ request: { url: 'https://api.openai.com/v1/chat/completions', method: 'POST' }, response: { status: 200, content: { mimeType: 'text/event-stream', text: 'data: {"choices":[{"delta":{"content":"é"}}]}\n\ndata: [DONE]\n\n' } } }] } }));
    const inputs: [Uint8Array, string][] = [
      [enc.encode(`\uFEFF${jsonl}`), 'x.jsonl'],
      [enc.encode('data: {"choices":[{"delta":{"content":"é"}}]}\n\nevent: x\r\ndata: 世界\r\n\r\ndata: [DONE]\n\n'), 'x.sse'],
      [enc.encode('{"type":"message_start","x":"é"}\n[1,2]\n\nnope\n{"type":"done"}\n'), 'x.ndjson'],
      [har, 'x.har'],
      [enc.encode(`${'\n'.repeat(70_000)}  ${jsonl}`), 'blank-start.jsonl'],
      [enc.encode('   \n\t\n'), 'blank.jsonl'],
      [new Uint8Array(0), 'empty.jsonl'],
      [new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0]), 'x.jsonl.gz'],
    ];
    for (const [bytes, name] of inputs) {
      const whole = load(bytes, name);
      for (const size of [1, 7, 1000, 1 << 20]) {
        for (const declared of [bytes.length, 0, bytes.length * 2]) {
          const streamed = load(stream(every(bytes, size), declared), name);
          expect(streamed.ok, `${name} in pieces of ${size}, declared ${declared}`).toBe(whole.ok);
          if (whole.ok && streamed.ok) expect(shape(streamed.recording), `${name} in pieces of ${size}`).toEqual(shape(whole.recording));
          else expect(streamed).toEqual(whole);
        }
      }
    }
  });

  it('a stream cut anywhere reads the same; its start is read once, the rest as the reader goes', () => {
    const bytes = enc.encode(`\uFEFF${jsonl}`);
    const whole = shape(ok(load(bytes, 'x.jsonl')));
    fc.assert(
      fc.property(fc.array(fc.nat({ max: bytes.length }), { maxLength: 12 }), (at) => {
        const pieces = cut(bytes, at);
        const s = stream(pieces);
        expect(shape(ok(load(s, 'x.jsonl')))).toEqual(whole);
        // every piece read once, and the null at the end once
        expect(s.reads).toBe(pieces.length + 1);
      }),
      { numRuns: 200 },
    );
  });

  it('a stream that gets its pieces back (recycle) and overwrites them at once: the same recording, each piece back once, never the last', () => {
    // a stream that fills every piece it gets back with '{' (what a reader would see if it read one after)
    const recycling = (pieces: readonly Uint8Array[], declared: number) => {
      const s = stream(pieces.map((p) => p.slice()), declared);
      const back: Uint8Array[] = [];
      const r: PieceStream & { back: Uint8Array[] } = {
        size: s.size,
        read: () => s.read(),
        recycle(piece) {
          back.push(piece);
          piece.fill(0x7b);
        },
        back,
      };
      return r;
    };
    const lines = ['{"streamscope":1,"wire":"openai-chat","provenance":{"kind":"synthetic"}}', '[0,"req",{}]'];
    for (let i = 0; i < 9000; i++) lines.push(JSON.stringify([i, 'chunk', `data: {"choices":[{"index":0,"delta":{"content":"tök ${i} ${'é'.repeat(i % 50)}${'x'.repeat(i % 300)}"}}]}\n\n`]));
    lines.push('[1e9,"end",{"status":"complete"}]', '{broken', '');
    const inputs: [Uint8Array, string][] = [
      [enc.encode(`\uFEFF${jsonl}`), 'x.jsonl'],
      [enc.encode(lines.join('\n')), 'many.jsonl'],
      [enc.encode(lines.join('\r\n').slice(0, -2)), 'many-crlf.jsonl'],
      [enc.encode('{"type":"message_start","x":"é"}\n[1,2]\n\nnope\n{"type":"done"}\n'.repeat(1500)), 'x.ndjson'],
      [enc.encode('data: {"choices":[{"delta":{"content":"é"}}]}\n\n'.repeat(1500)), 'x.sse'],
      [enc.encode('data: {"choices":[{"delta":{"content":"é"}}]}\r\n\r\n'.repeat(30)), 'small.sse'],
      // a header line longer than the stream's start: read (and kept) by the first pass, given back by the last
      [enc.encode(lines.join('\n').replace('"provenance"', `"note":"${'é'.repeat(60_000)}","provenance"`)), 'long-header.jsonl'],
    ];
    // what matters of a recording, its chunk tables compared whole (cheaper than shape's arrays on 2.6 MB)
    const light = (rec: Recording) => ({
      ...rec,
      turns: rec.turns.map((t) => ({ ...t, chunks: { bytes: Buffer.from(t.chunks.bytes).toString('base64'), times: Array.from(t.chunks.times), ends: Array.from(t.chunks.ends) } })),
    });
    for (const [bytes, name] of inputs) {
      const whole = light(ok(load(bytes, name)));
      for (const size of bytes.length > 1e6 ? [4096, 70_000, 1 << 20] : [1, 7, 100, 4096, 70_000]) {
        const pieces = every(bytes, size);
        const s = recycling(pieces, bytes.length);
        expect(light(ok(load(s, name))), `${name} in pieces of ${size}`).toEqual(whole);
        // each piece back at most once; raw SSE, read whole, gives back every piece once copied; the line readers'
        // last pass all but those of the last block (about 1 MB), never the last; a stream that ended within its
        // start (read at once) is not streamed on: nothing is given back
        expect(new Set(s.back).size, `${name} in pieces of ${size}`).toBe(s.back.length);
        if (name.endsWith('.sse')) expect(s.back.length, `${name} in pieces of ${size}`).toBe(bytes.length > 70_000 ? pieces.length : 0);
        else expect(s.back.includes(pieces[pieces.length - 1] as Uint8Array)).toBe(false);
        if (bytes.length > 1e6 && !name.endsWith('.sse')) {
          expect(s.back.length, `${name} in pieces of ${size}`).toBeGreaterThanOrEqual(pieces.length - Math.ceil((1 << 20) / size) - 2);
          expect(s.back.length).toBeLessThan(pieces.length);
        }
      }
    }
    // cut anywhere
    const bytes = enc.encode(`\uFEFF${jsonl}`);
    const whole = shape(ok(load(bytes, 'x.jsonl')));
    fc.assert(
      fc.property(fc.array(fc.nat({ max: bytes.length }), { maxLength: 12 }), (at) => {
        expect(shape(ok(load(recycling(cut(bytes, at), bytes.length), 'x.jsonl')))).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });

  it("a stream's last pass lets go of each piece it has passed; other passes keep them for the next", () => {
    const text = 'line one\nline two é\n'.repeat(20_000);
    const bytes = enc.encode(text);
    const pieces = every(bytes, 50_000);
    const s = stream(pieces);
    const src = toSource(s);
    // the start: enough for the head (64 KB) and one byte more, no further
    expect(s.reads).toBe(2);
    const first = new LineReader(src, 4096);
    expect(first.next() && first.text).toBe('line one');
    const kept = src.pieces?.length ?? 0;
    expect(kept).toBeGreaterThanOrEqual(2);
    const last = new LineReader(src, 4096, true);
    let lines = 0;
    let heldAfterHalf = -1;
    while (last.next()) {
      lines++;
      expect(last.text).toBe(lines === 40_001 ? '' : lines % 2 === 1 ? 'line one' : 'line two é');
      // halfway through, the pieces read before it (all but the one being read) are gone, and no new one was kept
      if (lines === 20_000) heldAfterHalf = (src.pieces ?? []).filter((p) => p.length > 0).length;
    }
    expect(lines).toBe(40_001);
    expect(heldAfterHalf).toBe(0);
    expect(src.pieces).toHaveLength(kept);
    expect(src.size).toBe(bytes.length);
    expect(s.reads).toBe(pieces.length + 1);
  });
});
