import { describe, expect, it } from 'vitest';
import { frameIndex, ms, turnIndex, type Frame, type Signal } from '../../../src/core/types';
import { detectWire, frameKind, isTerminal, isTerminalSignals } from '../../../src/core/wire';
import { fixtureFrames, framesFromTurns } from './frames';
import { A, CC, CE, CS, F, I, R, T, U, adaptLists } from './signals';
import { frameTableOf } from '../../../src/core/sse';

function frame(i: number, data: string, event = 'message', turn = 0): Frame {
  return { index: frameIndex(i), turn: turnIndex(turn), time: ms(i), event, data, chunks: [0, 0], charStart: 0, charEnd: 0, byteStart: 0, byteEnd: 0 };
}

describe('adaptFrames across turns', () => {
  it('restarts Gemini call positions at each turn', () => {
    const call = 'data: {"candidates":[{"content":{"parts":[{"functionCall":{"name":"ls","args":{}}}]},"index":0}]}\n\n';
    const signals = adaptLists('gemini', frameTableOf(framesFromTurns([call + call, call])));
    expect(signals).toStrictEqual([
      [CC('0', 'gemini-call-0', 'ls', '{}')],
      [CC('1', 'gemini-call-1', 'ls', '{}')],
      [CC('0', 'gemini-call-0', 'ls', '{}')],
    ]);
  });

  it('forgets Anthropic blocks at a turn boundary', () => {
    const start = 'data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"f","input":{}}}\n\n';
    const stop = 'data: {"type":"content_block_stop","index":0}\n\n';
    expect(adaptLists('anthropic-messages', frameTableOf(framesFromTurns([start, stop])))).toStrictEqual([[CS('0', 't', 'f')], [I('block-stop')]]);
    expect(adaptLists('anthropic-messages', frameTableOf(framesFromTurns([start + stop])))).toStrictEqual([[CS('0', 't', 'f')], [CE('0')]]);
  });

  it('forgets Responses item ids at a turn boundary', () => {
    const added =
      'data: {"type":"response.output_item.added","output_index":3,"item":{"id":"fc_1","type":"function_call","call_id":"c","name":"f","arguments":""}}\n\n';
    const delta = 'data: {"type":"response.function_call_arguments.delta","item_id":"fc_1","delta":"{}"}\n\n';
    expect(adaptLists('openai-responses', frameTableOf(framesFromTurns([added + delta])))[1]).toStrictEqual([A('3', '{}')]);
    expect(adaptLists('openai-responses', frameTableOf(framesFromTurns([added, delta])))[1]).toStrictEqual([
      I('malformed:function_call_arguments.delta.output_index'),
    ]);
  });

  it('returns one non-empty list per frame, even for an empty or junk stream', () => {
    expect(adaptLists('openai-chat', frameTableOf([]))).toStrictEqual([]);
    const junk = [frame(0, ''), frame(1, 'null'), frame(2, '[]'), frame(3, '{"type":123}'), frame(4, '<script>')];
    for (const wire of ['anthropic-messages', 'openai-chat', 'openai-responses', 'gemini'] as const) {
      const out = adaptLists(wire, frameTableOf(junk));
      expect(out).toHaveLength(junk.length);
      expect(out[0]).toStrictEqual([I('invalid-json')]);
      expect(out[4]).toStrictEqual([I('invalid-json')]);
      for (const s of out) expect(s.length).toBeGreaterThan(0);
    }
  });
});

describe('frameKind', () => {
  const cases: [Signal[], string][] = [
    [[R('x')], 'reasoning'],
    [[T('x')], 'text'],
    [[R('x'), T('y')], 'text'],
    [[T('x'), A('0', '{')], 'args'],
    [[T('x'), CS('0', 'id', 'f')], 'args'],
    [[CC('0', 'id', 'f', '{}')], 'args'],
    [[CE('0')], 'other'],
    [[F('stop'), U(1, 2)], 'other'],
    [[I('ping')], 'other'],
    [[], 'other'],
  ];
  it.each(cases)('%j is %s', (signals, kind) => expect(frameKind(signals)).toBe(kind));
});

describe('isTerminal', () => {
  it('agrees with isTerminalSignals on every fixture', () => {
    const sets = [
      ['anthropic-messages', 'anthropic/ping-and-unknown-event.sse'],
      ['openai-chat', 'chat/usage-only-last-chunk.sse'],
      ['openai-responses', 'responses/args-only-in-done.sse'],
      ['gemini', 'gemini/function-call-parts.sse'],
    ] as const;
    for (const [wire, path] of sets) {
      const frames = fixtureFrames(path);
      const signals = adaptLists(wire, frameTableOf(frames));
      const a = frames.map((f) => isTerminal(wire, f));
      expect(a).toStrictEqual(signals.map((s) => isTerminalSignals(wire, s)));
      expect(a.filter(Boolean)).toHaveLength(1);
    }
  });

  it('is false for a message_delta with a stop reason and for a Chat finish_reason', () => {
    expect(isTerminal('anthropic-messages', frame(0, '{"type":"message_delta","delta":{"stop_reason":"end_turn"}}'))).toBe(false);
    expect(isTerminal('openai-chat', frame(0, '{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}'))).toBe(false);
    expect(isTerminal('openai-chat', frame(0, ' [DONE]  '))).toBe(true);
  });
});

describe('detectWire', () => {
  it('is null when nothing proves a wire', () => {
    expect(detectWire(frameTableOf([]))).toBeNull();
    expect(detectWire(frameTableOf([frame(0, '{"type":"ping"}', 'ping'), frame(1, '{"type":"error","error":{"message":"x"}}', 'error')]))).toBeNull();
    expect(detectWire(frameTableOf([frame(0, 'not json'), frame(1, '{"hello":1}')]))).toBeNull();
  });

  it('is null when the evidence conflicts', () => {
    expect(detectWire(frameTableOf([frame(0, '{"choices":[]}'), frame(1, '{"candidates":[]}')]))).toBeNull();
  });

  it('reads NDJSON-style Anthropic data with no event names, and Responses by sequence_number alone', () => {
    expect(detectWire(frameTableOf([frame(0, '{"type":"message_start","message":{}}')]))).toBe('anthropic-messages');
    expect(detectWire(frameTableOf([frame(0, '{"type":"error","sequence_number":0,"message":"x"}')]))).toBe('openai-responses');
  });

  it('trusts event names before data', () => {
    expect(detectWire(frameTableOf([frame(0, 'garbage', 'content_block_delta')]))).toBe('anthropic-messages');
    expect(detectWire(frameTableOf([frame(0, 'garbage', 'response.created')]))).toBe('openai-responses');
  });

  it('lets a clear majority win over a stray frame', () => {
    const chat = '{"object":"chat.completion.chunk","choices":[]}';
    expect(detectWire(frameTableOf([frame(0, chat), frame(1, chat), frame(2, chat), frame(3, '{"candidates":[]}')]))).toBe('openai-chat');
  });
});
