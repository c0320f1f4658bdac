import { describe, expect, it } from 'vitest';
import { applyFaults } from '../../../src/core/faults';
import type { Recording, WireId } from '../../../src/core/types';
import { encodeTurn } from '../../../src/core/wire';
import { assemble, evenly, frames, makeRecording } from './helpers';

const ok = (r: ReturnType<typeof applyFaults>): Recording => {
  if (!r.ok) throw new Error(r.error);
  return r.recording;
};

const twoCalls = [
  { id: 'call_a', name: 'read_file', fragments: ['{"path"', ': "a', '.md"}'] },
  { id: 'call_b', name: 'read_file', fragments: ['{"path"', ': "b.md"}'] },
];

const build = (wire: WireId, calls = twoCalls) =>
  makeRecording(wire, [{ chunks: evenly(encodeTurn(wire, { calls }), 100, 10), final: { calls: 2 } }]);

interface ToolCall {
  index?: number;
  id?: string;
}
const callChunks = (rec: Recording): ToolCall[] =>
  frames(rec)
    .filter((f) => f.data.includes('"tool_calls":['))
    .map((f) => (JSON.parse(f.data) as { choices: { delta: { tool_calls: ToolCall[] } }[] }).choices[0]!.delta.tool_calls[0]!);

describe('interleave', () => {
  it('round-robins the calls fragments, each call opening with its id and name, in the same time slots', () => {
    const before = build('openai-chat');
    const after = ok(applyFaults(before, ['interleave']));
    const order = callChunks(after).map((c) => `${c.index}${c.id ? '*' : ''}`);
    expect(order).toEqual(['0*', '1*', '0', '1', '0', '1', '0']);
    expect(callChunks(before).map((c) => c.index)).toEqual([0, 0, 0, 0, 1, 1, 1]);
    expect(frames(after).map((f) => f.time)).toEqual(frames(before).map((f) => f.time));
    expect(assemble(after, 'openai-chat')).toEqual(assemble(before, 'openai-chat'));
    expect(after.turns[0]?.final).toBeDefined();
  });

  it('leaves a turn with a single call alone', () => {
    const one = build('openai-chat', [twoCalls[0]!]);
    const r = applyFaults(one, ['crlf', 'interleave']);
    expect(r.ok && r.noEffect).toEqual([1]);
    expect(ok(applyFaults(one, ['interleave']))).toEqual(one);
  });

  it('refuses other wires, naming the wire', () => {
    const r = applyFaults(build('anthropic-messages'), ['interleave']);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBe('fault 1 "interleave": applies to openai-chat streams only; this recording is anthropic-messages');
    expect(r.issue.code).toBe('wrong-wire');
  });
});

describe('reuse-index', () => {
  it('gives every call index 0 and forgets the recorded final message', () => {
    const after = ok(applyFaults(build('openai-chat'), ['reuse-index']));
    expect(callChunks(after).map((c) => c.index)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(callChunks(after).filter((c) => c.id).map((c) => c.id)).toEqual(['call_a', 'call_b']);
    expect(after.turns[0]?.final).toBeUndefined();
  });

  it('is refused on Responses', () => {
    expect(applyFaults(build('openai-responses'), ['reuse-index']).ok).toBe(false);
  });
});
