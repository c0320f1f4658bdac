// The lesson's cases as hand-built signal sequences (what the wire adapters produce for each).
import { args, complete, end, finish, ignoredSig, start, text, type Step } from './build';

const DONE: Step = { signals: [ignoredSig('done')], data: '[DONE]' };

/** mlx_lm.server: two read_file calls, each whole in one Chat frame, then finish and [DONE]. */
export const mlxWhole: Step[] = [
  { signals: [ignoredSig('empty-delta')] },
  { signals: [start('0', 'call_a', 'read_file'), args('0', '{"path": "README.md"}')] },
  { signals: [start('1', 'call_b', 'read_file'), args('1', '{"path": "pyproject.toml"}')] },
  { signals: [finish('tool_calls')] },
  { signals: [{ kind: 'usage', inputTokens: 10, outputTokens: 5 }] },
  DONE,
];

/** Anthropic docs-style: '' first fragment, then key/value pieces; two tool_use blocks (keys 1 and 2). */
export const anthropicDocs: Step[] = [
  { signals: [ignoredSig('message-start')] },
  { signals: [text('Let me look.')] },
  { signals: [start('1', 'toolu_a', 'read_file')] },
  { signals: [args('1', '')] },
  { signals: [args('1', '{"path": "READ')] },
  { signals: [args('1', 'ME.md"}')] },
  { signals: [end('1')] },
  { signals: [start('2', 'toolu_b', 'read_file')] },
  { signals: [args('2', '')] },
  { signals: [args('2', '{"path": ')] },
  { signals: [args('2', '"pyproject.toml"}')] },
  { signals: [end('2')] },
  { signals: [finish('tool_use')] },
  { signals: [ignoredSig('message-stop')] },
];

/** Anthropic with one call: the shared buffer holds just that call and works. */
export const anthropicOne: Step[] = anthropicDocs.slice(0, 7).concat([{ signals: [finish('tool_use')] }, { signals: [ignoredSig('message-stop')] }]);

/** Anthropic stream cut mid-arguments: no content_block_stop, no message_stop. */
export const anthropicCut: Step[] = anthropicDocs.slice(0, 5);

/** Chat stream cut mid-arguments: no finish_reason, no [DONE]. */
export const chatCut: Step[] = [
  { signals: [start('0', 'call_a', 'write_file'), args('0', '')] },
  { signals: [args('0', '{"path": "a.txt", "content": "hel')] },
];

/** Chat with two interleaved calls (openai-ruby#638). */
export const chatInterleaved: Step[] = [
  { signals: [start('0', 'call_a', 'read_file'), args('0', '')] },
  { signals: [start('1', 'call_b', 'read_file'), args('1', '')] },
  { signals: [args('0', '{"path": ')] },
  { signals: [args('1', '{"path": ')] },
  { signals: [args('0', '"a.md"}')] },
  { signals: [args('1', '"b.md"}')] },
  { signals: [finish('tool_calls')] },
  DONE,
];

/** Chat with two sequential incremental calls (vLLM style). */
export const chatSequential: Step[] = [
  { signals: [start('0', 'call_a', 'read_file'), args('0', '')] },
  { signals: [args('0', '{"path": ')] },
  { signals: [args('0', '"a.md"}')] },
  { signals: [start('1', 'call_b', 'read_file'), args('1', '')] },
  { signals: [args('1', '{"path": "b.md"}')] },
  { signals: [finish('tool_calls')] },
  DONE,
];

/** Ollama reusing index 0 for both calls, each whole in one frame. */
export const reusedIndex: Step[] = [
  { signals: [start('0', 'call_a', 'write_file'), args('0', '{"path": "a"}')] },
  { signals: [start('0', 'call_b', 'write_file'), args('0', '{"path": "b"}')] },
  { signals: [finish('tool_calls')] },
  DONE,
];

/** Responses: output_item.added -> deltas -> function_call_arguments.done -> output_item.done, two calls. */
export const responses: Step[] = [
  { signals: [ignoredSig('created')] },
  { signals: [start('0', 'call_a', 'read_file')] },
  { signals: [args('0', '{"path":')] },
  { signals: [args('0', '"a.md"}')] },
  { signals: [end('0', '{"path":"a.md"}')] },
  { signals: [complete('0', 'call_a', 'read_file', '{"path":"a.md"}')] },
  { signals: [start('1', 'call_b', 'read_file')] },
  { signals: [args('1', '{"path":"b.md"}')] },
  { signals: [end('1', '{"path":"b.md"}')] },
  { signals: [complete('1', 'call_b', 'read_file', '{"path":"b.md"}')] },
  { signals: [finish('completed')] },
];

/** Responses where the arguments come only in the done events (tailcallhq/forgecode#2558). */
export const responsesArgsOnlyInDone: Step[] = [
  { signals: [start('0', 'call_a', 'read_file')] },
  { signals: [end('0', '{"path":"a.md"}')] },
  { signals: [complete('0', 'call_a', 'read_file', '{"path":"a.md"}')] },
  { signals: [finish('completed')] },
];

/** Responses cut after the deltas: no .done, no output_item.done (earendil-works/pi#9897). */
export const responsesCut: Step[] = responses.slice(0, 3);

/** Gemini: whole functionCall parts, finishReason in a later chunk. */
export const gemini: Step[] = [
  { signals: [text('Reading both.')] },
  { signals: [complete('0', 'gemini-call-0', 'read_file', '{"path":"a.md"}'), complete('1', 'gemini-call-1', 'read_file', '{"path":"b.md"}')] },
  { signals: [finish('STOP')] },
];
