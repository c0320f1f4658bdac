// Generated SSE bodies for the whole-pipeline benchmark, as bytes (what a user opens): a text-heavy Chat turn, a
// tool-heavy parallel Chat turn (four calls at a time with their argument fragments interleaved, escapes, and
// OpenAI's per-chunk `obfuscation` padding), and an Anthropic turn of tool_use blocks streamed as
// input_json_delta. Synthetic: built here, not captured. Deterministic for a given frame count.
import { generateChat } from './generate';

export interface BenchStream {
  name: string;
  wire: 'openai-chat' | 'anthropic-messages';
  bytes: Uint8Array;
  frames: number;
}

const encoder = new TextEncoder();
const block = (data: unknown, event?: string): string => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/** Fragments of one call's arguments: quotes, backslashes, newlines, non-ASCII, a \u escape, cut anywhere. */
function argFragments(c: number, pieces: number): string[] {
  const args = JSON.stringify({ path: `src/dir_${c}/file "${c}".ts`, pattern: 'a\\b\\n', note: `line 1\nline 2 数据 é ${'x'.repeat(40)}`, n: c });
  const size = Math.max(1, Math.ceil(args.length / pieces));
  const out: string[] = [];
  for (let i = 0; i < args.length; i += size) out.push(args.slice(i, i + size));
  return out;
}

const pad = (i: number): string => 'abcdefghij'.slice(0, 2 + (i % 8));

export function chatParallel(frames: number): BenchStream {
  const parts: string[] = [];
  const id = 'chatcmpl-bench';
  const base = { id, object: 'chat.completion.chunk', created: 1764000000, model: 'gpt-bench' };
  parts.push(block({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: null }, finish_reason: null }], obfuscation: pad(0) }));
  const PER_CALL = 12;
  let index = 0;
  while (parts.length < frames - 2) {
    const round = [0, 1, 2, 3].map((k) => ({ key: index + k, fragments: argFragments(index + k, PER_CALL) }));
    for (const c of round) {
      const call = { index: c.key, id: `call_${c.key}`, type: 'function', function: { name: c.key % 3 === 0 ? 'write_file' : 'read_file', arguments: '' } };
      parts.push(block({ ...base, choices: [{ index: 0, delta: { tool_calls: [call] }, finish_reason: null }], obfuscation: pad(parts.length) }));
    }
    for (let f = 0; f < PER_CALL; f++) {
      for (const c of round) {
        const text = c.fragments[f];
        if (text === undefined) continue;
        parts.push(block({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: c.key, function: { arguments: text } }] }, finish_reason: null }], obfuscation: pad(parts.length) }));
      }
    }
    index += 4;
  }
  parts.push(block({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }], obfuscation: pad(1) }));
  parts.push('data: [DONE]\n\n');
  return { name: 'chat-parallel-tools', wire: 'openai-chat', bytes: encoder.encode(parts.join('')), frames: parts.length };
}

export function anthropicTools(frames: number): BenchStream {
  const parts: string[] = [];
  parts.push(block({ type: 'message_start', message: { id: 'msg_bench', type: 'message', role: 'assistant', model: 'claude-bench', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 100, output_tokens: 1 } } }, 'message_start'));
  let index = 0;
  const PER_CALL = 16;
  while (parts.length < frames - 3) {
    parts.push(block({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: `toolu_${index}`, name: 'read_file', input: {} } }, 'content_block_start'));
    for (const text of ['', ...argFragments(index, PER_CALL)]) {
      parts.push(block({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: text } }, 'content_block_delta'));
    }
    parts.push(block({ type: 'content_block_stop', index }, 'content_block_stop'));
    index++;
  }
  parts.push(block({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 999 } }, 'message_delta'));
  parts.push(block({ type: 'message_stop' }, 'message_stop'));
  return { name: 'anthropic-input-json', wire: 'anthropic-messages', bytes: encoder.encode(parts.join('')), frames: parts.length };
}

export function chatText(frames: number): BenchStream {
  const g = generateChat(frames);
  return { name: 'chat-text', wire: 'openai-chat', bytes: encoder.encode(g.sse), frames: g.events };
}
