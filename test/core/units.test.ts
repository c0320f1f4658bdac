// The data model's types: branded units (absolute and turn-relative times, frame and turn indices cannot be mixed)
// and read-only data.
// The `@ts-expect-error` lines are the test (`npm run typecheck` fails if any of them compiles); the runtime part
// checks the conversions.
import { describe, expect, it } from 'vitest';
import { readyMs } from '../../src/core/timeline';
import { whatIfSchedules } from '../../src/core/timeline/whatif';
import {
  frameIndex,
  fromRequest,
  ms,
  sinceRequest,
  turnIndex,
  turnMs,
  type FrameIndex,
  type Frame,
  type Ms,
  type Mutable,
  type Recording,
  type Session,
  type TurnIndex,
  type TurnMs,
  type TurnTiming,
} from '../../src/core/types';
import { frameTableOf } from '../../src/core/sse';
import { emptyTable } from '../../src/core/chunk-table';

const absolute = (t: Ms): Ms => t;
const relative = (t: TurnMs): TurnMs => t;
const frameAt = (f: FrameIndex): FrameIndex => f;
const turnAt = (t: TurnIndex): TurnIndex => t;

const recording: Recording = {
  header: { streamscope: 1 },
  format: 'jsonl',
  timed: true,
  turns: [{ index: turnIndex(0), requestAt: ms(1000), chunks: emptyTable() }],
  tools: [],
  marks: [],
  issues: [],
};
const frames: Frame[] = [
  { index: frameIndex(0), turn: turnIndex(0), time: ms(1250), event: 'message', data: '{}', chunks: [0, 0], charStart: 0, charEnd: 0, byteStart: 0, byteEnd: 0 },
];

describe('branded units', () => {
  it('an absolute time is not accepted where a turn-relative one is expected, nor the reverse', () => {
    const at = ms(1250);
    // @ts-expect-error an absolute time (ms since the recording started) is not a turn-relative one
    relative(at);
    // @ts-expect-error a turn-relative time is not an absolute one
    absolute(turnMs(250));
    // @ts-expect-error a plain number must say which it is
    relative(250);
    // @ts-expect-error TurnTiming's marks are turn-relative
    const first: TurnTiming['firstTextMs'] = at;
    // @ts-expect-error the what-if schedules take the turn-relative stream end
    whatIfSchedules([], at);
    expect(first).toBe(1250);
  });

  it('a turn index is not accepted as a frame index, nor the reverse', () => {
    // @ts-expect-error a turn index is not a frame index
    frameAt(turnIndex(1));
    // @ts-expect-error a frame index is not a turn index
    turnAt(frameIndex(1));
    // @ts-expect-error readyMs takes (frame, turn), not (turn, frame)
    readyMs(recording, frames, turnIndex(0), frameIndex(0));
    // @ts-expect-error a frame's turn is a turn index
    const f: FrameIndex = frames[0]!.turn;
    expect(f).toBe(0);
  });

  it('converts between absolute and turn-relative times through the turn request', () => {
    const requestAt = recording.turns[0]!.requestAt;
    const rel: TurnMs = sinceRequest(frames[0]!.time, requestAt);
    expect(rel).toBe(250);
    const back: Ms = fromRequest(rel, requestAt);
    expect(back).toBe(1250);
    expect(readyMs(recording, frameTableOf(frames), frameIndex(0), turnIndex(0))).toBe(250);
    expect(whatIfSchedules([], turnMs(400)).streamEndMs).toBe(400);
  });
});

describe('read-only data model', () => {
  it('a loaded recording or a session cannot be changed in place; a builder says so with Mutable', () => {
    const session = { recording, frames } as unknown as Session;
    // @ts-expect-error arrays of the model are ReadonlyArray
    session.frames.push(frames[0]!);
    // @ts-expect-error fields of the model are readonly
    session.recording.turns[0]!.requestAt = ms(0);
    // @ts-expect-error nested objects too
    session.recording.header.tools = [];
    const draft: Mutable<Recording> = { header: { streamscope: 1 }, format: 'jsonl', timed: true, turns: [], tools: [], marks: [], issues: [] };
    draft.turns.push({ index: turnIndex(0), requestAt: ms(0), chunks: emptyTable() });
    const done: Recording = draft;
    expect(done.turns).toHaveLength(1);
  });
});
