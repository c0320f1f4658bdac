// The big inputs of the robustness gates, generated in memory (never committed): lines of 10 MB, JSON nested
// 10,000 deep (and an unclosed 1,000,000-deep one), arguments of 1,000,000 characters, 100,000 calls in one turn.
// Each case returns plain data (times, heap, codes, messages) so that run-case.ts can run it in a child process
// under a hard time limit (a hang or a quadratic blow-up is killed, not waited for) and print it as JSON.
import { analyzeText } from '../../src/core/session/analyze';
import { STRATEGY_IDS, type Session, type WireId } from '../../src/core/types';
import { encodeTurn } from '../../src/core/wire/encode';
import { english } from '../../src/core/load/english';

/** What one input gave: enough for the test to assert on and for the report to quote. */
export interface Outcome {
  label: string;
  /** Wall-clock time of the analysis, for the report: it grows with the machine's load. */
  ms: number;
  /** CPU time of this process during the analysis (all its threads, GC included): what the bounds are checked on,
   *  since other processes on a busy machine stretch the wall clock but not this. */
  cpuMs?: number;
  threw?: string;
  ok?: boolean;
  error?: { message: string; line?: number; byteOffset?: number };
  wire?: string;
  frames?: number;
  anomalies?: { code: string; frame?: number; detail?: string; detailLength?: number }[];
  issues?: { code: string; message: string; line?: number; byteOffset?: number }[];
  verdicts?: Record<string, string>;
  /** per-call-buffer's ready calls: how many, and the first one's argument length and whether it parsed. */
  perCall?: { count: number; firstArgsLength: number; firstArgsParsed: boolean };
  /** Heap retained by the Session (MB, after GC), when the runner can force GC. */
  retainedMB?: number;
  /** Every buffer text of every strategy shares the call's one text (no copy per frame): total buffer chars. */
  bufferChars?: number;
}

const cut = (s: string | undefined): string | undefined => (s === undefined ? undefined : s.slice(0, 300));
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const heap = (): number => process.memoryUsage().heapUsed;

function summarize(label: string, ms: number, cpuMs: number, r: ReturnType<typeof analyzeText>): Outcome {
  if (!r.ok) return { label, ms, cpuMs, ok: false, error: { ...r.error, message: english(r.error) } };
  const s: Session = r.session;
  const pcb = s.strategies['per-call-buffer'];
  const first = pcb.calls[0];
  return {
    label,
    ms,
    cpuMs,
    ok: true,
    wire: s.wire,
    frames: s.frames.count,
    anomalies: s.anomalies.slice(0, 20).map((a) => ({ code: a.code, ...(a.frame !== undefined && { frame: a.frame }), ...(a.detail !== undefined && { detail: cut(a.detail), detailLength: a.detail.length }) })),
    issues: s.recording.issues.slice(0, 20).map((i) => ({ ...i, message: cut(english(i)) as string })),
    verdicts: Object.fromEntries(STRATEGY_IDS.map((id) => [id, s.strategies[id].verdict])),
    perCall: { count: pcb.calls.length, firstArgsLength: first?.argsText.length ?? 0, firstArgsParsed: first !== undefined && first.args !== undefined },
    bufferChars: STRATEGY_IDS.reduce((n, id) => n + s.strategies[id].buffers.text.reduce((m, text) => m + text.length, 0), 0),
  };
}

/** analyzeText on one input: time, outcome, retained heap; a throw is reported, not raised. */
function run(label: string, input: string | Uint8Array, name: string): Outcome {
  gc();
  const before = heap();
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const cpuMs = (): number => {
    const used = process.cpuUsage(cpuStart);
    return (used.user + used.system) / 1000;
  };
  let r: ReturnType<typeof analyzeText>;
  try {
    r = analyzeText(input, name);
  } catch (e) {
    return { label, ms: performance.now() - start, cpuMs: cpuMs(), threw: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  const ms = performance.now() - start;
  const cpu = cpuMs();
  gc();
  const out = summarize(label, ms, cpu, r);
  if ('gc' in globalThis) out.retainedMB = Math.round(((heap() - before) / 1e6) * 10) / 10;
  return out;
}

export const ARGS_LENGTH = 1_000_000;
const MB10 = 10 * 1024 * 1024;
const chatChunk = (delta: object, finish: string | null = null): string =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const chatCall = (args: string): string =>
  chatChunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: args } }] }) +
  chatChunk({}, 'tool_calls') +
  'data: [DONE]\n\n';
const v1 = (lines: string[]): string => ['{"streamscope":1}', '[0,"req",{}]', ...lines].join('\n') + '\n';

function longLines(): Outcome[] {
  const x = 'x'.repeat(MB10);
  return [
    run('sse: one 10 MB data line, not JSON', `data: ${x}\n\n`, 'big.sse'),
    run('sse: one 10 MB data line, never terminated', `data: {"choices":[${x}`, 'big.sse'),
    run('sse: 10 MB of bytes with no line break at all', new TextEncoder().encode(x), 'big.sse'),
    run('sse: a Chat call whose 10 MB arguments arrive in one line', chatCall(JSON.stringify({ s: x })), 'big.sse'),
    run('jsonl: a 10 MB line that is not JSON (line 3)', v1([`[1,"chunk","data: ${x}`]), 'big.jsonl'),
    run('jsonl: a 10 MB chunk line holding a 10 MB data line', v1([JSON.stringify([1, 'chunk', `data: ${x}\n\n`])]), 'big.jsonl'),
    run('jsonl: a 10 MB header line that is not JSON', `{"streamscope":1,"title":"${x}\n`, 'big.jsonl'),
    run('unknown: a 10 MB first line of plain text', x, 'big'),
  ];
}

function deepJson(): Outcome[] {
  const D = 10_000;
  const arrays = '['.repeat(D) + ']'.repeat(D);
  const objects = '{"a":'.repeat(D) + '1' + '}'.repeat(D);
  const gemini = (args: string) =>
    `data: {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"f","args":{"a":${args}}}}]},"finishReason":"STOP","index":0}]}\n\n`;
  const anthropicStart = (input: string) =>
    [
      'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"x","usage":{"input_tokens":1,"output_tokens":0}}}',
      `event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t1","name":"f","input":{"a":${input}}}}`,
      'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}',
      'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":1}}',
      'event: message_stop\ndata: {"type":"message_stop"}',
    ].join('\n\n') + '\n\n';
  return [
    run('sse: data is 10,000 nested arrays', `data: ${arrays}\n\n`, 'deep.sse'),
    run('sse: Chat arguments are 10,000 nested objects', chatCall(objects), 'deep.sse'),
    run('sse: Chat arguments are 10,000 nested arrays, cut before the end', chatCall(arrays.slice(0, D + 10)), 'deep.sse'),
    run('sse: Gemini functionCall.args nested 10,000 deep', gemini(arrays), 'deep.sse'),
    run('sse: Anthropic tool_use input nested 10,000 deep', anthropicStart(objects), 'deep.sse'),
    run('sse: Anthropic error event whose error nests 10,000 deep', `event: error\ndata: {"type":"error","error":{"a":${arrays}}}\n\n`, 'deep.sse'),
    run('jsonl: header nested 10,000 deep', `${objects}\n[0,"req",{}]\n`, 'deep.jsonl'),
    run('jsonl: event data nested 10,000 deep', v1([`[1,"final",{"message":${objects}}]`, `[2,"mark",${objects}]`]), 'deep.jsonl'),
    run('jsonl: 1,000,000 unclosed brackets on line 1', '['.repeat(1_000_000), 'deep.jsonl'),
    run('sse: 1,000,000 unclosed brackets as data', `data: ${'['.repeat(1_000_000)}\n\n`, 'deep.sse'),
    run('har: 1,000,000 nested arrays', `{"log":{"entries":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}}`, 'deep.har'),
  ];
}

/** 1,000,000 characters of arguments, sent in 1,000 fragments (Gemini: whole, as its wire does). */
function millionArgs(): Outcome[] {
  const args = JSON.stringify({ path: 'a.md', text: 'a'.repeat(ARGS_LENGTH - 25) });
  const fragments: string[] = [];
  for (let i = 0; i < args.length; i += 1000) fragments.push(args.slice(i, i + 1000));
  const wires: WireId[] = ['anthropic-messages', 'openai-chat', 'openai-responses', 'gemini'];
  return wires.map((wire) =>
    run(`${wire}: arguments of ${args.length.toLocaleString('en-US')} characters in ${wire === 'gemini' ? 1 : fragments.length} fragments`, encodeTurn(wire, { calls: [{ id: 'call_1', name: 'write_file', fragments }] }), 'million.sse'),
  );
}

/** 100,000 calls in one Chat turn, each opening with its id and name, its arguments in one further chunk. */
function manyCalls(count: number): Outcome[] {
  const calls = Array.from({ length: count }, (_, i) => ({ id: `call_${i}`, name: 'f', fragments: [`{"i":${i}}`] }));
  return [run(`openai-chat: ${count.toLocaleString('en-US')} calls in one turn`, encodeTurn('openai-chat', { calls }), 'many.sse')];
}

export const CASES: Record<string, () => Outcome[]> = {
  'long-lines': longLines,
  'deep-json': deepJson,
  'million-args': millionArgs,
  'calls-100k': () => manyCalls(100_000),
  'calls-10k': () => manyCalls(10_000),
};
