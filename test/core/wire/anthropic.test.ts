import { describe, expect, it } from 'vitest';
import { detectWire, encodeTurn, isTerminal } from '../../../src/core/wire';
import { anthropicMessages } from '../../../src/core/wire/anthropic-messages';
import { createSink } from '../../../src/core/wire/read';
import { fixtureFrames, framesFromSse } from './frames';
import { A, CC, CE, CS, E, F, I, R, T, U, adaptLists } from './signals';
import { frameTableOf } from '../../../src/core/sse';

const adapt = (name: string) => adaptLists('anthropic-messages', frameTableOf(fixtureFrames(`anthropic/${name}.sse`)));

describe('anthropic-messages adapter', () => {
  it('two tool_use blocks from the docs: empty first fragment, call-end at content_block_stop', () => {
    expect(adapt('two-tool-use-docs')).toStrictEqual([
      [U(472, 2)],
      [I('block-start:text')],
      [I('ping')],
      [T("I'll read both files.")],
      [I('block-stop')],
      [CS('1', 'toolu_01A', 'read_file')],
      [A('1', '')],
      [A('1', '{"path": "RE')],
      [A('1', 'ADME.md"}')],
      [CE('1')],
      [CS('2', 'toolu_01B', 'read_file')],
      [A('2', '')],
      [A('2', '{"path": "src/')],
      [A('2', 'main.ts"}')],
      [CE('2')],
      [F('tool_use'), U(undefined, 89)],
      [I('message-stop')],
    ]);
  });

  it('whole blocks inside message_start (programmatic tool calling): text, a server tool, a tool_use call at its position; stop_reason', () => {
    expect(adapt('message-start-content')).toStrictEqual([
      [T('Hi.'), I('block-start:server_tool_use'), CC('2', 'toolu_1', 'get', '{"a":1}'), F('tool_use'), U(10, 4)],
      [I('message-stop')],
    ]);
  });

  it('ignores ping and unknown events and unknown delta types, naming them', () => {
    expect(adapt('ping-and-unknown-event')).toStrictEqual([
      [U(12, 1)],
      [I('ping')],
      [I('block-start:text')],
      [I('unknown-event:future_event')],
      [I('unknown-event:content_block_delta/future_delta')],
      [T('Hi')],
      [I('ping')],
      [I('block-stop')],
      [F('end_turn'), U(undefined, 3)],
      [I('message-stop')],
    ]);
  });

  it('turns an error event into an error signal with its type', () => {
    expect(adapt('overloaded-error')).toStrictEqual([
      [U(30, 1)],
      [CS('0', 'toolu_03', 'write_file')],
      [A('0', '{"path":"a.txt","con')],
      [E('Overloaded', 'overloaded_error')],
    ]);
  });

  it('thinking becomes reasoning; a tool with no arguments sends only the empty fragment', () => {
    expect(adapt('thinking-then-tool')).toStrictEqual([
      [U(50, 1)],
      [I('block-start:thinking')],
      [R('Need the weather.')],
      [I('signature-delta')],
      [I('block-stop')],
      [CS('1', 'toolu_04', 'get_time')],
      [A('1', '')],
      [CE('1')],
      [F('tool_use'), U(undefined, 40)],
      [I('message-stop')],
    ]);
  });

  it('reads padded data; input given in the start block is carried by call-end when no fragment follows', () => {
    expect(adapt('padded-input-in-start')).toStrictEqual([
      [U(8, 1)],
      [CS('0', 'toolu_05', 'ls')],
      [CE('0', '{"dir":"."}')],
      [F('tool_use'), U(undefined, 9)],
      [I('message-stop')],
    ]);
  });

  it('keeps server-side tool input out of the calls; reads data.type without event lines', () => {
    expect(adapt('server-tool-use')).toStrictEqual([
      [I('block-start:server_tool_use')],
      [I('server-tool-input')],
      [I('block-stop')],
      [I('block-start:web_search_tool_result')],
      [I('block-stop')],
      [I('citations-delta')],
      [I('message-stop')],
    ]);
  });

  it('names malformed fields and invalid JSON instead of throwing', () => {
    expect(adapt('malformed')).toStrictEqual([
      [CS('0', 'toolu_6', 'f')],
      [I('malformed:content_block_delta.index')],
      [I('malformed:input_json_delta.partial_json')],
      [I('malformed:content_block_delta.index')],
      [I('malformed:content_block_start.content_block')],
      [I('unknown-event:(none)')],
      [I('not-an-object')],
      [I('invalid-json')],
      [I('message-delta')],
    ]);
  });

  it('passes cut-off arguments through untouched; max_tokens is the finish reason', () => {
    expect(adapt('max-tokens-cut-mid-args')).toStrictEqual([
      [U(900, 1)],
      [CS('0', 'toolu_07', 'write_file')],
      [A('0', '{"path": "notes.md", "content": "# Chapter 1\\n\\nIt was a dark and')],
      [CE('0')],
      [F('max_tokens'), U(undefined, 4096)],
      [I('message-stop')],
    ]);
  });

  it('marks message_stop as terminal and nothing else', () => {
    const frames = fixtureFrames('anthropic/two-tool-use-docs.sse');
    expect(frames.map((f) => isTerminal('anthropic-messages', f))).toEqual(frames.map((_, i) => i === frames.length - 1));
  });

  it.each(['two-tool-use-docs', 'ping-and-unknown-event', 'overloaded-error', 'thinking-then-tool', 'padded-input-in-start', 'server-tool-use', 'max-tokens-cut-mid-args', 'message-start-content'])(
    'detects %s as anthropic-messages',
    (name) => expect(detectWire(frameTableOf(fixtureFrames(`anthropic/${name}.sse`)))).toBe('anthropic-messages'),
  );
});

describe('anthropic-messages envelope templates', () => {
  it('block starts and stops are read through templates (their content_block.id / index), deltas through partial_json', () => {
    const calls = Array.from({ length: 60 }, (_, c) => ({ id: `toolu_${c}`, name: 'read_file', fragments: ['{"path":', `"f${c}.ts"}`] }));
    const frames = framesFromSse(encodeTurn('anthropic-messages', { calls }));
    const state = anthropicMessages.init();
    const sink = createSink();
    const hits = new Map<string, Set<number>>();
    frames.forEach((f) => {
      anthropicMessages.step(state, f, sink.begin());
      const type = (JSON.parse(f.data) as { type: string }).type;
      // after the first blocks (templates are built on a schedule that backs off while frames of other shapes come)
      if (f.index >= frames.length - 80) hits.set(type, (hits.get(type) ?? new Set()).add(state.holes.hit));
    });
    expect(hits.get('content_block_start')).toEqual(new Set([2]));
    expect(hits.get('content_block_stop')).toEqual(new Set([4]));
    expect(hits.get('content_block_delta')).toEqual(new Set([1]));
    expect(adaptLists('anthropic-messages', frameTableOf(frames))).toEqual(adaptLists('anthropic-messages', frameTableOf(frames), { envelopes: false }));
  });
});
