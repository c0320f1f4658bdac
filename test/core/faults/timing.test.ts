import { describe, expect, it } from 'vitest';
import { applyFaults } from '../../../src/core/faults';
import { ms, turnIndex, type Recording } from '../../../src/core/types';
import { chunkTexts, frames, makeRecording, turnText } from './helpers';
import { chunkList, emptyTable } from '../../../src/core/chunk-table';

const ok = (r: ReturnType<typeof applyFaults>): Recording => {
  if (!r.ok) throw new Error(r.error);
  return r.recording;
};

// Turn 0: frames 0-3 (frame 1 split across two chunks, and frame 2's start shares a chunk with frame 1's end).
// Turn 1: frames 4-5.
function twoTurns(): Recording {
  return makeRecording(
    undefined,
    [
      {
        requestAt: 0,
        chunks: [
          [100, 'data: a\n\nda'],
          [150, 'ta: b\n\ndata: '],
          [200, 'c\n\n: comment\n\ndata: d\n\n'],
        ],
        end: { time: 210 },
        final: { content: 'abcd' },
      },
      { requestAt: 1000, chunks: [[1100, 'data: e\n\n'], [1200, 'data: f\n\n']], end: { time: 1250 }, final: { content: 'ef' } },
    ],
    {
      tools: [
        { time: ms(300), turn: turnIndex(0), callId: 'c0', name: 'read_file', durationMs: 40 },
        { time: ms(1300), turn: turnIndex(1), callId: 'c1', name: 'read_file', durationMs: 40 },
      ],
      marks: [
        { time: ms(150), label: { en: 'early', zh: '早' } },
        { time: ms(1150), label: { en: 'late', zh: '晚' } },
      ],
    },
  );
}

const view = (rec: Recording) => frames(rec).map((f) => [f.index, f.turn, f.time, f.data]);

describe('cut:F', () => {
  it('ends the stream after frame F: bytes through its blank line, end aborted at its time, later turns dropped', () => {
    const after = ok(applyFaults(twoTurns(), ['cut:1']));
    expect(view(after)).toEqual([
      [0, 0, 100, 'a'],
      [1, 0, 150, 'b'],
    ]);
    expect(chunkTexts(after.turns[0]!)).toEqual(['data: a\n\nda', 'ta: b\n\n']);
    expect(after.turns).toHaveLength(1);
    expect(after.turns[0]?.end).toEqual({ time: 150, status: 'aborted' });
    expect(after.turns[0]?.final).toBeUndefined();
    expect(after.tools.map((t) => t.callId)).toEqual(['c0']);
    expect(after.marks.map((m) => m.label.en)).toEqual(['early']);
  });

  it('cutting in a later turn keeps the earlier turns untouched', () => {
    const before = twoTurns();
    const after = ok(applyFaults(before, ['cut:4']));
    expect(after.turns[0]).toEqual(before.turns[0]);
    expect(turnText(after.turns[1]!)).toBe('data: e\n\n');
    expect(after.turns[1]?.end?.status).toBe('aborted');
  });

  it('refuses a frame that does not exist, naming the spec, its position and the frame count', () => {
    const r = applyFaults(twoTurns(), ['crlf', 'cut:6']);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBe('fault 2 "cut:6": frame 6 does not exist; it has 6 frames (0-5)');
    expect(r.issue).toMatchObject({ code: 'no-such-frame', position: 1, values: { frame: 6, frames: 6 } });
  });

  it('counts frames as the earlier faults left them', () => {
    const before = twoTurns();
    expect(applyFaults(before, ['drop:0', 'cut:5']).ok).toBe(false);
    expect(view(ok(applyFaults(before, ['drop:0', 'cut:0'])))).toEqual([[0, 0, 150, 'b']]);
  });
});

describe('drop:F', () => {
  it("removes frame F's bytes and keeps the other chunks' boundaries and times", () => {
    const after = ok(applyFaults(twoTurns(), ['drop:1']));
    expect(view(after).map((v) => v[3])).toEqual(['a', 'c', 'd', 'e', 'f']);
    expect(chunkTexts(after.turns[0]!)).toEqual(['data: a\n\n', 'data: ', 'c\n\n: comment\n\ndata: d\n\n']);
    expect(after.turns[0]?.final).toBeUndefined();
    expect(after.turns[1]?.final).toBeDefined();
  });

  it('drops a frame together with the comment lines of its block', () => {
    const rec = makeRecording(undefined, [{ chunks: [[10, 'data: a\n\n: ping\ndata: b\n\ndata: c\n\n']] }]);
    expect(turnText(ok(applyFaults(rec, ['drop:1'])).turns[0]!)).toBe('data: a\n\ndata: c\n\n');
  });
});

describe('stall:F:MS', () => {
  it('inserts MS of silence before frame F, shifting the rest of the turn and every later turn', () => {
    const before = twoTurns();
    const after = ok(applyFaults(before, ['stall:2:500']));
    expect(view(after)).toEqual([
      [0, 0, 100, 'a'],
      [1, 0, 150, 'b'],
      [2, 0, 700, 'c'],
      [3, 0, 700, 'd'],
      [4, 1, 1600, 'e'],
      [5, 1, 1700, 'f'],
    ]);
    // Frame 2's first bytes shared a chunk with frame 1's end: that chunk is split at frame 2's start.
    expect(chunkTexts(after.turns[0]!)).toEqual(['data: a\n\nda', 'ta: b\n\n', 'data: ', 'c\n\n: comment\n\ndata: d\n\n']);
    expect(chunkList(after.turns[0]?.chunks ?? emptyTable()).map((c) => c.time)).toEqual([100, 150, 650, 700]);
    expect(after.turns[0]?.end?.time).toBe(710);
    expect(after.turns[1]?.requestAt).toBe(1500);
    expect(after.turns[1]?.end?.time).toBe(1750);
    expect(after.tools.map((t) => t.time)).toEqual([800, 1800]);
    expect(after.marks.map((m) => m.time)).toEqual([150, 1650]);
  });

  it('refuses a missing frame', () => {
    expect(applyFaults(twoTurns(), ['stall:9:100']).ok).toBe(false);
  });
});

describe('bursts:MS', () => {
  it('rounds chunk times up to the next multiple of MS from the request and merges chunks of one burst', () => {
    const rec = makeRecording(undefined, [
      { requestAt: 0, chunks: [[10, 'data: a\n\n'], [20, 'data: b\n\n'], [120, 'data: c\n\n'], [200, 'data: d\n\n'], [260, 'data: e\n\n']], end: { time: 260 } },
      { requestAt: 400, chunks: [[430, 'data: f\n\n']], end: { time: 440 } },
    ]);
    const after = ok(applyFaults(rec, ['bursts:100']));
    expect(chunkList(after.turns[0]?.chunks ?? emptyTable()).map((c) => c.time)).toEqual([100, 200, 300]);
    expect(chunkTexts(after.turns[0]!)).toEqual(['data: a\n\ndata: b\n\n', 'data: c\n\ndata: d\n\n', 'data: e\n\n']);
    expect(after.turns[0]?.end?.time).toBe(300);
    // Turn 0 ends 40 ms later, so turn 1 is sent 40 ms later; its chunk (30 ms after its request) lands at +100.
    expect(after.turns[1]?.requestAt).toBe(440);
    expect(chunkList(after.turns[1]?.chunks ?? emptyTable()).map((c) => c.time)).toEqual([540]);
    expect(frames(after).map((f) => f.time)).toEqual([100, 100, 200, 200, 300, 540]);
  });

  it('leaves times already on the grid alone (no floating-point drift)', () => {
    const rec = makeRecording(undefined, [{ requestAt: 0.3, chunks: [[0.6, 'data: a\n\n'], [0.9, 'data: b\n\n']], end: { time: 0.9 } }]);
    expect(chunkList(ok(applyFaults(rec, ['bursts:0.3'])).turns[0]?.chunks ?? emptyTable()).map((c) => c.time)).toEqual([0.6, 0.9]);
  });
});
