// Synthetic streams whose tool arguments nest D levels (`[[[[...]]]]`), built in memory for the deep-JSON tests
// (never committed as files): raw SSE for Chat and Anthropic, and a v1 recording (.jsonl) of the Anthropic stream
// with the client's assembled `final` message holding the same deep `input`.

/** D nested arrays, `[[...]]`. */
export const nestedArrays = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** The arguments in fragments of `size` characters, as a server streams them. */
export const fragmentsOf = (text: string, size = 20_000): string[] =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

const chatChunk = (delta: object, finish: string | null = null): string => `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** A Chat Completions stream with one call `f` whose arguments are `args`, streamed in fragments. */
export function chatStream(args: string, size?: number): string {
  return (
    chatChunk({ role: 'assistant' }) +
    fragmentsOf(args, size)
      .map((f, k) => chatChunk({ tool_calls: [{ index: 0, ...(k === 0 && { id: 'call_1', type: 'function' }), function: { ...(k === 0 && { name: 'f' }), arguments: f } }] }))
      .join('') +
    chatChunk({}, 'tool_calls') +
    'data: [DONE]\n\n'
  );
}

/** The events of an Anthropic Messages stream with one tool_use block `f` whose input is `args`. */
export function anthropicEvents(args: string, size?: number): string[] {
  const ev = (type: string, data: object): string => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  return [
    ev('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 1 } } }),
    ev('content_block_start', { index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} } }),
    ...fragmentsOf(args, size).map((f) => ev('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: f } })),
    ev('content_block_stop', { index: 0 }),
    ev('message_delta', { delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 5 } }),
    ev('message_stop', {}),
  ];
}

export const anthropicStream = (args: string, size?: number): string => anthropicEvents(args, size).join('');

/**
 * A v1 recording of the Anthropic stream above (one chunk per event, 40 ms apart) with a `final` message whose
 * tool_use input is the parsed arguments (written as text: JSON.stringify overflows on it).
 */
export function anthropicRecording(args: string, size?: number): string {
  const header = { streamscope: 1, title: { en: 'Deeply nested arguments (synthetic)', zh: '嵌套很深的参数(合成)' }, wire: 'anthropic-messages', provenance: { kind: 'synthetic', notes: 'Built in a test.' } };
  const events = anthropicEvents(args, size);
  const final = `{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"tool_use","id":"toolu_1","name":"f","input":${args}}],"stop_reason":"tool_use"}`;
  return [
    JSON.stringify(header),
    '[0,"req",{"turn":0}]',
    ...events.map((e, i) => JSON.stringify([40 * (i + 1), 'chunk', e])),
    `[${40 * (events.length + 1)},"end",{"status":"complete"}]`,
    `[${40 * (events.length + 1)},"final",{"turn":0,"message":${final}}]`,
  ].join('\n') + '\n';
}

/** How deep a value nests along first members (a loop: a recursive walk would overflow). */
export function depthOf(v: unknown): number {
  let n = 0;
  for (let at = v; typeof at === 'object' && at !== null; at = Array.isArray(at) ? at[0] : Object.values(at)[0]) n++;
  return n;
}
