// Test recordings built in code for the files / safety end-to-end tests: one Anthropic reply with two tool calls
// in four formats (v1 .jsonl, raw SSE, HAR, NDJSON of data payloads). Expected calls come from core, not by hand.
import { analyzeText } from '../../src/core/session/analyze';
import type { ReadyCall } from '../../src/core/types';

export function anthropicEvents(args: [string, string][] = [['{"path":', '"a.txt"}'], ['{"path":"b', '.txt"}']]): { event: string; data: unknown }[] {
  const events: { event: string; data: unknown }[] = [
    { event: 'message_start', data: { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], model: 'm', stop_reason: null, usage: { input_tokens: 5, output_tokens: 1 } } } },
  ];
  args.forEach((parts, i) => {
    events.push({ event: 'content_block_start', data: { type: 'content_block_start', index: i, content_block: { type: 'tool_use', id: `toolu_${i + 1}`, name: 'read_file', input: {} } } });
    for (const p of parts) events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index: i, delta: { type: 'input_json_delta', partial_json: p } } });
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index: i } });
  });
  events.push({ event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 20 } } });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return events;
}

export const sseText = (events = anthropicEvents()) => events.map((e) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`).join('');

export function jsonlText(sse = sseText(), title = { zh: '我的录制', en: 'My recording' }): string {
  const lines = [JSON.stringify({ streamscope: 1, title, wire: 'anthropic-messages', provenance: { kind: 'synthetic' } }), JSON.stringify([0, 'req', { turn: 0 }])];
  const blocks = sse.split('\n\n').filter(Boolean);
  blocks.forEach((b, i) => lines.push(JSON.stringify([100 + i * 10, 'chunk', `${b}\n\n`])));
  lines.push(JSON.stringify([100 + blocks.length * 10, 'end', { status: 'complete' }]));
  return lines.join('\n') + '\n';
}

export const harText = (sse = sseText()) =>
  JSON.stringify({
    log: {
      version: '1.2',
      entries: [
        {
          startedDateTime: '2025-01-01T00:00:00.000Z',
          request: { method: 'POST', url: 'https://api.example/v1/messages' },
          response: { status: 200, content: { mimeType: 'text/event-stream', text: sse } },
          timings: { send: 1, wait: 300, receive: 120 },
        },
      ],
    },
  });

export const ndjsonText = (events = anthropicEvents()) => events.map((e) => JSON.stringify(e.data)).join('\n') + '\n';

/** The calls per-call-buffer assembles from `text` (as core sees it). */
export function expectedCalls(text: string, name: string): readonly ReadyCall[] {
  const r = analyzeText(text, name);
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.session.strategies['per-call-buffer'].calls;
}
