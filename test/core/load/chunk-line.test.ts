// The .jsonl reader's byte-level `chunk` line reader (src/core/load/chunk-line.ts) against JSON.parse: a file given as
// bytes (lines read by readChunkLine when they fit) loads exactly as the same file given as text (every line parsed
// by JSON.parse), issues included, whatever the lines look like: numbers of every shape, escapes valid or not,
// whitespace, bytes that are not UTF-8, lines that only look like chunk events.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkAt, chunkCount } from '../../../src/core/chunk-table';
import { load } from '../../../src/core/load';
import { readChunkLine } from '../../../src/core/load/chunk-line';
import type { LoadResult } from '../../../src/core/types';

const enc = new TextEncoder();

function shape(r: LoadResult) {
  if (!r.ok) return { error: r.error };
  const rec = r.recording;
  return {
    turns: rec.turns.map((t) => ({ ...t, chunks: Array.from({ length: chunkCount(t.chunks) }, (_, k) => ({ time: chunkAt(t.chunks, k).time, bytes: Array.from(chunkAt(t.chunks, k).bytes) })) })),
    issues: rec.issues,
    tools: rec.tools,
    marks: rec.marks,
  };
}

const numbers = fc.oneof(
  fc.constantFrom('0', '-0', '1', '12', '1.5', '-3.25', '1e3', '1E+2', '2e-3', '1e400', '-1e400', '01', '1.', '.5', '-', '+1', '1e', '0x10', 'NaN', '"5"', 'null', '1 2'),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.nat().map(String),
);
const codes = fc.constantFrom('"chunk"', '"chunk"', '"chunk"', '"\\u0063hunk"', '"chunks"', '"Chunk"', '"bytes"', '"req"', 'chunk', '"chunk');
const pieces = fc.constantFrom(
  'data: ', '{', '}', 'a', ' ', 'é', '日本', '😀', '\\n', '\\n\\n', '\\"', '\\\\', '\\/', '\\b', '\\f', '\\r', '\\t', '\\u0041', '\\u00e9', '\\u65e5',
  '\\ud83d\\ude00', '\\ud800', '\\udc00', '\\ud800x', '\\ud800\\u0041', '\\u12', '\\uZZZZ', '\\x', '\\', '\t', '\u0001', '"', '\u2028',
);
const space = fc.constantFrom('', '', ' ', '\t', '  ', '\r');
const line = fc
  .record({
    s: fc.array(space, { minLength: 7, maxLength: 7 }),
    num: numbers,
    code: codes,
    body: fc.array(pieces, { maxLength: 8 }).map((p) => p.join('')),
    close: fc.constantFrom('"', '"', '"', ''),
    extra: fc.constantFrom('', '', '', ',1', ',"x"', ']', 'x'),
    end: fc.constantFrom(']', ']', ']', '', '}'),
    open: fc.constantFrom('[', '[', '[', '{', ''),
  })
  .map(({ s, num, code, body, close, extra, end, open }) => `${s[0]}${open}${s[1]}${num}${s[2]},${s[3]}${code}${s[4]},${s[5]}"${body}${close}${extra}${end}${s[6]}`);

describe('readChunkLine', () => {
  it('a file as bytes loads as the same file as text, issues included, whatever its chunk-like lines', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(line, line, fc.constant('[5,"req",{}]'), fc.constant('')), { maxLength: 12 }), fc.boolean(), (lines, badByte) => {
        const text = ['{"streamscope":1}', '[0,"req",{}]', ...lines].join('\n') + '\n';
        let bytes = enc.encode(text);
        if (badByte) bytes = Uint8Array.from([...bytes, ...enc.encode('[9,"chunk","'), 0xff, ...enc.encode('"]\n')]);
        const asText = new TextDecoder().decode(bytes);
        expect(shape(load(bytes, 'x.jsonl'))).toEqual(shape(load(asText, 'x.jsonl')));
      }),
      { numRuns: 1500 },
    );
  });

  it('decodes escapes to what TextEncoder gives for what JSON.parse gives', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 20 }), fc.integer({ min: -5, max: 5 }), (s, t) => {
        const lineBytes = enc.encode(`[${t},"chunk",${JSON.stringify(s)}]`);
        const out = { buf: new Uint8Array(lineBytes.length), at: 0 };
        const time = readChunkLine(lineBytes, 0, lineBytes.length, out);
        expect(time).toBe(t);
        expect(Array.from(out.buf.subarray(0, out.at))).toEqual(Array.from(enc.encode(s)));
      }),
    );
  });

  it('leaves lines that are not plain chunk events to JSON.parse', () => {
    for (const l of ['[1,"chunk","a",2]', '[1e400,"chunk","a"]', '[1,"chunk","\\q"]', '[1,"chunk","a"] x', '[01,"chunk","a"]', '{"a":1}', '[1,"req","a"]']) {
      const b = enc.encode(l);
      expect(readChunkLine(b, 0, b.length, { buf: new Uint8Array(b.length), at: 0 }), l).toBeUndefined();
    }
  });
});
