import { describe, expect, it } from 'vitest';
import { frameIndex, turnIndex, type BufferLog } from '../../../src/core/types';
import { bufferView } from '../../../src/ui/panels/buffers/segments';
import { fragmentTableOf } from '../../../src/core/strategies/fragments';
import { chunkInfo, dataPreview } from '../../../src/ui/panels/raw/rows';
import { anthropicEvents, buildSession } from './fixture';

const buffer: BufferLog = { id: 0, turn: turnIndex(0), key: '1', text: '{"path": "README.md"}' };
const run = {
  fragments: fragmentTableOf([
    [
      { frame: frameIndex(5), start: 0, end: 0 },
      { frame: frameIndex(6), start: 0, end: 13 },
      { frame: frameIndex(7), start: 13, end: 21 },
    ],
  ]),
};

describe('bufferView', () => {
  it('shows only the fragments arrived so far, the empty one included', () => {
    const v = bufferView(run, buffer, frameIndex(6));
    expect(v.segments.map((s) => [s.text, s.empty, s.current])).toEqual([
      ['', true, false],
      ['{"path": "REA', false, true],
    ]);
    expect(v.length).toBe(13);
    expect(v.hidden).toBe(0);
    expect(bufferView(run, buffer, frameIndex(4)).segments).toEqual([]);
  });

  it('windows a long buffer to its end', () => {
    const v = bufferView(run, buffer, frameIndex(7), 10);
    expect(v.hidden).toBe(11);
    expect(v.segments.map((s) => s.text).join('')).toBe(buffer.text.slice(11));
    expect(v.segments[0]?.fragment).toBe(1);
  });
});

describe('raw rows', () => {
  it('marks events split across chunks and chunks carrying several events', () => {
    const s = buildSession(anthropicEvents(), { chunks: [[0, 0], [0, 1], [1, 1], [2, 2]] });
    expect(chunkInfo(s.frames, 0)).toMatchObject({ split: false, shared: true, newChunk: true });
    expect(chunkInfo(s.frames, 1)).toMatchObject({ split: true, shared: true, newChunk: false });
    expect(chunkInfo(s.frames, 3)).toMatchObject({ split: false, shared: false, newChunk: true });
    expect(chunkInfo(s.frames, 999)).toBeNull();
  });

  it('previews data on one line', () => {
    expect(dataPreview('a\nb\r\nc', 10)).toBe('a⏎b⏎c');
    expect(dataPreview('x'.repeat(20), 5)).toBe('xxxxx…');
  });
});
