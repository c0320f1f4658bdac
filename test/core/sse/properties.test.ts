// Property tests: re-chunking never changes frames; decoding agrees with eventsource-parser fed the whole text;
// arbitrary input never throws.
import fc from 'fast-check';
import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { segmentBytes, segmentText } from '../../../src/core/sse';
import { load } from '../../../src/core/load';
import { decodeObjects, concat, recordingOf, splitAt, toBytes } from './helpers';
import { chunkTime } from '../../../src/core/chunk-table';
import { english } from '../../../src/core/load/english';

const TOKENS: (string | number[])[] = [
  'data: ', 'data:', 'data', 'event: ', 'event:x', 'id: ', 'id', 'retry: 10', ': c', ':', 'x', 'yz', ' ', '{"a":1}',
  '\n', '\n', '\n', '\r', '\r\n', '\r\n', 'é', '日', '😀', '\u0000', [0xff], [0xe6, 0x97], [0xc3], [0xef, 0xbf, 0xbd],
];

const stream = fc
  .tuple(fc.boolean(), fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }))
  .map(([bom, parts]) => concat([bom ? Uint8Array.from([0xef, 0xbb, 0xbf]) : new Uint8Array(0), ...parts.map(toBytes)]));

const withCuts = stream.chain((bytes) =>
  fc.tuple(fc.constant(bytes), fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 12 })),
);

const shape = (bytes: Uint8Array[]) => {
  const { frames, decoded } = decodeObjects(recordingOf(bytes));
  return {
    frames: frames.map((f) => ({ event: f.event, data: f.data, id: f.id, cs: f.charStart, ce: f.charEnd, bs: f.byteStart, be: f.byteEnd })),
    text: decoded[0]!.text,
    invalid: decoded[0]!.invalidUtf8At,
    unterminated: decoded[0]!.unterminated,
  };
};

describe('SSE properties', () => {
  it('any re-chunking of the same bytes gives the same frames', () => {
    fc.assert(
      fc.property(withCuts, ([bytes, cuts]) => {
        const valid = cuts.filter((c) => c < bytes.length).sort((a, b) => a - b);
        const whole = shape([bytes]);
        // views into one buffer (the zero-copy path) and separate copies (the concatenating path)
        expect(shape(splitAt(bytes, valid))).toEqual(whole);
        expect(shape(splitAt(bytes, valid).map((c) => c.slice()))).toEqual(whole);
      }),
      { numRuns: 400 },
    );
  });

  it('chunk attribution matches a streaming TextDecoder fed chunk by chunk (a character belongs where it completes)', () => {
    fc.assert(
      fc.property(withCuts, ([bytes, cuts]) => {
        const parts = splitAt(bytes, cuts.filter((c) => c < bytes.length).sort((a, b) => a - b)).map((c) => c.slice());
        // reference: char offset at which each chunk's output starts, from a real streaming decoder
        const decoder = new TextDecoder('utf-8');
        const starts: number[] = [];
        let chars = 0;
        for (const p of parts) {
          starts.push(chars);
          chars += decoder.decode(p, { stream: true }).length;
        }
        const chunkOfChar = (c: number) => {
          let k = 0;
          while (k + 1 < starts.length && starts[k + 1]! <= c) k++;
          return k;
        };
        const rec = recordingOf(parts);
        const { frames, decoded } = decodeObjects(rec);
        const blankOf = new Map<number, number>();
        segmentText(decoded[0]!.text, (start, blank) => blankOf.set(start, blank));
        for (const f of frames) {
          expect(f.chunks).toEqual([chunkOfChar(f.charStart), chunkOfChar(f.charEnd - 1)]);
          expect(f.time).toBe(chunkTime(rec.turns[0]!.chunks, chunkOfChar(blankOf.get(f.charStart)!)));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('segmenting the bytes (after the BOM) and the decoded text finds the same blocks', () => {
    fc.assert(
      fc.property(stream, (bytes) => {
        const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
        const text = new TextDecoder().decode(bytes);
        const fromBytes: string[] = [];
        const fromText: string[] = [];
        const restB = segmentBytes(bytes.subarray(bom), (s, _b, e) => fromBytes.push(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(bom + s, bom + e))));
        const restT = segmentText(text, (s, _b, e) => fromText.push(text.slice(s, e)));
        expect(fromBytes).toEqual(fromText);
        expect(restB === bytes.length - bom).toBe(restT === text.length);
      }),
      { numRuns: 400 },
    );
  });

  it('byte ranges tile the stream and re-encode to the frame text', () => {
    fc.assert(
      fc.property(stream, (bytes) => {
        const { frames, decoded } = decodeObjects(recordingOf([bytes]));
        const text = decoded[0]!.text;
        for (const f of frames) {
          const raw = new TextDecoder().decode(bytes.subarray(f.byteStart, f.byteEnd), { stream: false });
          // a slice decodes to the frame's chars (a BOM at byte 0 is outside every frame)
          expect(raw).toBe(text.slice(f.charStart, f.charEnd));
          expect(f.chunks).toEqual([0, 0]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('events and data agree with eventsource-parser fed the whole text at once', () => {
    fc.assert(
      fc.property(stream, (bytes) => {
        const text = new TextDecoder().decode(bytes);
        const expected: { event: string; data: string }[] = [];
        const parser = createParser({ onEvent: (e) => expected.push({ event: e.event ?? 'message', data: e.data }) });
        parser.feed('');
        parser.feed(text.endsWith('\r') ? `${text}\n` : text);
        const { frames } = decodeObjects(recordingOf([bytes]));
        expect(frames.map((f) => ({ event: f.event, data: f.data }))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('random bytes and random strings never throw out of load() or decodeObjects()', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 })), fc.constantFrom(undefined, 'x.jsonl', 'x.sse', 'x.har'), (input, name) => {
        const r = load(input, name);
        if (r.ok) {
          const { frames } = decodeObjects(r.recording);
          expect(Array.isArray(frames)).toBe(true);
        } else expect(english(r.error).length).toBeGreaterThan(0);
        const d = decodeObjects(recordingOf([typeof input === 'string' ? toBytes(input) : input]));
        expect(d.decoded).toHaveLength(1);
      }),
      { numRuns: 500 },
    );
  });

  it('JSON-shaped random text never throws out of load()', () => {
    const line = fc.oneof(fc.json(), fc.constant('{"streamscope":1}'), fc.constant('[0,"chunk","data: x\\n\\n"]'), fc.constant('[1,"bytes","@@"]'));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (ls) => {
        const r = load(ls.join('\n'));
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
