// inspect --json on tool arguments nested 100,000 levels (`[[[[...]]]]`), Anthropic and Chat, built here (synthetic,
// not a committed file): exit 0 with the whole report as JSON (the arguments included, as deep as they came), a
// too-deep anomaly naming the depth, never "internal error".
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const D = 100_000;
const LIMIT_MS = 60_000;
const dir = mkdtempSync(join(tmpdir(), 'deep-cli-'));
const arrays = `${'['.repeat(D)}${']'.repeat(D)}`;
/** The arguments in fragments of 20,000 characters, as a server streams them. */
const fragments = Array.from({ length: Math.ceil(arrays.length / 20_000) }, (_, i) => arrays.slice(i * 20_000, (i + 1) * 20_000));

const chatChunk = (delta: object, finish: string | null = null): string => `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const chat =
  chatChunk({ role: 'assistant' }) +
  fragments.map((f, k) => chatChunk({ tool_calls: [{ index: 0, ...(k === 0 && { id: 'call_1', type: 'function' }), function: { ...(k === 0 && { name: 'f' }), arguments: f } }] })).join('') +
  chatChunk({}, 'tool_calls') +
  'data: [DONE]\n\n';

const ev = (type: string, data: object): string => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
const anthropic =
  ev('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'm', content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 1 } } }) +
  ev('content_block_start', { index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} } }) +
  fragments.map((f) => ev('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: f } })).join('') +
  ev('content_block_stop', { index: 0 }) +
  ev('message_delta', { delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 5 } }) +
  ev('message_stop', {});

function inspect(file: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/inspect.ts', file, '--json'],
      { encoding: 'utf8', timeout: LIMIT_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 },
      (error, out, err) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, out, err }),
    );
  });
}

/** How deep a value nests along first members (a loop: a recursive walk would overflow). */
function depthOf(v: unknown): number {
  let n = 0;
  for (let at = v; typeof at === 'object' && at !== null; at = Array.isArray(at) ? at[0] : Object.values(at)[0]) n++;
  return n;
}

interface Report {
  wire: string;
  turns: { anomalies: { code: string; detail: string | null }[] }[];
  strategies: { id: string; ok: boolean; calls: { name: string; arguments: unknown }[] }[];
}

describe('inspect --json on arguments nested 100,000 levels', () => {
  it.each([
    ['openai-chat', 'chat', chat],
    ['anthropic-messages', 'anthropic', anthropic],
  ])('%s: exit 0, the whole report as JSON, a too-deep anomaly', async (wire, name, text) => {
    const file = join(dir, `${name}-deep.sse`);
    writeFileSync(file, text);
    const r = await inspect(file);
    expect(r.err, 'stderr').toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as Report;
    expect(report.wire).toBe(wire);
    expect(report.turns[0]?.anomalies).toContainEqual({ code: 'too-deep', frame: expect.any(Number), detail: String(D) });
    const perCall = report.strategies.find((s) => s.id === 'per-call-buffer');
    expect(perCall?.ok).toBe(true);
    expect(perCall?.calls).toHaveLength(1);
    expect(perCall?.calls[0]?.name).toBe('f');
    expect(depthOf(perCall?.calls[0]?.arguments)).toBe(D);
    const preview = report.strategies.find((s) => s.id === 'partial-json-preview');
    expect(preview?.ok).toBe(true);
  });
});
