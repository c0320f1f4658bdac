// Anthropic frames read in place in the decoded text (template-match.ts `readIn`, the adapter's `stepIn`: a delta,
// tool_use start or block stop matched through its event name's reader template at the frame's data, without the
// data sliced out) give the signals of a whole parse: on the decoder's own frame tables (the text around each frame's
// data is the raw SSE), with event names that disagree with the data's type, data lines split in two (the data then
// lives in the table's side text), edited envelopes, escapes and large indices, after the templates are learned.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enableLargeInputPaths } from '../../../src/core/large-inputs';
import { recordingFromSse } from '../../../src/core/load';
import { decodeRecording } from '../../../src/core/sse';
import { adaptLists } from './signals';

enableLargeInputPaths();

const NAMES = ['content_block_delta', 'content_block_start', 'content_block_stop', 'message', ''] as const;

interface Frame {
  kind: 'delta' | 'start' | 'stop' | 'text';
  index: number;
  text: string;
  id: string;
  name: string | undefined;
  edit: 'none' | 'space' | 'extra' | 'split' | 'float';
}

const frame: fc.Arbitrary<Frame> = fc.record({
  kind: fc.constantFrom('delta', 'delta', 'delta', 'delta', 'start', 'stop', 'text'),
  index: fc.constantFrom(0, 1, 2, 7, 65535, 65536, 123456789),
  text: fc.constantFrom('', '{"a"', ':1}', '\\"', '"q\\n"', 'é数', '\u2028', '\ud800', 'x'.repeat(300), '\\'.repeat(200)),
  id: fc.constantFrom('toolu_1', 'toolu_2', 'a"b', ''),
  // the event line: the data's own type most of the time, else another name (or none)
  name: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...NAMES) }),
  edit: fc.constantFrom('none', 'none', 'none', 'none', 'space', 'extra', 'split', 'float'),
});

function event(f: Frame): string {
  const index = f.edit === 'float' ? `${f.index}.0` : String(f.index);
  const json = (x: unknown) => JSON.stringify(x);
  let data =
    f.kind === 'delta' ? `{"type":"content_block_delta","index":${index},"delta":{"type":"input_json_delta","partial_json":${json(f.text)}}}`
    : f.kind === 'text' ? `{"type":"content_block_delta","index":${index},"delta":{"type":"text_delta","text":${json(f.text)}}}`
    : f.kind === 'start' ? `{"type":"content_block_start","index":${index},"content_block":{"type":"tool_use","id":${json(f.id)},"name":"read_file","input":{}}}`
    : `{"type":"content_block_stop","index":${index}}`;
  if (f.edit === 'space') data = data.replace(':', ': ');
  if (f.edit === 'extra') data = data.slice(0, -1) + ',"x":1}';
  const type = f.kind === 'text' ? 'delta' : f.kind;
  const name = f.name ?? `content_block_${type}`;
  const lines = f.edit === 'split' ? `data: ${data.slice(0, 20)}\ndata: ${data.slice(20)}\n` : `data: ${data}\n`;
  return (name === '' ? '' : `event: ${name}\n`) + lines + '\n';
}

describe('anthropic frames read in place', () => {
  it('equal signals with and without templates on the decoder\'s tables', () => {
    fc.assert(
      fc.property(fc.array(frame, { minLength: 20, maxLength: 120 }), (frames) => {
        // a run of plain deltas, starts and stops first, so that the templates and their matchers exist
        let sse = '';
        for (let i = 0; i < 12; i++) {
          sse += event({ kind: 'start', index: i, text: '', id: `toolu_${i}`, name: undefined, edit: 'none' });
          sse += event({ kind: 'delta', index: i, text: '{"a":1}', id: '', name: undefined, edit: 'none' });
          sse += event({ kind: 'stop', index: i, text: '', id: '', name: undefined, edit: 'none' });
        }
        for (const f of frames) sse += event(f);
        const table = decodeRecording(recordingFromSse(sse)).frames;
        expect(adaptLists('anthropic-messages', table)).toEqual(adaptLists('anthropic-messages', table, { envelopes: false }));
      }),
      { numRuns: 150 },
    );
  });
});
