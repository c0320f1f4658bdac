// Loader tests: each accepted format, and each way a file can be unreadable or partly bad.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load, recordingFromSse } from '../../../src/core/load';
import { decodeRecording, framesOf } from '../../../src/core/sse';
import type { LoadResult, Recording } from '../../../src/core/types';
import { chunkCount, chunkList, chunkTime } from '../../../src/core/chunk-table';
import { english } from '../../../src/core/load/english';

const bytesOf = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(`../../fixtures/load/${name}`, import.meta.url)));
const textOf = (name: string): string => new TextDecoder().decode(bytesOf(name));

function ok(r: LoadResult): Recording {
  if (!r.ok) throw new Error(`expected a recording, got: ${english(r.error)}`);
  return r.recording;
}
function fail(r: LoadResult) {
  if (r.ok) throw new Error('expected a failure');
  return r.error;
}
const codes = (rec: Recording) => rec.issues.map((i) => i.code);

describe('recording format v1 (.jsonl)', () => {
  it('reads header, turns, chunks (text and base64), end, final, tool and mark', () => {
    const rec = ok(load(bytesOf('minimal-two-turns.jsonl'), 'minimal-two-turns.jsonl'));
    expect(rec.format).toBe('jsonl');
    expect(rec.timed).toBe(true);
    expect(rec.issues).toEqual([]);
    expect(rec.header).toMatchObject({
      streamscope: 1,
      title: { zh: '两轮', en: 'Two turns' },
      wire: 'openai-chat',
      provenance: { kind: 'synthetic', notes: 'test fixture' },
      tools: [{ name: 'read_file', concurrencySafe: true, durationMs: 40 }],
      expect: { 'per-call-buffer': 'ok' },
      futureField: { x: 1 },
    });
    expect(rec.turns.map((t) => [t.index, t.requestAt, chunkList(t.chunks).length, t.end?.status])).toEqual([
      [0, 0, 3, 'complete'],
      [1, 200, 1, 'aborted'],
    ]);
    expect(rec.turns[0]!.request).toEqual({ model: 'm' });
    expect(rec.turns[0]!.final).toEqual({ time: 141, message: { role: 'assistant' } });
    expect(rec.turns[1]!.end?.note).toBe('cut');
    expect(rec.tools).toEqual([{ time: 150, turn: 0, callId: 'c1', name: 'read_file', durationMs: 41.2 }]);
    expect(rec.marks).toEqual([{ time: 200, label: { zh: '第二轮', en: 'Turn two' } }]);
    // the two base64 chunks split 本's bytes? no: they split between 日 and 本; decoding joins them
    const frames = framesOf(decodeRecording(rec).frames);
    expect(frames.map((f) => [f.turn, f.data, f.time])).toEqual([
      [0, '{"a":1}', 120.5],
      [0, '日本', 131],
      [1, '[DONE]', 310],
    ]);
  });

  it('skips bad lines with issues naming line and byte offset, and keeps going', () => {
    const input = bytesOf('bad-lines-keep-going.jsonl');
    const rec = ok(load(input, 'bad.jsonl'));
    expect(codes(rec)).toEqual([
      'bad-header-field', // title
      'bad-header-field', // wire
      'bad-header-field', // provenance
      'implicit-turn',
      'bad-json',
      'bad-event-shape',
      'bad-time',
      'bad-base64',
      'unknown-event-code',
      'bad-event-data',
    ]);
    expect(rec.header.wire).toBeUndefined();
    expect(rec.header.provenance).toBeUndefined();
    expect(rec.header.title).toBeUndefined();
    const text = new TextDecoder().decode(input);
    const lineStarts = [0];
    for (let i = 0; i < input.length; i++) if (input[i] === 10) lineStarts.push(i + 1);
    for (const iss of rec.issues.filter((i) => i.line !== undefined && i.line > 1)) {
      expect(iss.byteOffset).toBe(lineStarts[iss.line! - 1]);
      expect(english(iss).startsWith(`line ${iss.line} (byte ${iss.byteOffset}): `)).toBe(true);
    }
    // byte offsets are bytes, not chars: line 3 comes after the 2-byte é on line 2
    const bad = rec.issues.find((i) => i.code === 'bad-json')!;
    expect(bad.line).toBe(3);
    expect(bad.byteOffset).toBe(text.indexOf('this line') + 1);
    // the implicit turn 0 got both chunks, the later one with a time going backwards, kept as is
    expect(rec.turns).toHaveLength(1);
    expect(chunkList(rec.turns[0]!.chunks).map((c) => c.time)).toEqual([0, 5]);
  });

  it('gives the same byte offsets for string input as for byte input', () => {
    const a = ok(load(bytesOf('bad-lines-keep-going.jsonl')));
    const b = ok(load(textOf('bad-lines-keep-going.jsonl')));
    expect(b.issues).toEqual(a.issues);
  });

  it.each([
    ['empty.jsonl', /^line 1 \(byte 0\): the file is empty/],
    ['header-not-json.jsonl', /^line 1 \(byte 0\): the header is not JSON: .+/],
    ['future-version.jsonl', /^line 1 \(byte 0\): the file is Streamscope recording format version 2; this app reads version 1$/],
    ['header-without-streamscope.jsonl', /^line 1 \(byte 0\): the header has no "streamscope" field/],
    ['events-without-header.jsonl', /^line 1 \(byte 0\): the header is missing: line 1 is an event/],
  ])('refuses %s with one sentence naming line 1, byte 0', (name, pattern) => {
    const error = fail(load(bytesOf(name), name));
    expect(english(error)).toMatch(pattern);
    expect(error.line).toBe(1);
    expect(error.byteOffset).toBe(0);
    expect(english(error).split('\n')).toHaveLength(1);
  });

  it('refuses a header whose version is not the number 1', () => {
    expect(english(fail(load('{"streamscope": "1"}\n')))).toBe('line 1 (byte 0): "streamscope" is "\\"1\\"", expected 1');
  });

  it('accepts a header with a BOM and CRLF line endings', () => {
    const rec = ok(load('\uFEFF{"streamscope": 1}\r\n[0, "req", {}]\r\n[1, "chunk", "data: x\\n\\n"]\r\n'));
    expect(chunkCount(rec.turns[0]!.chunks)).toBe(1);
    expect(rec.issues).toEqual([]);
  });

  it('reports a final naming a turn that does not exist, and a req whose turn number is off', () => {
    const rec = ok(load('{"streamscope":1}\n[0,"req",{"turn":3}]\n[1,"final",{"turn":7,"message":{}}]\n'));
    expect(codes(rec)).toEqual(['turn-number-mismatch', 'unknown-turn']);
    expect(rec.issues[1]).toMatchObject({ line: 3, byteOffset: 39 });
  });

  // How fast is the bench's business (docs/performance.md); here only that it loads whole.
  it('a 10 MB single chunk line loads whole', () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    const input = `{"streamscope":1}\n[0,"req",{}]\n[1,"chunk","data: ${big}\\n\\n"]\n`;
    const rec = ok(load(input));
    const frames = framesOf(decodeRecording(rec).frames);
    expect(frames[0]!.data.length).toBe(big.length);
  });
});

describe('raw SSE text', () => {
  it('becomes one untimed turn, one chunk per block, evenly spaced, bytes kept exactly', () => {
    const input = bytesOf('curl-output.sse');
    const rec = ok(load(input, 'anything.bin'));
    expect(rec.format).toBe('sse');
    expect(rec.timed).toBe(false);
    expect(rec.header).toEqual({ streamscope: 1 });
    const chunks = chunkList(rec.turns[0]!.chunks);
    expect(chunks.map((c) => c.time)).toEqual([100, 200, 300]);
    expect(Buffer.concat(chunks.map((c) => c.bytes))).toEqual(Buffer.from(input));
    const { frames: table, decoded } = decodeRecording(rec);
    const frames = framesOf(table);
    expect(frames.map((f) => f.event)).toEqual(['message_start', 'ping']);
    expect(decoded[0]!.unterminated?.text).toBe('data: tail-without-blank-line');
  });

  it('keeps invalid UTF-8 and a BOM in the chunk bytes', () => {
    const input = Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('data: '), 0xff, 0x0a, 0x0a, ...new TextEncoder().encode('data: b\r\n\r\n')]);
    const rec = ok(load(input));
    expect(Buffer.concat(chunkList(rec.turns[0]!.chunks).map((c) => c.bytes))).toEqual(Buffer.from(input));
    expect(chunkCount(rec.turns[0]!.chunks)).toBe(2);
    const { frames: table, decoded } = decodeRecording(rec);
    const frames = framesOf(table);
    expect(frames.map((f) => f.data)).toEqual(['\uFFFD', 'b']);
    expect(decoded[0]!.invalidUtf8At).toEqual([6]);
  });

  it('recordingFromSse wraps text with options', () => {
    const rec = recordingFromSse('data: a\n\ndata: b\n\n', { wire: 'openai-chat', chunking: 3, startMs: 0, stepMs: 5 });
    expect(rec.header).toEqual({ streamscope: 1, wire: 'openai-chat' });
    expect(chunkList(rec.turns[0]!.chunks).map((c) => c.time)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(framesOf(decodeRecording(rec).frames).map((f) => [f.data, f.time])).toEqual([
      ['a', 10],
      ['b', 25],
    ]);
    expect(chunkCount(recordingFromSse('data: a\n\n', { chunking: 'whole' }).turns[0]!.chunks)).toBe(1);
  });

  it('reads text as SSE because of its name, with an issue, when it does not start like SSE', () => {
    const rec = ok(load('HTTP/1.1 200 OK\ncontent-type: text/event-stream\n\ndata: x\n\n', 'capture.txt'));
    expect(rec.issues.map((i) => [i.code, i.line, i.byteOffset])).toEqual([['sse-unusual-start', 1, 0]]);
    expect(framesOf(decodeRecording(rec).frames).map((f) => f.data)).toEqual(['x']);
  });

  it('refuses text that is no accepted format, naming where', () => {
    const error = fail(load('hello world\nthis is prose\n', 'notes.md'));
    expect(english(error)).toBe('line 1 (byte 0): not a Streamscope recording, SSE text, HAR or NDJSON: the first line starts with "hello world"');
  });

  it('a 10 MB single-line SSE event loads and decodes whole', () => {
    const input = `data: ${'y'.repeat(10 * 1024 * 1024)}\n\n`;
    const frames = framesOf(decodeRecording(ok(load(input))).frames);
    expect(frames).toHaveLength(1);
    expect(frames[0]!.data.length).toBe(10 * 1024 * 1024);
  });
});

describe('HAR', () => {
  it('turns each event-stream entry into a turn with approximate, evenly spread chunk times', () => {
    const rec = ok(load(textOf('two-streams.har'), 'two-streams.har'));
    expect(rec.format).toBe('har');
    expect(codes(rec)).toEqual(['har-approximate-timing']);
    expect(rec.turns.map((t) => t.requestAt)).toEqual([1000, 3500]);
    expect(rec.turns[0]!.request).toEqual({ method: 'POST', url: 'https://x/v1/chat/completions', body: { stream: true } });
    expect(rec.turns[1]!.request).toEqual({ method: 'POST', url: 'https://x/v1/messages', body: 'not json' });
    // first byte at 1000 + blocked 2 + send 1 + wait 300; last at + receive 100
    expect(chunkList(rec.turns[0]!.chunks).map((c) => c.time)).toEqual([1303, 1403]);
    expect(rec.turns[0]!.end).toEqual({ time: 1403, status: 'complete' });
    expect(chunkList(rec.turns[1]!.chunks).map((c) => c.time)).toEqual([3550, 3570]);
    const frames = framesOf(decodeRecording(rec).frames);
    expect(frames.map((f) => [f.turn, f.event])).toEqual([
      [0, 'message'],
      [0, 'message'],
      [1, 'message_start'],
      [1, 'message_stop'],
    ]);
  });

  it('flags a bad date, a bad base64 body and an empty body, and keeps the turns', () => {
    const entry = (extra: Record<string, unknown>, content: Record<string, unknown>) => ({
      startedDateTime: '2025-01-01T00:00:00Z',
      request: { method: 'GET', url: 'u' },
      response: { content: { mimeType: 'text/event-stream', ...content } },
      timings: { wait: 10, receive: -1 },
      ...extra,
    });
    const har = { log: { entries: [entry({}, { text: 'data: a\n\n' }), entry({ startedDateTime: 'yesterday' }, { text: '@@', encoding: 'base64' }), entry({}, {})] } };
    const rec = ok(load(JSON.stringify(har)));
    expect(codes(rec)).toEqual(['har-approximate-timing', 'har-bad-entry', 'har-bad-entry', 'har-empty-body', 'har-empty-body']);
    expect(english(rec.issues[1]!)).toMatch(/^HAR entry 1: "startedDateTime" is a string and not a date/);
    expect(rec.turns.map((t) => chunkList(t.chunks).length)).toEqual([1, 0, 0]);
    // receive -1 means not applicable: the single chunk arrives at the first byte
    expect(chunkTime(rec.turns[0]!.chunks, 0)).toBe(10);
  });

  it('refuses a HAR with no event-stream entry, saying so', () => {
    expect(english(fail(load(textOf('no-event-stream.har'))))).toBe(
      'HAR: none of its 1 entries has a "text/event-stream" response, so there is no stream to replay',
    );
  });

  it('refuses a broken .har naming it as not JSON', () => {
    expect(english(fail(load('{"log": {"entries": [', 'x.har')))).toMatch(/^the HAR file is not JSON: /);
  });
});

describe('NDJSON of payloads', () => {
  it('turns each payload into an event, named by its type, skipping bad lines with issues', () => {
    const rec = ok(load(bytesOf('anthropic-payloads.ndjson')));
    expect(rec.format).toBe('ndjson');
    expect(rec.timed).toBe(false);
    expect(rec.issues.map((i) => [i.code, i.line])).toEqual([['ndjson-bad-line', 5]]);
    const frames = framesOf(decodeRecording(rec).frames);
    expect(frames.map((f) => f.event)).toEqual(['message_start', 'content_block_delta', 'message', 'message_stop']);
    expect(JSON.parse(frames[1]!.data)).toMatchObject({ delta: { partial_json: '{"a"' } });
    expect(frames.map((f) => f.time)).toEqual([100, 200, 300, 400]);
  });

  it('re-serialises a payload line holding a CR (JSON whitespace, but an SSE line ending)', () => {
    const rec = ok(load('{"type": "a",\r "x": 1}\r\n{"type": "b\\nc"}\n'));
    const frames = framesOf(decodeRecording(rec).frames);
    expect(frames.map((f) => [f.event, f.data])).toEqual([
      ['a', '{"type":"a","x":1}'],
      ['message', '{"type": "b\\nc"}'],
    ]);
  });
});
