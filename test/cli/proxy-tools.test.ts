// The proxy's tool-time pairing (src/cli/proxy-tools.ts): the calls a response carried (against core's ground truth
// on every shipped recording), the results a request brings back per wire, and the clock that pairs them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load } from '../../src/core/load';
import { analyze } from '../../src/core/session/session';
import { callsInResponse, resultsInRequest, ToolClock } from '../../src/cli/proxy-tools';

const enc = new TextEncoder();
const shelf = JSON.parse(readFileSync('public/recordings/index.json', 'utf8')) as { recordings: { id: string; file: string }[] };

describe('callsInResponse: the calls a streamed turn carried', () => {
  it.each(shelf.recordings.map((r) => [r.id, r.file]))('%s: the same ids and names as core ground truth, turn by turn', (_id, file) => {
    const loaded = load(readFileSync(`public/recordings/${file}`), file);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const session = analyze(loaded.recording);
    loaded.recording.turns.forEach((t, k) => {
      const bytes = t.chunks.bytes.slice(0, t.chunks.ends[t.chunks.ends.length - 1] ?? 0);
      const truth = session.carried.filter((c) => c.turn === k).map((c) => ({ id: c.id, name: c.name }));
      expect(callsInResponse(session.wire, bytes, true), `turn ${k}`).toEqual(truth);
    });
  });

  it('reads a non-streaming JSON body by its shape per wire', () => {
    const json = (v: unknown) => enc.encode(JSON.stringify(v));
    expect(callsInResponse('openai-chat', json({ choices: [{ message: { tool_calls: [{ id: 'c1', type: 'function', function: { name: 'a', arguments: '{}' } }] } }] }), false)).toEqual([{ id: 'c1', name: 'a' }]);
    expect(callsInResponse('anthropic-messages', json({ content: [{ type: 'text', text: 'x' }, { type: 'tool_use', id: 't1', name: 'b', input: {} }, { type: 'server_tool_use', id: 's1', name: 'web' }] }), false)).toEqual([{ id: 't1', name: 'b' }]);
    expect(callsInResponse('openai-responses', json({ output: [{ type: 'function_call', call_id: 'r1', name: 'c', arguments: '{}' }] }), false)).toEqual([{ id: 'r1', name: 'c' }]);
    expect(callsInResponse('gemini', json({ candidates: [{ content: { parts: [{ functionCall: { name: 'd', args: {} } }] } }] }), false)).toEqual([{ id: 'gemini-call-0', name: 'd' }]);
    expect(callsInResponse('openai-chat', enc.encode('not json'), false)).toEqual([]);
  });
});

describe('resultsInRequest: the tool results a request brings back', () => {
  it('Chat tool_call_id, Anthropic tool_use_id, Responses call_id, Gemini functionResponse (id, else name)', () => {
    expect([...resultsInRequest('openai-chat', { messages: [{ role: 'user', content: 'x' }, { role: 'tool', tool_call_id: 'c1', content: 'r' }] }).ids]).toEqual(['c1']);
    expect([...resultsInRequest('anthropic-messages', { messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'r' }] }] }).ids]).toEqual(['t1']);
    expect([...resultsInRequest('openai-responses', { input: [{ type: 'function_call', call_id: 'r1' }, { type: 'function_call_output', call_id: 'r1', output: 'r' }] }).ids]).toEqual(['r1']);
    const g = resultsInRequest('gemini', { contents: [{ role: 'user', parts: [{ functionResponse: { name: 'd', response: {} } }, { functionResponse: { name: 'd', response: {} } }, { functionResponse: { id: 'g1', name: 'e', response: {} } }] }] });
    expect([...g.names]).toEqual([['d', 2]]);
    expect([...g.ids]).toEqual(['g1']);
    expect(resultsInRequest('openai-chat', 'not an object').ids.size).toBe(0);
  });
});

describe('ToolClock', () => {
  it('answers each call once, at the first request that brings its result, from its turn end', () => {
    const clock = new ToolClock();
    clock.ended(0, 100, [{ id: 'c1', name: 'a' }]);
    expect(clock.request('openai-chat', { messages: [] }, 150)).toEqual([]);
    const tool = (id: string) => ({ role: 'tool', tool_call_id: id, content: '' });
    expect(clock.request('openai-chat', { messages: [tool('c1')] }, 250.04)).toEqual([{ turn: 0, callId: 'c1', name: 'a', startMs: 100, durationMs: 150 }]);
    clock.ended(1, 400, [{ id: 'c2', name: 'b' }, { id: 'c3', name: 'b' }]);
    // the history repeats c1: it is not answered again
    expect(clock.request('openai-chat', { messages: [tool('c1'), tool('c2'), tool('c3')] }, 460).map((r) => [r.callId, r.durationMs])).toEqual([
      ['c2', 60],
      ['c3', 60],
    ]);
    expect(clock.answered).toBe(3);
  });

  it('Gemini without ids: k responses named N answer the first k calls named N of the run', () => {
    const clock = new ToolClock();
    const response = (name: string) => ({ functionResponse: { name, response: {} } });
    clock.ended(0, 10, [{ id: 'gemini-call-0', name: 'read' }]);
    expect(clock.request('gemini', { contents: [{ parts: [response('read')] }] }, 30).map((r) => [r.turn, r.durationMs])).toEqual([[0, 20]]);
    clock.ended(1, 50, [{ id: 'gemini-call-0', name: 'read' }, { id: 'gemini-call-1', name: 'list' }]);
    // the history's first read response is turn 0's: only turn 1's two calls are new
    const runs = clock.request('gemini', { contents: [{ parts: [response('read')] }, { parts: [response('read'), response('list')] }] }, 80);
    expect(runs.map((r) => [r.turn, r.callId, r.name, r.durationMs])).toEqual([
      [1, 'gemini-call-0', 'read', 30],
      [1, 'gemini-call-1', 'list', 30],
    ]);
  });
});
