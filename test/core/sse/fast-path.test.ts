// The decoder's fast path (src/core/sse/simple-block.ts) must give exactly what eventsource-parser gives: random
// CR-free streams built mostly from the shapes it accepts and the near misses it must refuse are decoded both ways
// (fast path on, and { fastPath: false }, every block through the parser) and must agree field for field.
import fc from 'fast-check';
import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { NOT_SIMPLE, SIMPLE_SILENT, simpleBlock } from '../../../src/core/sse/simple-block';
import { decodeObjects, concat, recordingOf, splitAt, toBytes } from './helpers';

// No CR anywhere: the fast path only runs on CR-free text.
const TOKENS: (string | number[])[] = [
  'data:', 'data: ', 'data:  ', 'data', 'dat', 'Data:', 'dataa:', 'event:', 'event: ', 'event:  ', 'event', 'eventx:',
  'id:', 'id: 7', 'id', 'retry: 5', ': c', ':', 'x', ' ', '{"a":1}', '[DONE]', 'é', '😀', '\u0000', ':data: y',
  '\n', '\n', '\n', '\n', '\n\n', [0xff], [0xc3],
];

const line = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('data: {"k":1}\n\n', 'data:x\n\n', 'event: e\ndata: v\n\n', 'event:\ndata:\n\n', ': ping\n\n', '\n') },
  { weight: 5, arbitrary: fc.constantFrom(...TOKENS) },
);
const stream = fc
  .tuple(fc.boolean(), fc.array(line, { maxLength: 50 }))
  .map(([bom, parts]) => concat([bom ? Uint8Array.from([0xef, 0xbb, 0xbf]) : new Uint8Array(0), ...parts.map(toBytes)]));

const full = (bytes: Uint8Array[], fastPath: boolean) => {
  const { frames, decoded } = decodeObjects(recordingOf(bytes), { fastPath });
  return { frames, decoded };
};

describe('SSE fast path', () => {
  it('gives the same frames (every field) and decoded turns as the parser-only path, however the bytes are chunked', () => {
    const cuts = stream.chain((bytes) => fc.tuple(fc.constant(bytes), fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 8 })));
    fc.assert(
      fc.property(cuts, ([bytes, at]) => {
        const parts = splitAt(bytes, at.filter((c) => c < bytes.length).sort((a, b) => a - b));
        expect(full(parts, true)).toEqual(full(parts, false));
      }),
      { numRuns: 600 },
    );
  });

  it('event names: repeated, sharing a prefix, non-ASCII (é is U+00E9, the lead byte of 金), over pieces: as the parser-only path', () => {
    // the last name is compared with the bytes first (TableBuilder.eventAt): a name must match its characters, never
    // a byte equal to one of its char codes
    const names = ['content_block_delta', 'content_block_start', 'content_block_stop', 'message', 'é', '金', 'éa', '金a', '', 'x', 'y'];
    const block = fc.tuple(fc.constantFrom(...names), fc.constantFrom('event: ', 'event:'), fc.constantFrom('1', '数据', '')).map(([n, e, d]) => `${e}${n}\ndata: ${d}\n\n`);
    const input = fc.tuple(fc.array(block, { maxLength: 40 }), fc.integer({ min: 1, max: 64 }), fc.uniqueArray(fc.integer({ min: 1, max: 2000 }), { maxLength: 6 }));
    fc.assert(
      fc.property(input, ([blocks, pieceBytes, at]) => {
        const bytes = toBytes(blocks.join(''));
        const parts = splitAt(bytes, at.filter((c) => c < bytes.length).sort((a, b) => a - b));
        const read = (fastPath: boolean) => {
          const { frames, decoded } = decodeObjects(recordingOf(parts), { fastPath, pieceBytes });
          return { frames, decoded };
        };
        expect(read(true)).toEqual(read(false));
      }),
      { numRuns: 400 },
    );
  });

  it('events, data and ids agree with eventsource-parser fed the whole text', () => {
    fc.assert(
      fc.property(stream, (bytes) => {
        const text = new TextDecoder().decode(bytes);
        const expected: { event: string; data: string }[] = [];
        const parser = createParser({ onEvent: (e) => expected.push({ event: e.event ?? 'message', data: e.data }) });
        parser.feed('');
        parser.feed(text);
        const { frames } = decodeObjects(recordingOf([bytes]));
        expect(frames.map((f) => ({ event: f.event, data: f.data }))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  // CRLF or lone-CR line ends (real captures through proxies): the same shapes with each line end, near misses,
  // and stray LF / CR / CRLF so that a piece switches to the parser part way.
  const crStream = fc.constantFrom('\r\n', '\r').chain((nl) => {
    const shapes = ['data: {"k":1}', 'data:x', 'event: e', 'data: v', 'event:', 'data:', ': ping', 'id: 4', 'retry: 1', 'data', 'Data: y', 'data: é😀', ''];
    const part = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...shapes.map((l) => l + nl)) },
      { weight: 4, arbitrary: fc.constantFrom('data: {"k":1}' + nl + nl, 'event: e' + nl + 'data: v' + nl + nl, ': ping' + nl + nl, nl) },
      { weight: 1, arbitrary: fc.constantFrom('\n', '\r', '\r\n', 'x', ' ', [0xff], [0xe6, 0x97]) },
    );
    return fc.tuple(fc.boolean(), fc.array(part, { maxLength: 50 }));
  }).map(([bom, parts]) => concat([bom ? Uint8Array.from([0xef, 0xbb, 0xbf]) : new Uint8Array(0), ...parts.map(toBytes)]));

  it('CRLF and CR streams: the same frames and decoded turns as the parser-only path, however chunked or cut into pieces', () => {
    const cuts = crStream.chain((bytes) => fc.tuple(fc.constant(bytes), fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 8 }), fc.constantFrom(undefined, 5, 40)));
    fc.assert(
      fc.property(cuts, ([bytes, at, pieceBytes]) => {
        const parts = splitAt(bytes, at.filter((c) => c < bytes.length).sort((a, b) => a - b));
        const rec = recordingOf(parts);
        const opts = pieceBytes === undefined ? {} : { pieceBytes };
        const read = (fastPath: boolean) => {
          const { frames, decoded } = decodeObjects(rec, { ...opts, fastPath });
          return { frames, decoded };
        };
        expect(read(true)).toEqual(read(false));
      }),
      { numRuns: 600 },
    );
  });

  it('CRLF and CR streams: events and data agree with eventsource-parser fed the whole text', () => {
    fc.assert(
      fc.property(crStream, (bytes) => {
        const text = new TextDecoder().decode(bytes);
        const expected: { event: string; data: string }[] = [];
        const parser = createParser({ onEvent: (e) => expected.push({ event: e.event ?? 'message', data: e.data }) });
        parser.feed('');
        parser.feed(text);
        // a CR ending the stream ends its line (WHATWG); eventsource-parser waits for a possible LF
        if (text.endsWith('\r')) parser.feed('\n');
        const { frames } = decodeObjects(recordingOf([bytes]));
        expect(frames.map((f) => ({ event: f.event, data: f.data }))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('accepts exactly the documented shapes, refuses near misses', () => {
    const at = (block: string) => simpleBlock(block, 0, block.length - 1);
    expect(at('data: {"a":1}\n\n')).toBe(0);
    expect(at('data:\n\n')).toBe(0);
    expect(at('event: delta\ndata: x\n\n')).toBe(13);
    expect(at(': keep-alive\n\n')).toBe(SIMPLE_SILENT);
    expect(at('\n')).toBe(SIMPLE_SILENT);
    for (const near of ['data: a\ndata: b\n\n', 'Data: x\n\n', 'data x\n\n', 'id: 1\ndata: x\n\n', 'event: e\n\n', 'event: e\nid: 2\n\n', 'data: x\nevent: e\n\n', 'retry: 1\n\n']) {
      expect(at(near), near).toBe(NOT_SIMPLE);
    }
  });

  it('reads the values exactly: one leading space dropped, an empty event name is "message", ids stay sticky', () => {
    const { frames } = decodeObjects(recordingOf(['id: 9\n\nevent:  two\ndata:  v \n\nevent:\ndata:x\n\ndata\n\n']));
    expect(frames.map((f) => [f.event, f.data, f.id])).toEqual([
      [' two', ' v ', '9'],
      ['message', 'x', '9'],
      ['message', '', '9'],
    ]);
  });
});
