// Generated recordings for the benchmark and the robustness tests: a long Chat-style turn of text fragments with
// tool calls streamed in small argument fragments, as a v1 .jsonl file (one `chunk` per event, 2 ms apart).
import { encodeTurnEvents, type TurnSpec } from '../../src/core/wire/encode';

export interface Generated {
  /** The .jsonl recording. */
  jsonl: string;
  /** The SSE body alone (what the floor reads). */
  sse: string;
  events: number;
}

export function chatSpec(events: number): TurnSpec {
  const calls = Math.max(1, Math.floor(events / 5_000));
  const argFragmentsPerCall = 40;
  const textFragments = Math.max(1, events - 2 - calls * (argFragmentsPerCall + 1));
  const text: string[] = [];
  for (let i = 0; i < textFragments; i++) text.push(i % 50 === 49 ? '\n' : `tok${i % 97} `);
  const spec: TurnSpec = { text, calls: [] };
  for (let c = 0; c < calls; c++) {
    const args = JSON.stringify({ path: `src/module_${c}/file_${c}.ts`, start: c, end: c + 40, note: 'x'.repeat(120) });
    const size = Math.ceil(args.length / argFragmentsPerCall);
    const fragments: string[] = [];
    for (let i = 0; i < args.length; i += size) fragments.push(args.slice(i, i + size));
    spec.calls.push({ id: `call_${c}`, name: c % 3 === 0 ? 'write_file' : 'read_file', fragments });
  }
  return spec;
}

export function generateChat(events: number): Generated {
  const evs = encodeTurnEvents('openai-chat', chatSpec(events));
  const blocks = evs.map((e) => `data: ${e.data}\n\n`);
  const lines = [
    JSON.stringify({ streamscope: 1, wire: 'openai-chat', title: { zh: `生成的 ${events} 帧`, en: `Generated ${events} frames` }, provenance: { kind: 'synthetic', source: 'bench/lib/generate.ts' } }),
    JSON.stringify([0, 'req', { turn: 0 }]),
  ];
  let t = 120;
  for (const b of blocks) {
    lines.push(JSON.stringify([Math.round(t * 10) / 10, 'chunk', b]));
    t += 2;
  }
  lines.push(JSON.stringify([Math.round(t * 10) / 10, 'end', { status: 'complete' }]));
  return { jsonl: lines.join('\n') + '\n', sse: blocks.join(''), events: blocks.length };
}
