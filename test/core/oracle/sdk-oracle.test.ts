// SDK oracle: the official SDKs' assembled messages (Anthropic finalMessage(), OpenAI finalChatCompletion() /
// finalResponse(), the Vercel AI SDK's Google provider for Gemini) are the reference for "the calls the stream
// carried". We feed them the same bytes through a custom fetch and check that per-call-buffer AND the ground
// truth (read apart from the adapters) produce the same tool calls (id, name, parsed arguments), turn by turn, on
// generated streams and on the shipped recordings that are valid streams.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load } from '../../../src/core/load';
import { analyzeText } from '../../../src/core/session/analyze';
import { analyze } from '../../../src/core/session/session';
import { encodeTurn, type TurnSpec } from '../../../src/core/wire';
import { noIds, ours, sdkCalls, truth, type Call } from './sdk';
import { chunkList } from '../../../src/core/chunk-table';

const SPECS: [string, TurnSpec][] = [
  ['one call in two fragments', { calls: [{ id: 'c1', name: 'read_file', fragments: ['{"path":', ' "a.md"}'] }] }],
  ['two calls, text and reasoning first', {
    reasoning: ['Let me ', 'think.'],
    text: ['Reading ', 'both.'],
    calls: [
      { id: 'c1', name: 'read_file', fragments: ['', '{"path": "READ', 'ME.md"}'] },
      { id: 'c2', name: 'grep', fragments: ['{"pattern": "f\\u00e9e", ', '"flags": ["-n", ', '"-i"], "max": 3}'] },
    ],
  }],
  ['unicode and escapes split mid-way', { calls: [{ id: 'c9', name: 'write_file', fragments: ['{"content": "line1\\nli', 'ne2 \\"q\\" 数据', '"}'] }] }],
  ['three whole calls', { calls: ['a', 'b', 'c'].map((x) => ({ id: `call_${x}`, name: 'read', fragments: [`{"p":"${x}"}`] })) }],
  ['text only', { text: ['Hello.'], calls: [] }],
];

describe.each(['anthropic-messages', 'openai-chat', 'openai-responses'] as const)('%s: generated streams', (wire) => {
  it.each(SPECS)('%s', async (_name, bare) => {
    // Real Anthropic streams always carry usage in message_delta, and the SDK reads it.
    const spec: TurnSpec = { ...bare, usage: { inputTokens: 5, outputTokens: 7 } };
    const body = encodeTurn(wire, spec);
    const r = analyzeText(body, 'gen.sse');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.session.wire).toBe(wire);
    const sdk = await sdkCalls(wire, body);
    expect(sdk).toHaveLength(spec.calls.length);
    expect(ours(r.session, 0)).toEqual(sdk);
    expect(r.session.strategies['per-call-buffer'].verdict).toBe('ok');
  });
});

describe('anthropic-messages: a tool with no arguments (only the empty partial_json fragment)', () => {
  it('per-call-buffer reads the empty buffer as {} like finalMessage(), and the turn is ok', async () => {
    const spec: TurnSpec = {
      usage: { inputTokens: 5, outputTokens: 7 },
      calls: [
        { id: 'toolu_a', name: 'list_files', fragments: [''] },
        { id: 'toolu_b', name: 'read_file', fragments: ['', '{"path":', ' "a.md"}'] },
      ],
    };
    const body = encodeTurn('anthropic-messages', spec);
    const r = analyzeText(body, 'noargs.sse');
    if (!r.ok) throw new Error(r.error.message);
    const sdk = await sdkCalls('anthropic-messages', body);
    expect(sdk).toEqual([
      { id: 'toolu_a', name: 'list_files', args: {} },
      { id: 'toolu_b', name: 'read_file', args: { path: 'a.md' } },
    ]);
    expect(ours(r.session, 0)).toEqual(sdk);
    expect(r.session.strategies['per-call-buffer'].verdict).toBe('ok');
    // the naive strategy still fails on the lone '' fragment, as the lesson shows
    expect(r.session.strategies['parse-each-fragment'].verdict).toBe('fail');
  });
});

describe('openai-chat: interleaved calls (the SDK keys by index; so does per-call-buffer)', () => {
  it('agrees with finalChatCompletion', async () => {
    const spec: TurnSpec = {
      interleave: true,
      calls: [
        { id: 'c1', name: 'read', fragments: ['{"p":', '"a"', '}'] },
        { id: 'c2', name: 'read', fragments: ['{"p":', '"b"', '}'] },
      ],
    };
    const body = encodeTurn('openai-chat', spec);
    const r = analyzeText(body, 'gen.sse');
    if (!r.ok) throw new Error(r.error.message);
    expect(ours(r.session, 0)).toEqual(await sdkCalls('openai-chat', body));
    expect(r.session.strategies['next-index-closes'].verdict).toBe('fail');
  });
});

const VALID = [
  'parallel-probe',
  'anthropic-docs',
  'responses-docs',
  'interleaved-chat',
  'thinking-turn',
  'content-before-call',
  'crlf-split',
  'utf8-split',
  'agent-run',
  'ptc-message-start',
  'gemini-streamed-args',
  'gemini-streamed-nested',
];

describe('shipped recordings that are valid streams', () => {
  it.each(VALID)('%s: every turn agrees with the SDK, per-call-buffer and the ground truth alike', async (name) => {
    const loaded = load(readFileSync(`public/recordings/${name}.jsonl`), `${name}.jsonl`);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const s = analyze(loaded.recording, { strategies: ['per-call-buffer'] });
    for (const turn of loaded.recording.turns) {
      const bytes = Buffer.concat(chunkList(turn.chunks).map((c) => c.bytes));
      const sdk = await sdkCalls(s.wire, bytes);
      const strip = s.wire === 'gemini' ? noIds : (x: Call[]) => x;
      expect(strip(ours(s, turn.index)), `turn ${turn.index}`).toEqual(sdk);
      expect(strip(truth(s, turn.index)), `turn ${turn.index}`).toEqual(sdk);
    }
  });
});
