import { describe, expect, it } from 'vitest';
import { detectWire, isTerminal } from '../../../src/core/wire';
import { fixtureFrames } from './frames';
import { A, CS, E, F, I, R, T, U, adaptLists } from './signals';
import { frameTableOf } from '../../../src/core/sse';

const adapt = (name: string) => adaptLists('openai-chat', frameTableOf(fixtureFrames(`chat/${name}.sse`)));

describe('openai-chat adapter', () => {
  it('keeps interleaved calls apart by index; finish_reason and [DONE]', () => {
    expect(adapt('interleaved-calls')).toStrictEqual([
      [I('empty-delta')],
      [CS('0', 'call_a', 'read_file'), A('0', '')],
      [CS('1', 'call_b', 'read_file'), A('1', '')],
      [A('0', '{"path":')],
      [A('1', '{"path":')],
      [A('0', '"a.md"}')],
      [A('1', '"b.md"}')],
      [F('tool_calls')],
      [I('done')],
    ]);
  });

  it('reads usage from a last chunk whose choices are empty; skips empty content', () => {
    expect(adapt('usage-only-last-chunk')).toStrictEqual([
      [I('empty-delta')],
      [T('Hello')],
      [T(' world')],
      [F('stop')],
      [U(19, 2)],
      [I('done')],
    ]);
  });

  it('reads data padded with trailing spaces, [DONE] included', () => {
    expect(adapt('padded-data')).toStrictEqual([[CS('0', '3f2a', 'ls'), A('0', '{}')], [F('tool_calls')], [I('done')]]);
  });

  it('turns an error chunk into an error signal', () => {
    expect(adapt('mid-stream-error')).toStrictEqual([
      [CS('0', 'call_x', 'write_file'), A('0', '{"pa')],
      [E('The server had an error while processing your request.', 'server_error')],
    ]);
  });

  it('uses the array position when a tool call has no index, and says so (ollama#7881)', () => {
    expect(adapt('missing-index')).toStrictEqual([
      [
        I('tool-call-without-index'),
        CS('0', 'call_1', 'get_weather'),
        A('0', '{"city":"Paris"}'),
        I('tool-call-without-index'),
        CS('1', 'call_2', 'get_weather'),
        A('1', '{"city":"Rome"}'),
      ],
      [F('tool_calls')],
      [I('done')],
    ]);
  });

  it('emits call-start every time an id appears, even on a reused index; an empty id is no id', () => {
    expect(adapt('reused-index')).toStrictEqual([
      [CS('0', 'call_1', 'write_file'), A('0', '{"p":1}')],
      [CS('0', 'call_2', 'write_file'), A('0', '{"p":2}')],
      [A('0', ''), F('tool_calls')],
      [I('done')],
    ]);
  });

  it('reads reasoning_content or reasoning, then text, then calls; other choices are ignored', () => {
    expect(adapt('reasoning-content')).toStrictEqual([
      [R('Let me think')],
      [R(' harder')],
      [T('Done.')],
      [T('!'), CS('0', 'call_9', 'ls')],
      [F('tool_calls'), I('choice:1')],
      [I('done')],
    ]);
  });

  it('names malformed chunks and invalid JSON instead of throwing', () => {
    expect(adapt('malformed')).toStrictEqual([
      [I('malformed:delta.tool_calls')],
      [I('malformed:tool_calls[0]')],
      [I('malformed:choices')],
      [I('no-choices')],
      [I('not-an-object')],
      [I('invalid-json')],
      [I('done')],
    ]);
  });

  it('a finish_reason tool_calls with no call yields only text and finish (a call dropped by the server)', () => {
    expect(adapt('finish-tool-calls-without-call')).toStrictEqual([[T('Let me check')], [I('empty-delta')], [F('tool_calls')], [I('done')]]);
  });

  it('marks [DONE] as terminal and nothing else', () => {
    const frames = fixtureFrames('chat/interleaved-calls.sse');
    expect(frames.map((f) => isTerminal('openai-chat', f))).toStrictEqual(frames.map((_, i) => i === frames.length - 1));
  });

  it.each(['interleaved-calls', 'usage-only-last-chunk', 'padded-data', 'mid-stream-error', 'missing-index', 'reused-index', 'reasoning-content', 'malformed', 'finish-tool-calls-without-call'])(
    'detects %s as openai-chat',
    (name) => expect(detectWire(frameTableOf(fixtureFrames(`chat/${name}.sse`)))).toBe('openai-chat'),
  );
});
