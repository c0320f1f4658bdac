// Anthropic frames read through their envelope templates (template-match.ts `readKnown`: an input_json_delta, a tool_use
// start's id hole, a stop's index hole, read without building the event) give the signals of a whole parse, on long
// turns of many blocks of every kind (the templates are learned after a few frames, so short turns never reach them).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameTableOf } from '../../../src/core/sse';
import { enableHoleMatchers } from '../../../src/core/wire/template-match';
import { framesFromSse } from './frames';
import { adaptLists } from './signals';

enableHoleMatchers();

const ev = (data: unknown): string => {
  const d = data as { type: string };
  return `event: ${d.type}\ndata: ${JSON.stringify(data)}\n\n`;
};

const block = fc.record({
  kind: fc.constantFrom('tool_use', 'tool_use', 'tool_use', 'server_tool_use', 'text', 'thinking'),
  id: fc.constantFrom('', 'toolu_1', 'toolu_2', 'srvtoolu_9', 'a"b', 'x\\y'),
  name: fc.constantFrom('read_file', 'read_file', '', 'write_file'),
  input: fc.constantFrom<unknown>({}, {}, { a: 1 }, undefined, null, []),
  fragments: fc.array(fc.constantFrom('', '{"a"', ':1}', '\\"', '"q\\n"'), { maxLength: 3 }),
  skipStart: fc.boolean(),
  stopOnly: fc.boolean(),
  jump: fc.constantFrom(1, 1, 1, 2, 70000),
});

type Block = typeof block extends fc.Arbitrary<infer R> ? R : never;

function turn(blocks: readonly Block[]): string {
  let out = ev({ type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', content: [], usage: { input_tokens: 1, output_tokens: 1 } } });
  let index = 0;
  for (const b of blocks) {
    const start =
      b.kind === 'tool_use' || b.kind === 'server_tool_use' ? { type: b.kind, id: b.id, name: b.name, ...(b.input !== undefined && { input: b.input }) }
      : b.kind === 'text' ? { type: 'text', text: '' }
      : { type: 'thinking', thinking: '' };
    if (!b.skipStart && !b.stopOnly) out += ev({ type: 'content_block_start', index, content_block: start });
    if (!b.stopOnly)
      for (const f of b.fragments)
        out += ev({ type: 'content_block_delta', index, delta: b.kind === 'text' ? { type: 'text_delta', text: f } : { type: 'input_json_delta', partial_json: f } });
    out += ev({ type: 'content_block_stop', index });
    index += b.jump;
  }
  return out + ev({ type: 'message_stop' });
}

describe('anthropic block starts and stops through templates', () => {
  it('equal signals with and without templates on long turns of mixed blocks', () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 10, maxLength: 60 }), (blocks) => {
        const frames = frameTableOf(framesFromSse(turn(blocks)));
        expect(adaptLists('anthropic-messages', frames)).toEqual(adaptLists('anthropic-messages', frames, { envelopes: false }));
      }),
      { numRuns: 200 },
    );
  });
});
