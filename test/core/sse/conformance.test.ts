// Our own SSE conformance vectors (WHATWG HTML 9.2.5-9.2.6, see reference/streaming-protocols.md section 4).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { turnIndex } from '../../../src/core/types';
import { decodeObjects, recordingOf, splitAt, type ChunkSpec } from './helpers';
import { chunkTime, tableOf } from '../../../src/core/chunk-table';

const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(`../../fixtures/sse/${name}`, import.meta.url)));

function events(chunks: ChunkSpec[]) {
  const { frames, decoded } = decodeObjects(recordingOf(chunks));
  return { frames, decoded: decoded[0]!, list: frames.map((f) => ({ event: f.event, data: f.data, id: f.id })) };
}

describe('SSE framing', () => {
  it('spec example: `data\\n\\ndata\\ndata\\n\\ndata:` fires "" then "\\n" and drops the last', () => {
    const { list, decoded, frames } = events([fixture('spec-example-unterminated.sse')]);
    expect(list).toEqual([
      { event: 'message', data: '', id: undefined },
      { event: 'message', data: '\n', id: undefined },
    ]);
    expect(frames.map((f) => [f.charStart, f.charEnd])).toEqual([
      [0, 6],
      [6, 17],
    ]);
    expect(decoded.unterminated).toEqual({ charStart: 17, charEnd: 22, text: 'data:' });
  });

  it('strips one BOM (counted as 3 bytes) and handles CRLF, CR and LF in one stream', () => {
    const { list, frames, decoded } = events([fixture('bom-mixed-line-endings.sse')]);
    expect(list).toEqual([
      { event: 'message', data: 'first', id: '7' },
      { event: 'message', data: 'second\n two spaces', id: '7' },
      { event: 'done', data: '', id: '7' },
    ]);
    expect(decoded.text.startsWith('id: 7')).toBe(true);
    expect(frames[0]).toMatchObject({ charStart: 0, charEnd: 22, byteStart: 3, byteEnd: 25 });
    // the comment-only block between them dispatches nothing but still occupies its range
    expect(frames[1]!.charStart).toBe(22 + ': keep-alive comment\r\r'.length);
    expect(decoded.unterminated).toBeUndefined();
  });

  it('only one BOM is stripped: a second one is part of the first field name', () => {
    const { list, decoded } = events([[0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, ...new TextEncoder().encode('data: x\n\ndata: y\n\n')]]);
    expect(decoded.text.charCodeAt(0)).toBe(0xfeff);
    expect(list).toEqual([{ event: 'message', data: 'y', id: undefined }]);
  });

  it('id is sticky; `id` with no value clears it; retry and unknown fields dispatch nothing themselves', () => {
    const { list } = events([fixture('id-sticky-retry-unknown-fields.sse')]);
    expect(list).toEqual([
      { event: 'message', data: 'one', id: 'a' },
      { event: 'message', data: 'two', id: 'a' },
      { event: 'message', data: 'three', id: undefined },
    ]);
  });

  it('an id in a block that dispatches nothing still becomes the last event id', () => {
    const { list } = events(['id: 42\n\ndata: after\n\n']);
    expect(list).toEqual([{ event: 'message', data: 'after', id: '42' }]);
  });

  it('an id containing NUL is ignored', () => {
    const { list } = events(['id: 1\ndata: a\n\nid: 2\u0000x\ndata: b\n\n']);
    expect(list.map((e) => e.id)).toEqual(['1', '1']);
  });

  it('comments, a line with no colon, and exactly one leading space stripped', () => {
    const { list } = events([':comment\n: another\ndata\ndata:  two\ndata:three\n\n']);
    expect(list).toEqual([{ event: 'message', data: '\n two\nthree', id: undefined }]);
  });

  it('field names are case-sensitive; event type defaults to message', () => {
    const { list } = events(['Data: no\nEVENT: x\ndata: yes\n\nevent: \ndata: z\n\n']);
    expect(list).toEqual([
      { event: 'message', data: 'yes', id: undefined },
      { event: 'message', data: 'z', id: undefined },
    ]);
  });

  it('a block with an event name but no data fires nothing', () => {
    const { frames } = events(['event: ping\n\n: only a comment\n\n']);
    expect(frames).toHaveLength(0);
  });

  it('a CR/LF pair split across chunks is one line ending, and the frame time is when the blank line came', () => {
    const { frames, list } = events(['data: a\r', '\n', '\r', '\ndata: b\r\n\r\n']);
    expect(list.map((e) => e.data)).toEqual(['a', 'b']);
    // the blank line of event 1 starts with the CR of chunk 2 (time 30)
    expect(frames[0]).toMatchObject({ time: 30, chunks: [0, 3], charStart: 0, charEnd: 11 });
    expect(frames[1]).toMatchObject({ time: 40, chunks: [3, 3], charStart: 11 });
  });

  it('a lone CR at the very end of the stream terminates the last line', () => {
    const { list, decoded } = events(['data: a\r\r']);
    expect(list.map((e) => e.data)).toEqual(['a']);
    expect(decoded.unterminated).toBeUndefined();
  });

  it('an unterminated final event is never dispatched; whitespace or comments after the last blank line are not one', () => {
    expect(events(['data: a\n\ndata: b\n']).decoded.unterminated).toEqual({ charStart: 9, charEnd: 17, text: 'data: b\n' });
    expect(events(['data: a\n\n: bye\n  \n'.replace('  \n', '  ')]).decoded.unterminated).toBeUndefined();
  });

  it('a UTF-8 character split across chunks survives and belongs to the chunk where it completes', () => {
    const bytes = new TextEncoder().encode('data: 日本\n\n');
    // 日 is E6 97 A5 at bytes 6..8: cut after its first byte
    const { frames, decoded } = events(splitAt(bytes, [7]));
    expect(frames[0]).toMatchObject({ data: '日本', chunks: [0, 1], byteStart: 0, byteEnd: bytes.length, time: 20 });
    expect(decoded.invalidUtf8At).toEqual([]);
  });

  it('a block whose first character is split across chunks starts in the chunk where it completes', () => {
    // block 2 starts with 日 (E6 97 A5) cut after E6; then a truncated E6 97 proven invalid by the "x" in chunk 3
    const bytes = new TextEncoder().encode('data: a\n\n日: c\ndata: b\n\n');
    const parts = [bytes.subarray(0, 10), bytes.subarray(10)];
    expect(events(parts).frames[1]).toMatchObject({ data: 'b', chunks: [1, 1] });
    const bad = [...new TextEncoder().encode('data: a\n\n'), 0xe6, 0x97, ...new TextEncoder().encode('x\ndata: b\n\n')];
    const { frames, decoded } = events([bad.slice(0, 9), bad.slice(9, 11), bad.slice(11)]);
    expect(decoded.invalidUtf8At).toEqual([9]);
    expect(frames[1]).toMatchObject({ data: 'b', chunks: [2, 2], byteStart: 9, byteEnd: bad.length });
    const lone = [...new TextEncoder().encode('data: a\n\n'), 0xff, ...new TextEncoder().encode('\ndata: b\n\n')];
    expect(events([lone.slice(0, 10), lone.slice(10)]).frames[1]).toMatchObject({ chunks: [0, 1] });
  });

  it('invalid bytes become U+FFFD, are listed, and byte ranges stay exact', () => {
    // "data: " + C3 (lead without continuation) + "x" + FF + F0 9F 98 (truncated 4-byte) + "\n\n" + "data: é\n\n"
    const bytes = [...new TextEncoder().encode('data: '), 0xc3, 0x78, 0xff, 0xf0, 0x9f, 0x98, 0x0a, 0x0a, ...new TextEncoder().encode('data: é\n\n')];
    const { frames, decoded } = events([bytes]);
    expect(frames[0]!.data).toBe('\uFFFDx\uFFFD\uFFFD');
    expect(decoded.invalidUtf8At).toEqual([6, 8, 9]);
    expect(frames[0]).toMatchObject({ byteStart: 0, byteEnd: 14 });
    expect(frames[1]).toMatchObject({ byteStart: 14, byteEnd: bytes.length });
  });

  it('a genuine U+FFFD in the input is not reported as invalid', () => {
    const { decoded, frames } = events(['data: \uFFFD ok\n\n']);
    expect(decoded.invalidUtf8At).toEqual([]);
    expect(frames[0]!.byteEnd).toBe(new TextEncoder().encode('data: \uFFFD ok\n\n').length);
  });

  it('an incomplete character at the end of the stream is one U+FFFD in the last chunk', () => {
    const { decoded } = events(['data: a\n\n', [0xe6, 0x97]]);
    expect(decoded.text).toBe('data: a\n\n\uFFFD');
    expect(decoded.invalidUtf8At).toEqual([9]);
    expect(decoded.unterminated?.text).toBe('\uFFFD');
  });

  it('numbers frames across turns and keeps per-turn id state', () => {
    const base = recordingOf(['id: x\ndata: 1\n\n']);
    const first = base.turns[0]!;
    const second = { index: turnIndex(1), requestAt: first.requestAt, chunks: tableOf([{ time: chunkTime(first.chunks, 0), bytes: new TextEncoder().encode('data: 2\n\ndata: 3\n\n') }]) };
    const rec = { ...base, turns: [...base.turns, second] };
    const { frames, decoded } = decodeObjects(rec);
    expect(frames.map((f) => [f.index, f.turn, f.data, f.id])).toEqual([
      [0, 0, '1', 'x'],
      [1, 1, '2', undefined],
      [2, 1, '3', undefined],
    ]);
    expect(decoded.map((d) => d.turn)).toEqual([0, 1]);
  });

  it('leading blank lines are empty blocks, not events', () => {
    const { frames } = events(['\n\r\n\rdata: a\n\n']);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ charStart: 4, charEnd: 13 });
  });
});
