import { describe, expect, it } from 'vitest';
import { detectWire, isTerminal } from '../../../src/core/wire';
import { fixtureFrames } from './frames';
import { A, CC, CE, CS, E, F, I, R, T, U, adaptLists } from './signals';
import { frameTableOf } from '../../../src/core/sse';

const adapt = (name: string) => adaptLists('openai-responses', frameTableOf(fixtureFrames(`responses/${name}.sse`)));

describe('openai-responses adapter', () => {
  it('keys two parallel calls by output_index, with call_id as id; .done and output_item.done end them', () => {
    expect(adapt('two-parallel-calls')).toStrictEqual([
      [I('created')],
      [I('in_progress')],
      [CS('0', 'call_A', 'read_file')],
      [A('0', '{"path":')],
      [CS('1', 'call_B', 'read_file')],
      [A('1', '{"path":"b.md"}')],
      [A('0', '"a.md"}')],
      [CE('0', '{"path":"a.md"}')],
      [CC('0', 'call_A', 'read_file', '{"path":"a.md"}')],
      [CE('1', '{"path":"b.md"}')],
      [CC('1', 'call_B', 'read_file', '{"path":"b.md"}')],
      [F('completed'), U(80, 41)],
    ]);
  });

  it('carries arguments that arrive only in the done events (forgecode#2558)', () => {
    expect(adapt('args-only-in-done')).toStrictEqual([
      [I('created')],
      [CS('0', 'call_Z', 'shell')],
      [CE('0', '{"cmd":["ls"]}')],
      [CC('0', 'call_Z', 'shell', '{"cmd":["ls"]}')],
      [F('completed')],
    ]);
  });

  it('reads reasoning, text and refusal deltas; names known and unknown events; incomplete carries its reason', () => {
    expect(adapt('reasoning-and-text')).toStrictEqual([
      [I('output_item.added:reasoning')],
      [I('reasoning_summary_part.added')],
      [R('**Plan**')],
      [R('raw thought')],
      [I('output_item.added:message')],
      [I('content_part.added')],
      [T('Hi')],
      [T('No.')],
      [I('output_text.done')],
      [I('web_search_call.searching')],
      [I('unknown-event:response.brand_new_thing')],
      [F('incomplete:max_output_tokens'), U(5, 64)],
    ]);
  });

  it('matches a delta without output_index by item_id; an error event is not repeated by response.failed', () => {
    expect(adapt('error-then-failed')).toStrictEqual([
      [CS('0', 'call_E', 'grep')],
      [A('0', '{"q":')],
      [E('Something went wrong', 'server_error')],
      [F('failed')],
    ]);
  });

  it('reports the error a failed response carries when no error event came', () => {
    expect(adapt('failed-without-error-event')).toStrictEqual([[F('failed'), E('Slow down', 'rate_limit_exceeded')]]);
  });

  it('a stream cut before .done has no end signal and no terminal frame; the unterminated event never fires', () => {
    const frames = fixtureFrames('responses/cut-before-done.sse');
    expect(adaptLists('openai-responses', frameTableOf(frames))).toStrictEqual([
      [I('created')],
      [CS('0', 'call_C', 'edit')],
      [A('0', '{"file":"a.ts","old":"x')],
      [A('0', '","new"')],
    ]);
    expect(frames.some((f) => isTerminal('openai-responses', f))).toBe(false);
  });

  it('marks response.completed / incomplete / failed as terminal and nothing else', () => {
    for (const name of ['two-parallel-calls', 'reasoning-and-text', 'error-then-failed']) {
      const frames = fixtureFrames(`responses/${name}.sse`);
      expect(frames.map((f) => isTerminal('openai-responses', f))).toStrictEqual(frames.map((_, i) => i === frames.length - 1));
    }
  });

  it.each(['two-parallel-calls', 'args-only-in-done', 'reasoning-and-text', 'error-then-failed', 'failed-without-error-event', 'cut-before-done'])(
    'detects %s as openai-responses',
    (name) => expect(detectWire(frameTableOf(fixtureFrames(`responses/${name}.sse`)))).toBe('openai-responses'),
  );
});
